import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/user.ts';
import { canViewArtwork } from '../artworks/scope.ts';
import { canRemoveCollection } from './policy.ts';
import * as q from './queries.ts';

/** SPEC §4 Collect: creates the entry (or finds the existing one) for an artwork the user may see. */
export async function collectArtwork(deps: Deps, user: UserRow, artworkId: number) {
  const artwork = await q.findArtworkAccess(deps.db, artworkId);
  if (!artwork || !canViewArtwork(user, artwork)) throw badRequest({ artwork: 'collection.artwork_not_found' });
  return q.collect(deps.db, user.id, artwork.id);
}

/** Uncollect: someone else's entry is answered like a missing one. */
export async function uncollect(deps: Deps, user: UserRow, id: number) {
  const entry = await q.findCollection(deps.db, id);
  if (!entry || !canRemoveCollection(user, entry)) throw notFound();
  await q.deleteCollection(deps.db, id);
}

import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { canViewArtwork } from '../../domain/artworks/scope.ts';
import { notify } from '../../domain/notifications/notify.ts';
import { canRemoveCollection } from './policy.ts';
import * as q from './queries.ts';

/** SPEC §4 Collect: creates the entry (or finds the existing one) for an artwork the user may see. */
export async function collectArtwork(deps: Deps, user: UserRow, artworkId: number) {
  const artwork = await q.findArtworkAccess(deps.db, artworkId);
  if (!artwork || !canViewArtwork(user, artwork)) throw badRequest({ artwork: 'collection.artwork_not_found' });
  // Issue #17: the author hears of a collector once per collector and artwork, in the collect's transaction.
  return deps.db.transaction(async (tx) => {
    const entry = await q.collect(tx, user.id, artwork.id);
    if (entry.created)
      await notify(tx, { userId: artwork.authorId, type: 'collect', actorId: user.id, artworkId: artwork.id, key: `collect:${artwork.id}:${user.id}` });
    return entry;
  });
}

/** Uncollect: someone else's entry is answered like a missing one. */
export async function uncollect(deps: Deps, user: UserRow, id: number) {
  const entry = await q.findCollection(deps.db, id);
  if (!entry || !canRemoveCollection(user, entry)) throw notFound();
  await q.deleteCollection(deps.db, id);
}

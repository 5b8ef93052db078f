import { and, eq, or, type SQL } from 'drizzle-orm';
import { artworks } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/sessions.ts';

/**
 * Scopes of the gallery list (DESIGN "Visibility"): everyone sees visible artworks; a logged-in
 * author also sees their own published-or-private, non-draft work that others cannot. Kept as
 * two disjoint conditions so each is answered by its own index.
 */
export function galleryScopes(viewer: UserRow | null): SQL[] {
  const scopes: SQL[] = [eq(artworks.visible, true) as SQL];
  if (viewer) scopes.push(and(eq(artworks.authorId, viewer.id), eq(artworks.visible, false), eq(artworks.draft, false)) as SQL);
  return scopes;
}

/** One condition form of the scopes, for lists that are small anyway (a user's collection). */
export function listedTo(viewer: UserRow | null): SQL {
  const [visible, own] = galleryScopes(viewer);
  return own ? (or(visible, own) as SQL) : visible;
}

/** Profile tabs: the owner (and staff) see everything of the profile's own lists; others what is visible. */
export const isOwnerOrStaff = (viewer: UserRow | null, userId: number) => viewer !== null && (viewer.id === userId || viewer.isStaff);
export const isOwner = (viewer: UserRow | null, userId: number) => viewer !== null && viewer.id === userId;

/** A collection is public unless its owner made it private (SPEC §3 public_collection; issue #6: owner only). */
export const canSeeCollection = (viewer: UserRow | null, user: { id: number; publicCollection: boolean }) => user.publicCollection || isOwner(viewer, user.id);

/** Views by an author of their own artwork do not count towards `hit`. */
export const countsAsView = (viewer: UserRow | null, artwork: { authorId: number }) => viewer === null || viewer.id !== artwork.authorId;

import type { artworks } from '../../db/schema/index.ts';
import type { UserRow } from '../../domain/users/user.ts';

type ArtworkAccess = Pick<typeof artworks.$inferSelect, 'authorId'>;

/** SPEC §6: only the author edits, deletes or uploads images for an artwork. */
export function canEditArtwork(viewer: UserRow | null, artwork: ArtworkAccess): boolean {
  return viewer !== null && viewer.id === artwork.authorId;
}

/** Views by an author of their own artwork do not count towards `hit`. */
export const countsAsView = (viewer: UserRow | null, artwork: { authorId: number }) => viewer === null || viewer.id !== artwork.authorId;

import type { artworks } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user.ts';

type ArtworkAccess = Pick<typeof artworks.$inferSelect, 'authorId'>;

/** SPEC §6: only the author edits, deletes or uploads images for an artwork. */
export function canEditArtwork(viewer: UserRow | null, artwork: ArtworkAccess): boolean {
  return viewer !== null && viewer.id === artwork.authorId;
}

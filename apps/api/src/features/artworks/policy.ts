import { eq, or, type SQL } from 'drizzle-orm';
import { artworks } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/sessions.ts';

type ArtworkAccess = Pick<typeof artworks.$inferSelect, 'authorId' | 'visible'>;

/** DESIGN "Visibility": others see published, non-draft work of premium authors; authors and staff see it all. */
export function canViewArtwork(viewer: UserRow | null, artwork: ArtworkAccess): boolean {
  return artwork.visible || (viewer !== null && (viewer.id === artwork.authorId || viewer.isStaff));
}

/** SPEC §6: only the author edits, deletes or uploads images for an artwork. */
export function canEditArtwork(viewer: UserRow | null, artwork: Pick<ArtworkAccess, 'authorId'>): boolean {
  return viewer !== null && viewer.id === artwork.authorId;
}

/** SQL form of the list rule: visible work, plus the viewer's own. */
export function visibleTo(viewer: UserRow | null): SQL {
  return viewer ? (or(artworks.visible, eq(artworks.authorId, viewer.id)) as SQL) : (eq(artworks.visible, true) as SQL);
}

import type { ArtworkVersion } from '@axoo/contract/artworks';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import { notFound } from '../../http/errors.ts';
import { editableArtwork, saveArtwork } from './service.ts';
import { findVersion, type VersionRow, versionsOf } from './version-store.ts';
import type { ArtworkRow } from './queries.ts';

/** Issue #34 (4): a kept version as its author sees it (the content's image keys in their order). */
const presentVersion = (v: VersionRow): ArtworkVersion => ({
  version: v.version,
  title: v.title,
  cover: v.cover,
  cropped_cover: v.croppedCover,
  images: mediaKeysIn(v.content),
  created: v.created.toISOString(),
});

/** `GET /api/v1/artworks/{id}/versions/`: the author's kept versions, newest first (404 none such, 403 not theirs). */
export async function listVersions(deps: Deps, viewer: UserRow, artworkId: number): Promise<ArtworkVersion[]> {
  const artwork = await editableArtwork(deps, viewer, artworkId);
  return (await versionsOf(deps.db, artwork.id)).map(presentVersion);
}

/**
 * `POST /api/v1/artworks/{id}/versions/{version}/restore/`: the version's cover, images and text become the artwork's
 * through the same save as the editor's (its checks, palette and credentials), so the state it replaces is kept as
 * the next version and a restore can itself be undone. Frozen open-call entries are copies and never change.
 */
export async function restoreVersion(deps: Deps, viewer: UserRow, artworkId: number, version: number): Promise<ArtworkRow> {
  const artwork = await editableArtwork(deps, viewer, artworkId);
  const kept = await findVersion(deps.db, artwork.id, version);
  if (!kept) throw notFound();
  return saveArtwork(
    deps,
    viewer,
    artwork,
    {
      title: kept.title,
      content: kept.content,
      cover: kept.cover,
      raw_cover: kept.rawCover,
      cropped_cover: kept.croppedCover,
      cover_alt: kept.coverAlt,
      height: kept.height,
      width: kept.width,
    },
    { version: 'always' },
  );
}

import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks } from '../../db/schema/index.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import { type CleanupDeps, enqueueMediaDelete, mediaKeysUnder } from '../../media/cleanup.ts';
import { someRows } from '../../http/rows.ts';

/** Where an artwork's uploads are stored: `artworks/<id>/…`. */
export const artworkMediaFolder = (artworkId: number) => `artworks/${artworkId}`;

type Erasable = { id: number; cover: string; rawCover: string; croppedCover: string; blurredCover: string; content: string };

/**
 * Deletes an artwork for good in the caller's transaction and queues its images for deletion (issue #13): the ones
 * it shows (cover, crops, content), every upload in its folder (replaced and abandoned ones), and what other features
 * store with it (the `artwork` collectors: versions, frozen copies). Its author's delete and staff's removal
 * (issue #31: a repost hold or a takedown decided `remove`) both end here. A row gone meanwhile is a 404.
 */
export async function eraseArtwork(tx: Executor, deps: CleanupDeps, row: Erasable): Promise<void> {
  const keys = [
    row.cover,
    row.rawCover,
    row.croppedCover,
    row.blurredCover,
    ...mediaKeysIn(row.content),
    ...(await mediaKeysUnder(tx, artworkMediaFolder(row.id))),
    ...(await deps.mediaCleanup.keysOf('artwork', tx, row.id)),
  ];
  await someRows(tx.delete(artworks).where(eq(artworks.id, row.id)).returning({ id: artworks.id }));
  await enqueueMediaDelete(tx, keys);
}

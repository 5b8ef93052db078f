import { and, asc, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, imageHashes } from '../../db/schema/index.ts';
import { hashedImages, measureHashes, replaceHashes } from '../../domain/artworks/near-copies.ts';
import type { Deps } from '../../deps.ts';
import { enqueueUnlessPending } from '../../jobs/queue.ts';

/**
 * Issue #31: images uploaded before perceptual hashes existed get theirs from a background pass, queued at start-up
 * when an artwork with an image has none and by `npm run backfill-hashes`, like the palettes' pass (issue #18).
 */
export const HASH_BACKFILL_JOB = 'hashes.backfill';
const BATCH = 50;
const PER_JOB = 300;

const hasImage = or(ne(artworks.cover, ''), ne(artworks.croppedCover, ''));
const withoutHashes = sql`not exists (select 1 from ${imageHashes} where ${imageHashes.artworkId} = ${artworks.id})`;

/** Queues one pass unless one is waiting or running, and unless no artwork needs it. */
export async function enqueueHashBackfill(db: Executor): Promise<boolean> {
  const [work] = await db.select({ id: artworks.id }).from(artworks).where(and(hasImage, withoutHashes)).limit(1);
  if (!work) return false;
  return enqueueUnlessPending(db, HASH_BACKFILL_JOB, {});
}

/**
 * One stretch of the pass, by id from `after`: each artwork's images are hashed outside a transaction, then written
 * in one that checks it still has none and still shows the same images (a save in between wins). An unreadable image
 * gets no hash (the pass moves on by id). Stops after PER_JOB artworks and answers where to go on (`next`).
 */
export async function backfillHashes(deps: Pick<Deps, 'db' | 'storage'>, after = 0, limit = PER_JOB): Promise<{ hashed: number; next: number | null }> {
  let cursor = after;
  let hashed = 0;
  let seen = 0;
  for (;;) {
    const batch = await deps.db
      .select({ id: artworks.id, cover: artworks.cover, croppedCover: artworks.croppedCover, content: artworks.content })
      .from(artworks)
      .where(and(gt(artworks.id, cursor), hasImage, withoutHashes))
      .orderBy(asc(artworks.id))
      .limit(BATCH);
    if (!batch.length) return { hashed, next: null };
    for (const row of batch) {
      cursor = row.id;
      seen++;
      const images = hashedImages(row);
      const hashes = await measureHashes(deps, [], images);
      if (hashes?.size) {
        const wrote = await deps.db.transaction(async (tx) => {
          const [still] = await tx
            .select({ cover: artworks.cover, croppedCover: artworks.croppedCover, content: artworks.content })
            .from(artworks)
            .where(and(eq(artworks.id, row.id), withoutHashes))
            .for('update');
          if (!still || hashedImages(still).join('\n') !== images.join('\n')) return false;
          await replaceHashes(tx, row.id, hashes);
          return true;
        });
        if (wrote) hashed++;
      }
      if (seen >= limit) return { hashed, next: cursor };
    }
  }
}

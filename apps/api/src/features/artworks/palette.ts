import { and, asc, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { artworkPalettes, artworks } from '../../db/schema/index.ts';
import { enqueueUnlessPending } from '../../jobs/queue.ts';
import { extractPalette, type Swatch } from '../../media/palette.ts';

/**
 * Issue #18: each artwork's cover palette in `artwork_palettes`. The image measured is the one the gallery shows:
 * the cropped cover, else the cover. Saving an artwork whose image changed measures it before the transaction and
 * replaces the rows inside it (artworks/service.ts); the backfill job fills artworks that have none.
 */
export const paletteSource = (row: { cover: string; croppedCover: string }) => row.croppedCover || row.cover;

export const PALETTE_BACKFILL_JOB = 'palette.backfill';
const BACKFILL_BATCH = 50;
/** Artworks one backfill job measures before it queues the rest (some 20 s of work at worst). */
const PER_JOB = 300;

/** The palette of a stored image, or null when its bytes are missing or cannot be read (the job tries again). */
export async function measurePalette(deps: Pick<Deps, 'storage' | 'log'>, key: string): Promise<Swatch[] | null> {
  try {
    const bytes = await deps.storage.get(key);
    if (!bytes) return null;
    return await extractPalette(bytes);
  } catch (err) {
    deps.log.warn({ err, key }, 'palette extraction failed');
    return null;
  }
}

/** Replaces an artwork's palette rows (inside the caller's transaction). */
export async function replacePalette(tx: Executor, artworkId: number, swatches: Swatch[]): Promise<void> {
  await tx.delete(artworkPalettes).where(eq(artworkPalettes.artworkId, artworkId));
  if (!swatches.length) return;
  await tx.insert(artworkPalettes).values(swatches.map((s, position) => ({ artworkId, position, l: s.l, a: s.a, b: s.b, share: s.share, cell: s.cell })));
}

const withoutPalette = sql`not exists (select 1 from ${artworkPalettes} where ${artworkPalettes.artworkId} = ${artworks.id})`;
const hasImage = or(ne(artworks.cover, ''), ne(artworks.croppedCover, ''));

/**
 * Queues one backfill pass unless one is waiting or running and unless no artwork needs it (start-up, every
 * process; two passes at once would only repeat work, never double rows).
 */
export async function enqueuePaletteBackfill(db: Executor): Promise<boolean> {
  const [work] = await db.select({ id: artworks.id }).from(artworks).where(and(hasImage, withoutPalette)).limit(1);
  if (!work) return false;
  return enqueueUnlessPending(db, PALETTE_BACKFILL_JOB, {});
}

/**
 * One stretch of the pass over the artworks with an image and no palette, by id from `after`, in batches: each is
 * measured, then written in a transaction that checks it still has no palette and still shows the same image (a
 * save in between wins). Idempotent; an image that cannot be read is skipped (the pass moves on by id). Stops after
 * about PER_JOB artworks and answers where to go on (`next`), so one job never holds its lease for long.
 */
export async function backfillPalettes(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  after = 0,
  limit = PER_JOB,
): Promise<{ filled: number; next: number | null }> {
  let cursor = after;
  let filled = 0;
  let seen = 0;
  for (;;) {
    const batch = await deps.db
      .select({ id: artworks.id, cover: artworks.cover, croppedCover: artworks.croppedCover })
      .from(artworks)
      .where(and(gt(artworks.id, cursor), hasImage, withoutPalette))
      .orderBy(asc(artworks.id))
      .limit(BACKFILL_BATCH);
    if (!batch.length) return { filled, next: null };
    for (const row of batch) {
      cursor = row.id;
      seen++;
      const source = paletteSource(row);
      const swatches = await measurePalette(deps, source);
      if (!swatches?.length) continue;
      const wrote = await deps.db.transaction(async (tx) => {
        const [still] = await tx
          .select({ id: artworks.id })
          .from(artworks)
          .where(and(eq(artworks.id, row.id), eq(sql`coalesce(nullif(${artworks.croppedCover}, ''), ${artworks.cover})`, source), withoutPalette))
          .for('update');
        if (!still) return false;
        await replacePalette(tx, row.id, swatches);
        return true;
      });
      if (wrote) filled++;
      if (seen >= limit) return { filled, next: cursor };
    }
  }
}

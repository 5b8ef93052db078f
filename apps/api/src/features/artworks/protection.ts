import { CARD_WIDTHS, CONTENT_WIDTHS, type Watermark } from '@axoo/contract';
import type { ArtworkWrite } from '@axoo/contract/artworks';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { artworkOfKey, imagesOf, mediaAccessOfArtwork, protectionOf, publicKeyOf, saltFor } from '../../domain/artworks/protection.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { notFound } from '../../http/errors.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import { type Memo, remember } from '../../http/memo.ts';
import { enqueue } from '../../jobs/queue.ts';
import { enqueueMediaDelete } from '../../media/cleanup.ts';
import { typeOfExtension } from '../../media/images.ts';
import { prerender } from '../../media/protection.ts';
import type { Storage } from '../../media/storage.ts';
import { type ArtworkRow, findArtworkRow } from './queries.ts';

/** Issue #34 (6): renders a protected artwork's public copies after its cap or watermark changed. */
export const PROTECTION_JOB = 'artworks.protection';
export interface ProtectionPayload {
  artwork: number;
  /** The salt the job renders for: a later change supersedes it (its own job renders the newer copies). */
  salt: string;
}

const sameWatermark = (a: Watermark | null, b: Watermark | null) =>
  a === b || (a !== null && b !== null && a.text === b.text && a.position === b.position && a.opacity === b.opacity);

/**
 * The protection columns a save writes: a new project starts with the account's cap (`users.max_public_width`) unless
 * the body names one; a change of the cap or the watermark draws a new salt (null when neither is on any more), so the
 * public copies get new names. Nothing when the body changes neither.
 */
export function protectionColumns(input: ArtworkWrite, existing: ArtworkRow | null, author: UserRow) {
  const maxPublicWidth = input.max_public_width !== undefined ? input.max_public_width : existing ? existing.maxPublicWidth : author.maxPublicWidth;
  const watermark = input.watermark !== undefined ? input.watermark : (existing?.watermark ?? null);
  if (existing && maxPublicWidth === existing.maxPublicWidth && sameWatermark(watermark, existing.watermark)) return {};
  return { maxPublicWidth, watermark, protectionSalt: saltFor(maxPublicWidth, watermark) };
}

/**
 * In the save's transaction, after the row is written (nothing to do for a project never protected): the public copies the artwork showed before and shows no more
 * (a new salt, a replaced image) are purged as deleted media are (issue #29: their stored renditions go, every
 * process drops them from memory, nginx's next revalidation finds a 404), and a new salt queues the job that renders
 * the new copies.
 */
export async function afterProtectedSave(tx: Executor, before: ArtworkRow | null, id: number, salt: unknown): Promise<void> {
  if (!before?.protectionSalt && !salt) return;
  const after = await findArtworkRow(tx, id);
  if (!after) return;
  const shown = new Set(after.protectionSalt ? imagesOf(after).map((k) => publicKeyOf(after, k)) : []);
  const stale = before?.protectionSalt
    ? imagesOf(before)
        .map((k) => publicKeyOf(before, k))
        .filter((k) => !shown.has(k))
    : [];
  await enqueueMediaDelete(tx, stale);
  if (after.protectionSalt && after.protectionSalt !== before?.protectionSalt) {
    await enqueue(tx, PROTECTION_JOB, { artwork: after.id, salt: after.protectionSalt } satisfies ProtectionPayload);
  }
}

/**
 * The job: each public copy's first renditions (a card's widths for the covers, the overlay's first widths for the
 * body's images; AVIF and WebP, as browsers ask), within the cap and watermarked. A superseded salt renders nothing.
 */
export async function renderPublicCopies(db: Executor, storage: Storage, payload: ProtectionPayload): Promise<number> {
  const row = await protectionOf(db, payload.artwork);
  if (!row || row.protectionSalt !== payload.salt) return 0;
  const covers = new Set([row.cover, row.croppedCover].filter(Boolean));
  let made = 0;
  for (const original of imagesOf(row)) {
    const access = { original, maxWidth: row.maxPublicWidth, watermark: row.watermark };
    const widths = covers.has(original) ? CARD_WIDTHS : CONTENT_WIDTHS.slice(0, 2);
    made += await prerender(storage, publicKeyOf(row, original), access, widths, ['avif', 'webp']);
  }
  return made;
}

/** How long a protected artwork's media answer is remembered per process (any write clears it at once). */
const ACCESS_TTL_MS = 60_000;

/** Issue #34 (6): tells `/media/` how to serve the keys of every artwork's folder (remembered, cleared by any write). */
export function registerMediaAccess(app: FastifyInstance) {
  const rows: Memo<Awaited<ReturnType<typeof protectionOf>>> = new Map();
  app.changes.subscribe(() => rows.clear());
  app.mediaAccess.push(async (key) => {
    const id = artworkOfKey(key);
    if (id === null) return null;
    const row = await remember(rows, String(id), ACCESS_TTL_MS, () => protectionOf(app.db, id));
    return mediaAccessOfArtwork(row, key);
  });
}

/**
 * `GET /api/v1/artworks/{id}/original/`: the original of the cover (`?image=0`, the default: the uncropped upload) or
 * of the body's n-th image (`?image=n`, from 1), to the author only (anyone else: a 404, as for a draft), as a
 * download that no shared cache keeps.
 */
export async function originalOf(db: Executor, storage: Storage, viewer: UserRow | null, id: number, image: number) {
  const row = await protectionOf(db, id);
  if (!row || !viewer || viewer.id !== row.authorId) throw notFound();
  const key = image === 0 ? row.rawCover || row.cover : mediaKeysIn(row.content)[image - 1];
  const type = key ? typeOfExtension(key) : null;
  if (!key || !type) throw notFound();
  const body = await storage.get(key);
  if (!body) throw notFound();
  return { body, type, filename: `artwork-${id}-${image === 0 ? 'cover' : image}.${key.slice(key.lastIndexOf('.') + 1)}` };
}

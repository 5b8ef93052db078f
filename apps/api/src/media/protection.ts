import type { Watermark } from '@axoo/contract';
import type { UserRow } from '../db/schema/index.ts';
import { FORMAT_TYPES, type RenditionFormat, renderImage, renditionKey, renditionWidth } from './images.ts';
import type { Storage } from './storage.ts';

/**
 * Issue #34 (6): how `/media/<key>` may serve a key, as the feature that owns it says (`app.mediaAccess`): a public
 * copy of protected work (rendered from `original` within `maxWidth`, with the watermark), a name that no longer
 * resolves, or an object only those `allows` admits may fetch (a protected artwork's original: its author; a protected
 * open-call entry's frozen copy: the call's owner, staff, jurors, the applicant), never from a shared cache. No source
 * answering: served as before.
 */
export type MediaAccess =
  | { kind: 'public'; original: string; maxWidth: number | null; watermark: Watermark | null }
  | { kind: 'gone' }
  | { kind: 'restricted'; allows: (user: UserRow) => boolean | Promise<boolean> };
export type MediaAccessSource = (key: string) => Promise<MediaAccess | null>;

/**
 * The answer for a public copy's name: the image of `images` whose public key it is, within the work's protection;
 * a name none of them has any more (the salt changed, the image went) is gone.
 */
export function publicCopyAccess(
  key: string,
  images: string[],
  publicKey: (image: string) => string,
  protection: { maxPublicWidth: number | null; watermark: Watermark | null },
): MediaAccess {
  const original = images.find((image) => publicKey(image) === key);
  return original ? { kind: 'public', original, maxWidth: protection.maxPublicWidth, watermark: protection.watermark } : { kind: 'gone' };
}

/** What a restricted answer carries: no shared cache (nginx, a CDN) keeps it, the browser does not store it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The first answer a source gives for this key, or null. */
export async function mediaAccessOf(sources: MediaAccessSource[], key: string): Promise<MediaAccess | null> {
  for (const source of sources) {
    const access = await source(key);
    if (access) return access;
  }
  return null;
}

/** Makes a rendition of `source` and stores it under its cache key; null when the original is gone or unreadable. */
export async function renderAndStore(
  storage: Storage,
  source: string,
  asked: { cacheKey: string; type: string; width: number; format: RenditionFormat },
  watermark: Watermark | null,
): Promise<Buffer | null> {
  const original = await storage.get(source);
  if (!original) return null;
  let out: Buffer;
  try {
    out = await renderImage(original, asked.width, asked.format, watermark);
  } catch {
    return null;
  }
  await storage.put(asked.cacheKey, out, asked.type);
  // The original may have been deleted while this was made (issue #29): the deletion job removes the
  // original before its renditions, so either it removes this one too, or this finds the original gone.
  const still = await storage.open(source);
  if (still) {
    still.body.destroy();
    return out;
  }
  await storage.delete(asked.cacheKey);
  return null;
}

/**
 * Issue #34 (6): renders a public copy's renditions ahead of the first viewer (the job that follows a change of the
 * cap or the watermark): each of `widths` (capped) in each format, skipping those already stored.
 */
export async function prerender(
  storage: Storage,
  publicKey: string,
  access: { original: string; maxWidth: number | null; watermark: Watermark | null },
  widths: readonly number[],
  formats: readonly RenditionFormat[],
): Promise<number> {
  let made = 0;
  const capped = [...new Set(widths.map((w) => Math.min(renditionWidth(w), access.maxWidth ?? Number.POSITIVE_INFINITY)))];
  for (const width of capped) {
    for (const format of formats) {
      const cacheKey = renditionKey(publicKey, width, format);
      const stored = await storage.open(cacheKey);
      if (stored) {
        stored.body.destroy();
        continue;
      }
      if (await renderAndStore(storage, access.original, { cacheKey, type: FORMAT_TYPES[format], width, format }, access.watermark)) made++;
    }
  }
  return made;
}

import { z } from 'zod';
import { IMAGE_MAX_BYTES } from './limits.ts';

/**
 * The media URL rule, the same on both sides: a stored key is served at `/media/<key>` (each path segment
 * URL-encoded), a rendition of it at `?w=<width>` (WebP/AVIF by Accept; DESIGN "Images"). Absolute, blob: and
 * data: URLs are already URLs and pass through.
 */
export const MEDIA_PREFIX = '/media/';

export function mediaUrl(key: string | null | undefined, width?: number): string {
  if (!key) return '';
  if (/^(https?:|blob:|data:)/.test(key)) return key;
  const path = `${MEDIA_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
  return width ? `${path}?w=${width}` : path;
}

/** srcset for a rendition at 1x and 2x. */
export function mediaSrcSet(key: string | null | undefined, width: number): string | undefined {
  if (!key || /^(blob:|data:)/.test(key)) return undefined;
  return `${mediaUrl(key, width)} 1x, ${mediaUrl(key, width * 2)} 2x`;
}

/**
 * The body of every presign call (SPEC §7: artworks, profile images, console images, invite images): filename,
 * type, height, width, and the size when known (checked against IMAGE_MAX_BYTES before any URL is signed).
 */
export const presignSchema = z.object({
  filename: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  width: z.number().int().positive().nullish(),
  height: z.number().int().positive().nullish(),
  size: z.number().int().nonnegative().max(IMAGE_MAX_BYTES, 'media.too_large').nullish(),
});
export type PresignBody = z.infer<typeof presignSchema>;

/** The largest id a path may name (PostgreSQL integer); anything else names nothing. */
export const ID_MAX = 2_147_483_647;

/** A numeric id of a path (`/api/v1/artworks/{id}/`), or null when the segment cannot be one (answered as 404). */
export function pathId(raw: string): number | null {
  return /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= ID_MAX ? Number(raw) : null;
}

/** Path parameters of a resource by id: validated by `pathId` in the handler so a bad id is a 404, not a 400. */
export const idPathParams = z.object({ id: z.string().max(20) });

/** Path parameters of a resource by id where a malformed id is a bad request (400 with the field's message). */
export const numericIdParams = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });

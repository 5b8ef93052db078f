import { z } from 'zod';
import { IMAGE_MAX_BYTES } from './limits.ts';

/**
 * The media URL rule, the same on both sides: a stored key is served at `/media/<key>` (each path segment
 * URL-encoded), a rendition of it at `?w=<width>` (WebP/AVIF by Accept; DESIGN "Images"). Absolute, blob: and
 * data: URLs are already URLs and pass through.
 */
export const MEDIA_PREFIX = '/media/';
/** The folder of submitted work's frozen copies (issue #16): random names, private to the call, reserved from AI training. */
export const SUBMISSION_MEDIA_FOLDER = 'submissions';

export function mediaUrl(key: string | null | undefined, width?: number): string {
  if (!key) return '';
  if (/^(https?:|blob:|data:)/.test(key)) return key;
  const path = `${MEDIA_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
  return width ? `${path}?w=${width}` : path;
}

/** Issue #34 (6): the widths of a srcset a viewer may be offered: those within the cap, and the cap itself when one was cut off. */
export function widthsWithin(widths: readonly number[], cap: number | null | undefined): number[] {
  return [...new Set(widths.map((w) => Math.min(w, cap || w)))];
}

/** srcset for a rendition at 1x and 2x. */
export function mediaSrcSet(key: string | null | undefined, width: number): string | undefined {
  if (!key || /^(blob:|data:)/.test(key)) return undefined;
  return `${mediaUrl(key, width)} 1x, ${mediaUrl(key, width * 2)} 2x`;
}

/** srcset by width (`w` descriptors) for use with `sizes`: the browser takes the smallest rendition that fills the box. */
export function mediaWidthSrcSet(key: string | null | undefined, widths: readonly number[]): string | undefined {
  if (!key || /^(https?:|blob:|data:)/.test(key)) return undefined;
  return widths.map((w) => `${mediaUrl(key, w)} ${w}w`).join(', ');
}

/**
 * A card's cover (issue #14): on a phone the grid has two columns (page padding 24 px, gap 12 px), so a 412-px
 * screen at 1.75× takes the 312-px rendition instead of the 960-px one `2x` asked for; elsewhere a card is at
 * most 480 px wide, as before. The card's `<img>` and the page's preload use both, so they fetch the same file.
 */
export const CARD_SIZES = '(max-width: 600px) calc(50vw - 30px), 480px';
export const CARD_WIDTHS = [312, 480, 960] as const;
/** A full-width picture (home's banners, a profile banner, an open call's background): every width from a card's up. */
export const WIDE_SIZES = '100vw';
export const WIDE_WIDTHS = [480, 960, 1400, 2000] as const;

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

/** Path parameters of a resource by id, checked by the schema: a malformed id is a 404 too (the API's errors plugin). */
export const numericIdParams = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });

/**
 * An image in an artwork's body (issue #14): the overlay's body is at most 1400 px wide and the image fills it, so a
 * phone takes a 480- or 960-px rendition instead of the original. The first image is the overlay's largest paint
 * (fetched at once, early); the rest load as they come near. The server preloads the first with the same set.
 */
export const CONTENT_SIZES = '(max-width: 1400px) 100vw, 1400px';
export const CONTENT_WIDTHS = [480, 960, 1400, 2000] as const;

/** A stored body's own image as the sanitiser leaves it: `src="/media/<key>"` without a width. */
const CONTENT_IMAGE = /<img\b([^>]*?)\ssrc="\/media\/([a-z0-9][a-z0-9_/-]*\.(?:jpg|png|gif|webp))"([^>]*)>/g;

/** The storage keys of a body's own images, in order (the first is the overlay's largest paint). */
export function contentImages(html: string): string[] {
  return [...html.matchAll(CONTENT_IMAGE)].map((m) => m[2]);
}

/**
 * A body's own images with renditions by width: the same string on the server and in the browser. Issue #34 (6): a
 * project's cap on public renditions (`maxWidth`) leaves wider ones out of the srcset.
 */
export function withContentRenditions(html: string, maxWidth?: number | null): string {
  const widths = widthsWithin(CONTENT_WIDTHS, maxWidth);
  let index = 0;
  return html.replace(CONTENT_IMAGE, (_tag, before: string, key: string, after: string) => {
    const first = index++ === 0;
    const loading = first ? ' loading="eager" fetchpriority="high"' : ' loading="lazy" decoding="async"';
    return `<img${before} src="${mediaUrl(key, 960)}" srcset="${mediaWidthSrcSet(key, widths)}" sizes="${CONTENT_SIZES}"${loading}${after}>`;
  });
}

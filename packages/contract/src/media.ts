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

/**
 * URL of a stored image. The server keeps originals and serves renditions by width
 * (WebP/AVIF by Accept), so `width` picks the smallest that fits (DESIGN "Images").
 */
export function mediaUrl(key: string | null | undefined, width?: number): string {
  if (!key) return '';
  if (/^(https?:|blob:|data:)/.test(key)) return key;
  const path = `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
  return width ? `${path}?w=${width}` : path;
}

/** srcset for a rendition at 1x and 2x. */
export function mediaSrcSet(key: string | null | undefined, width: number): string | undefined {
  if (!key || /^(blob:|data:)/.test(key)) return undefined;
  return `${mediaUrl(key, width)} 1x, ${mediaUrl(key, width * 2)} 2x`;
}

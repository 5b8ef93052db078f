import { CONTENT_WIDTH_MAX } from '@axoo/contract';

/** Below this the image keeps its natural width. */
export const NATURAL_WIDTH_MAX = 900;

/**
 * SPEC §9: editor images wider than 900 and under 1400 px show at a percentage width (width / 13.2);
 * 1400 px or wider are full-bleed. Returns the inline style to store, or null for natural width.
 */
export function imageWidthStyle(width: number | null | undefined): string | null {
  if (!width || width <= NATURAL_WIDTH_MAX) return null;
  if (width >= CONTENT_WIDTH_MAX) return 'width:100%';
  return `width:${(width / 13.2).toFixed(2)}%`;
}

import { z } from 'zod';

/**
 * Issue #34 (6), image protection: the widths a project's public renditions may be capped at (`max_public_width`,
 * null = no cap) and its optional watermark. The API validates with these schemas and the editor offers the same
 * choices; a width not in the list is a 400 with `artwork.max_public_width_invalid`.
 */
export const PUBLIC_WIDTHS = [1280, 1920, 2560] as const;
export type PublicWidth = (typeof PUBLIC_WIDTHS)[number];

export const WATERMARK_POSITIONS = ['bottom-right', 'bottom-left', 'center', 'tiled'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const WATERMARK_TEXT_MAX = 60;

/** A cap, or null for none; any other value is a 400. */
export const maxPublicWidthSchema = z
  .number('artwork.max_public_width_invalid')
  .refine((w): w is PublicWidth => (PUBLIC_WIDTHS as readonly number[]).includes(w), 'artwork.max_public_width_invalid')
  .nullable();

export const watermarkSchema = z.object({
  text: z.string('artwork.watermark_text_required').trim().min(1, 'artwork.watermark_text_required').max(WATERMARK_TEXT_MAX, 'artwork.watermark_text_max'),
  position: z.enum(WATERMARK_POSITIONS, { error: 'artwork.watermark_position_invalid' }),
  opacity: z.number('artwork.watermark_opacity_invalid').min(0.1, 'artwork.watermark_opacity_invalid').max(1, 'artwork.watermark_opacity_invalid'),
});
export type Watermark = z.infer<typeof watermarkSchema>;

/** The widths of a srcset a viewer may be offered: those within the cap, and the cap itself when one was cut off. */
export function widthsWithin(widths: readonly number[], cap: number | null | undefined): number[] {
  if (!cap) return [...widths];
  const kept = widths.filter((w) => w <= cap);
  return kept.length < widths.length && !kept.includes(cap) ? [...kept, cap] : kept;
}

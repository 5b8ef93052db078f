import { z } from 'zod';
import { type PublicWidth, PUBLIC_WIDTHS, WATERMARK_POSITIONS, WATERMARK_TEXT_MAX } from './limits.ts';

/**
 * Issue #34 (6), image protection: the rules of a project's cap on its public renditions (`max_public_width`, one of
 * `PUBLIC_WIDTHS` in limits.ts, or null = no cap) and of its optional watermark. The API validates with these schemas and the editor offers the same
 * choices; a width not in the list is a 400 with `artwork.max_public_width_invalid`.
 */

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

import { describe, expect, it } from 'vitest';
import { widthsWithin, withContentRenditions } from './media.ts';
import { maxPublicWidthSchema, watermarkSchema } from './protection.ts';

/** Issue #34 (6): the cap's choices, the watermark's rules, and srcsets that never offer a wider rendition. */
describe('image protection rules (issue #34.6)', () => {
  it('takes 1280, 1920, 2560 or null and nothing else', () => {
    for (const w of [1280, 1920, 2560, null]) expect(maxPublicWidthSchema.safeParse(w).success).toBe(true);
    for (const w of [1000, 0, -1280, '1280', 2000]) {
      const parsed = maxPublicWidthSchema.safeParse(w);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toBe('artwork.max_public_width_invalid');
    }
  });

  it('a watermark needs text, a listed position and an opacity from 0.1 to 1', () => {
    expect(watermarkSchema.safeParse({ text: ' 김하나 ', position: 'tiled', opacity: 0.1 }).data?.text).toBe('김하나');
    const bad = watermarkSchema.safeParse({ text: ' ', position: 'top', opacity: 1.5 });
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([
      'artwork.watermark_opacity_invalid',
      'artwork.watermark_position_invalid',
      'artwork.watermark_text_required',
    ]);
  });

  it('srcset widths stay within the cap, the cap itself standing for the wider ones', () => {
    expect(widthsWithin([480, 960, 1400, 2000], 1280)).toEqual([480, 960, 1280]);
    expect(widthsWithin([480, 960, 1400, 2000], 1920)).toEqual([480, 960, 1400, 1920]);
    expect(widthsWithin([480, 960, 1400, 2000], 2560)).toEqual([480, 960, 1400, 2000]);
    expect(widthsWithin([480, 960, 1400, 2000], null)).toEqual([480, 960, 1400, 2000]);
    const html = withContentRenditions('<p><img src="/media/artworks/1/p/ab.png"></p>', 1280);
    expect(html).toContain('/media/artworks/1/p/ab.png?w=1280 1280w');
    expect(html).not.toContain('?w=1400');
    expect(html).not.toContain('?w=2000');
  });
});

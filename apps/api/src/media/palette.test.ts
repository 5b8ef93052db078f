import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deltaE2000, hexToLab, type Lab } from './colour.ts';
import { extractPalette } from './palette.ts';

/** Issue #18: a cover's palette, five colours at most, with their share. */
const image = (svg: string, format: 'png' | 'jpeg' = 'png') => sharp(Buffer.from(svg)).toFormat(format).toBuffer();
const lab = (hex: string) => hexToLab(hex) as Lab;

describe('extractPalette', () => {
  it('finds both halves of a red | blue image at about half each', async () => {
    const bytes = await image(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="200" height="300" fill="#ff0000"/><rect x="200" width="200" height="300" fill="#0000ff"/></svg>',
    );
    const palette = await extractPalette(bytes);
    expect(palette.length).toBeLessThanOrEqual(5);
    const red = palette.find((s) => deltaE2000(s, lab('#ff0000')) < 2);
    const blue = palette.find((s) => deltaE2000(s, lab('#0000ff')) < 2);
    expect(red?.share).toBeGreaterThan(0.45);
    expect(blue?.share).toBeGreaterThan(0.45);
    expect(palette.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 5);
    // Deterministic: the same bytes give the same palette.
    expect(await extractPalette(bytes)).toEqual(palette);
  });

  it('keeps five colours of a five-colour image, largest first, and one of a flat JPEG', async () => {
    const stripes = ['#ff0000', '#00a000', '#0000ff', '#ffff00', '#000000'];
    const widths = [160, 100, 60, 50, 30];
    let x = 0;
    const rects = stripes.map((fill, i) => {
      const r = `<rect x="${x}" width="${widths[i]}" height="100" fill="${fill}"/>`;
      x += widths[i];
      return r;
    });
    const palette = await extractPalette(await image(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100">${rects.join('')}</svg>`));
    expect(palette).toHaveLength(5);
    stripes.forEach((hex, i) => {
      expect(deltaE2000(palette[i], lab(hex))).toBeLessThan(3);
      expect(palette[i].share).toBeCloseTo(widths[i] / 400, 1);
    });
    const flat = await extractPalette(
      await image('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#3a7bd5"/></svg>', 'jpeg'),
    );
    expect(flat).toHaveLength(1);
    expect(flat[0].share).toBe(1);
    expect(deltaE2000(flat[0], lab('#3a7bd5'))).toBeLessThan(2);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(extractPalette(Buffer.from('not an image'))).rejects.toThrow();
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderImage } from './images.ts';
import { watermarkSvg } from './watermark.ts';

/** Issue #34 (6): the watermark drawn on public copies, Korean text in the Nanum fonts (fonts-nanum). */
const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6070' } })
    .png()
    .toBuffer();

/** Share of pixels (0..1) that differ by more than 24 in some channel. */
async function changed(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
  let n = 0;
  for (let i = 0; i < x.length; i += 3) if (Math.max(Math.abs(x[i] - y[i]), Math.abs(x[i + 1] - y[i + 1]), Math.abs(x[i + 2] - y[i + 2])) > 24) n++;
  return n / (x.length / 3);
}

const drawn = async (text: string, position: 'center' | 'tiled' | 'bottom-right' | 'bottom-left' = 'center') =>
  sharp(await canvas(800, 400))
    .composite([{ input: watermarkSvg(800, 400, { text, position, opacity: 1 }) }])
    .png()
    .toBuffer();

describe('the watermark (issue #34.6)', () => {
  it('draws Korean glyphs, not missing-glyph boxes: two texts of the same length look different', async () => {
    const plain = await canvas(800, 400);
    const one = await drawn('가나다라');
    const other = await drawn('힣뷁쀍똠');
    expect(await changed(plain, one)).toBeGreaterThan(0.005);
    // Missing glyphs would be the same four boxes in both.
    expect(await changed(one, other)).toBeGreaterThan(0.003);
  });

  it('goes where it is asked: a corner, the centre, or over the whole image', async () => {
    const plain = await canvas(800, 400);
    const left = await drawn('© Hana 하나', 'bottom-left');
    const right = await drawn('© Hana 하나', 'bottom-right');
    const inHalf = async (img: Buffer, side: 'left' | 'right') => {
      const half = { left: side === 'left' ? 0 : 400, top: 0, width: 400, height: 400 };
      return changed(await sharp(plain).extract(half).png().toBuffer(), await sharp(img).extract(half).png().toBuffer());
    };
    expect(await inHalf(left, 'left')).toBeGreaterThan(0.003);
    expect(await inHalf(left, 'right')).toBe(0);
    expect(await inHalf(right, 'right')).toBeGreaterThan(0.003);
    expect(await inHalf(right, 'left')).toBe(0);
    const tiled = await drawn('© Hana 하나', 'tiled');
    expect(await inHalf(tiled, 'left')).toBeGreaterThan(0.02);
    expect(await inHalf(tiled, 'right')).toBeGreaterThan(0.02);
  });

  it('escapes the text as SVG text (markup in it is drawn, never read)', () => {
    expect(watermarkSvg(100, 100, { text: '<script>&"', position: 'center', opacity: 0.5 }).toString()).toContain('&#60;script&#62;&#38;&#34;');
  });

  it('is drawn at the rendition size, and a rendition without one is the plain resize', async () => {
    const original = await canvas(2000, 1000);
    const marked = await renderImage(original, 480, 'png', { text: '하나', position: 'center', opacity: 0.8 });
    const plain = await renderImage(original, 480, 'png');
    expect((await sharp(marked).metadata()).width).toBe(480);
    expect(await changed(marked, plain)).toBeGreaterThan(0.003);
  });
});

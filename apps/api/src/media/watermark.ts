import type { Watermark } from '@axoo/contract';
import sharp, { type Sharp } from 'sharp';

/** Issue #34 (6): the watermark drawn on public copies of protected work (sharp composite of an SVG text). */
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Nanum fonts (Korean and Latin glyphs; `fonts-nanum`), then whatever sans-serif fontconfig has. */
const FONT = "NanumGothic, 'Nanum Gothic', NanumBarunGothic, sans-serif";

/**
 * The watermark as an SVG over an image of `width`×`height`: white text with a dark outline (readable on light and
 * dark work) at `opacity`, in a corner, the centre, or repeated diagonally over the whole image (`tiled`).
 */
export function watermarkSvg(width: number, height: number, mark: Watermark): Buffer {
  const size = Math.max(12, Math.round(Math.min(width, height * 1.5) * 0.055));
  const margin = Math.round(size * 0.8);
  const text = escapeXml(mark.text);
  const paint = `font-family="${FONT}" font-size="${size}" font-weight="bold" fill="#ffffff" stroke="#000000" stroke-opacity="0.6" stroke-width="${Math.max(1, size / 14)}" paint-order="stroke" opacity="${mark.opacity}"`;
  let body: string;
  if (mark.position === 'tiled') {
    // Rows of the text over a square that covers the image whatever the turn, turned about the image's centre
    // (explicit text, not an SVG pattern: librsvg draws a pattern's tile at low resolution).
    const tileW = Math.round(size * (mark.text.length * 0.9 + 3));
    const tileH = size * 4;
    const side = Math.ceil(Math.hypot(width, height));
    const rows: string[] = [];
    for (let y = -side / 2 + tileH; y < side / 2 + tileH; y += tileH) {
      const shift = (Math.round(y / tileH) % 2) * (tileW / 2);
      for (let x = -side / 2 - shift; x < side / 2; x += tileW)
        rows.push(`<text x="${Math.round(width / 2 + x)}" y="${Math.round(height / 2 + y)}">${text}</text>`);
    }
    body = `<g ${paint} transform="rotate(-30 ${width / 2} ${height / 2})">${rows.join('')}</g>`;
  } else {
    const [x, y, anchor] =
      mark.position === 'center'
        ? [width / 2, height / 2 + size / 3, 'middle']
        : mark.position === 'bottom-left'
          ? [margin, height - margin, 'start']
          : [width - margin, height - margin, 'end'];
    body = `<text x="${x}" y="${y}" text-anchor="${anchor}" ${paint}>${text}</text>`;
  }
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);
}

/** Draws the watermark on already resized pixels (a PNG or raw-free buffer sharp reads); the same format out. */
export async function withWatermark(pixels: Buffer, mark: Watermark): Promise<Sharp> {
  const meta = await sharp(pixels).metadata();
  const width = meta.width ?? 1;
  const height = meta.height ?? 1;
  return sharp(pixels).composite([{ input: watermarkSvg(width, height, mark), top: 0, left: 0 }]);
}

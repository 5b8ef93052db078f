import sharp from 'sharp';

/**
 * Issue #31's generated pictures and attacks, shared by the perceptual hashes' test (`media/phash.test.ts`) and the
 * repost bench's accuracy rows (`bench/repost.ts`).
 */

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A distinct generated picture: a gradient ground and a dozen shapes of random place, size and colour. */
export function picture(seed: number): Promise<Buffer> {
  const r = random(seed);
  const colour = () => `rgb(${Math.floor(r() * 256)},${Math.floor(r() * 256)},${Math.floor(r() * 256)})`;
  const shapes: string[] = [];
  for (let i = 0; i < 12; i++) {
    const [x, y, s] = [r() * 640, r() * 480, 40 + r() * 200];
    shapes.push(
      r() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${colour()}"/>`
        : `<rect x="${x}" y="${y}" width="${s}" height="${s * (0.3 + r())}" fill="${colour()}" transform="rotate(${r() * 90} ${x} ${y})"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><defs><linearGradient id="g" x1="0" y1="0" x2="${r()}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs><rect width="640" height="480" fill="url(#g)"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The attacks of issue #31 on a 640×480 picture. */
export const ATTACKS: Record<string, (img: Buffer) => Promise<Buffer>> = {
  'resized to half': (img) => sharp(img).resize(320, 240).png().toBuffer(),
  'JPEG quality 40': (img) => sharp(img).jpeg({ quality: 40 }).toBuffer(),
  // 10% of each side's length cropped (5% from each edge).
  'cropped 10%': (img) => sharp(img).extract({ left: 32, top: 24, width: 576, height: 432 }).png().toBuffer(),
  mirrored: (img) => sharp(img).flop().png().toBuffer(),
  'brightness +20%': (img) => sharp(img).modulate({ brightness: 1.2 }).png().toBuffer(),
};

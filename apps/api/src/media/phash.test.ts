import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { band, bandProbes, hammingDistance, hashImage, isNearCopy } from './phash.ts';

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
function picture(seed: number): Promise<Buffer> {
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
const ATTACKS: Record<string, (img: Buffer) => Promise<Buffer>> = {
  'resized to half': (img) => sharp(img).resize(320, 240).png().toBuffer(),
  'JPEG quality 40': (img) => sharp(img).jpeg({ quality: 40 }).toBuffer(),
  // 10% of each side's length cropped (5% from each edge).
  'cropped 10%': (img) => sharp(img).extract({ left: 32, top: 24, width: 576, height: 432 }).png().toBuffer(),
  mirrored: (img) => sharp(img).flop().png().toBuffer(),
  'brightness +20%': (img) => sharp(img).modulate({ brightness: 1.2 }).png().toBuffer(),
};

describe('perceptual hashes (issue #31, repost detection)', () => {
  it('the band probes reach every value within one bit', () => {
    const probes = bandProbes(0b1010);
    expect(new Set(probes).size).toBe(17);
    expect(probes.every((v) => hammingDistance(BigInt(v), 0b1010n) <= 1)).toBe(true);
    expect(band(-1n, 0)).toBe(0xffff);
    expect(band(0x0001_0002_0003_0004n, 2)).toBe(3);
  });

  it('catches at least 95% of attacked copies and matches none of 200 distinct pictures', async () => {
    const originals = await Promise.all(Array.from({ length: 200 }, (_, i) => picture(i + 1)));
    const hashes = [];
    for (const img of originals) hashes.push(await hashImage(img));
    // No two distinct pictures are near copies (19,900 pairs).
    let falseMatches = 0;
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) if (isNearCopy(hashes[i], hashes[j].hashes)) falseMatches++;
    expect(falseMatches).toBe(0);
    // Each attack on the first 40 pictures: the copy's hashes against the original's.
    const caught: Record<string, number> = {};
    let total = 0;
    let found = 0;
    for (const [name, attack] of Object.entries(ATTACKS)) {
      caught[name] = 0;
      for (let i = 0; i < 40; i++) {
        const copy = await hashImage(await attack(originals[i]));
        total++;
        if (isNearCopy(copy, hashes[i].hashes)) {
          found++;
          caught[name]++;
        }
      }
    }
    expect(found / total, JSON.stringify(caught)).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});

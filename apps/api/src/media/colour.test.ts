import { describe, expect, it } from 'vitest';
import { cellsWithin, deltaE2000, hexToLab, labCell, labToHex, PALETTE_MAX_DELTA_E, parseHex, rgbToLab, swatchScore } from './colour.ts';

/**
 * Issue #18: the colour maths of the palette search. CIEDE2000 against the 34 published reference pairs of Sharma,
 * Wu and Dalal (2005), Table 1: [L1, a1, b1, L2, a2, b2, ΔE00].
 */
const SHARMA: [number, number, number, number, number, number, number][] = [
  [50.0, 2.6772, -79.7751, 50.0, 0.0, -82.7485, 2.0425],
  [50.0, 3.1571, -77.2803, 50.0, 0.0, -82.7485, 2.8615],
  [50.0, 2.8361, -74.02, 50.0, 0.0, -82.7485, 3.4412],
  [50.0, -1.3802, -84.2814, 50.0, 0.0, -82.7485, 1.0],
  [50.0, -1.1848, -84.8006, 50.0, 0.0, -82.7485, 1.0],
  [50.0, -0.9009, -85.5211, 50.0, 0.0, -82.7485, 1.0],
  [50.0, 0.0, 0.0, 50.0, -1.0, 2.0, 2.3669],
  [50.0, -1.0, 2.0, 50.0, 0.0, 0.0, 2.3669],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0009, 7.1792],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.001, 7.1792],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0011, 7.2195],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0012, 7.2195],
  [50.0, -0.001, 2.49, 50.0, 0.0009, -2.49, 4.8045],
  [50.0, -0.001, 2.49, 50.0, 0.001, -2.49, 4.8045],
  [50.0, -0.001, 2.49, 50.0, 0.0011, -2.49, 4.7461],
  [50.0, 2.5, 0.0, 50.0, 0.0, -2.5, 4.3065],
  [50.0, 2.5, 0.0, 73.0, 25.0, -18.0, 27.1492],
  [50.0, 2.5, 0.0, 61.0, -5.0, 29.0, 22.8977],
  [50.0, 2.5, 0.0, 56.0, -27.0, -3.0, 31.903],
  [50.0, 2.5, 0.0, 58.0, 24.0, 15.0, 19.4535],
  [50.0, 2.5, 0.0, 50.0, 3.1736, 0.5854, 1.0],
  [50.0, 2.5, 0.0, 50.0, 3.2972, 0.0, 1.0],
  [50.0, 2.5, 0.0, 50.0, 1.8634, 0.5757, 1.0],
  [50.0, 2.5, 0.0, 50.0, 3.2592, 0.335, 1.0],
  [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
  [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.263],
  [61.2901, 3.7196, -5.3901, 61.4292, 2.248, -4.962, 1.8731],
  [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
  [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
  [36.4612, 47.858, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
  [90.8027, -2.0831, 1.441, 91.1528, -1.6435, 0.0447, 1.4441],
  [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
  [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
  [2.0776, 0.0795, -1.135, 0.9033, -0.0636, -0.5514, 0.9082],
];

/** A small seeded PRNG (mulberry32), so the sampled checks are the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('CIEDE2000 (issue #18)', () => {
  it.each(SHARMA.map((p, i) => [i + 1, p] as const))(
    'matches Sharma et al. pair %i to 4 decimals, both ways round',
    (_, [l1, a1, b1, l2, a2, b2, expected]) => {
      const x = { l: l1, a: a1, b: b1 };
      const y = { l: l2, a: a2, b: b2 };
      expect(deltaE2000(x, y)).toBeCloseTo(expected, 4);
      expect(deltaE2000(y, x)).toBeCloseTo(expected, 4);
    },
  );

  it('is zero for a colour and itself', () => {
    const red = hexToLab('#ff0000');
    expect(red && deltaE2000(red, red)).toBe(0);
  });
});

describe('sRGB and CIELAB', () => {
  it('converts the primaries and white to their published D65 Lab values', () => {
    const close = (hex: string, l: number, a: number, b: number) => {
      const lab = hexToLab(hex);
      expect(lab?.l).toBeCloseTo(l, 1);
      expect(lab?.a).toBeCloseTo(a, 1);
      expect(lab?.b).toBeCloseTo(b, 1);
    };
    close('#ffffff', 100, 0, 0);
    close('#000000', 0, 0, 0);
    close('#ff0000', 53.24, 80.09, 67.2);
    close('#00ff00', 87.73, -86.18, 83.18);
    close('#0000ff', 32.3, 79.19, -107.86);
    close('#808080', 53.59, 0, 0);
  });

  it('goes back to the same #rrggbb', () => {
    for (const hex of ['#ff0000', '#12a4cd', '#808080', '#fefefe', '#010203'])
      expect(labToHex(rgbToLab(...(parseHex(hex) as [number, number, number])))).toBe(hex);
  });

  it('reads #rrggbb only', () => {
    expect(parseHex('#FF8000')).toEqual([255, 128, 0]);
    for (const bad of ['ff8000', '#ff800', '#ff80000', '#gg8000', 'red', '']) expect(parseHex(bad)).toBeNull();
  });
});

describe('Lab cells of the search', () => {
  it('never leaves out the cell of a colour within ΔE2000 12 of the pick (sampled)', () => {
    const random = prng(18);
    const r = (lo: number, hi: number) => lo + random() * (hi - lo);
    // Random sRGB picks, near-grey picks, and a saturated violet whose matches reach close to grey (where the mean
    // hue turns fast: a smaller Lipschitz constant missed some of them).
    const targets = [
      ...Array.from({ length: 16 }, () => rgbToLab(r(0, 255), r(0, 255), r(0, 255))),
      ...Array.from({ length: 8 }, () => ({ l: r(5, 95), a: r(-10, 10), b: r(-10, 10) })),
      { l: 55.6, a: 45.16, b: -63.16 },
    ];
    let checked = 0;
    for (const target of targets) {
      const cells = new Set(cellsWithin(target));
      for (let i = 0; i < 20_000; i++) {
        const x = { l: Math.max(0, Math.min(100, target.l + r(-25, 25))), a: target.a + r(-80, 80), b: target.b + r(-80, 80) };
        if (Math.abs(x.a) >= 128 || Math.abs(x.b) >= 128 || deltaE2000(target, x) > PALETTE_MAX_DELTA_E) continue;
        checked++;
        if (!cells.has(labCell(x))) throw new Error(`cell of ${JSON.stringify(x)} missing for ${JSON.stringify(target)}`);
      }
    }
    expect(checked).toBeGreaterThan(20_000);
  });

  it('keeps the cells of the near-grey matches of a saturated violet (a steep corner of CIEDE2000)', () => {
    const violet = { l: 55.599, a: 45.1586, b: -63.1597 };
    const cells = new Set(cellsWithin(violet));
    for (const x of [
      { l: 56.2198, a: -3.4417, b: -10.9321 },
      { l: 56.5947, a: -3.7312, b: -8.5819 },
      { l: 57.8279, a: -4.6962, b: -10.3782 },
      { l: 55.1772, a: -4.2871, b: -11.065 },
    ]) {
      expect(deltaE2000(violet, x)).toBeLessThan(PALETTE_MAX_DELTA_E);
      expect(cells.has(labCell(x))).toBe(true);
    }
  });

  it('reads a neighbourhood, not the whole space', () => {
    const grey = cellsWithin(hexToLab('#808080') as NonNullable<ReturnType<typeof hexToLab>>);
    expect(grey.length).toBeGreaterThan(27);
    expect(grey.length).toBeLessThan(250);
    expect(grey).toContain(labCell(hexToLab('#808080') as NonNullable<ReturnType<typeof hexToLab>>));
    expect(grey).not.toContain(labCell(hexToLab('#ff0000') as NonNullable<ReturnType<typeof hexToLab>>));
  });

  it('scores a colour by its share, less the farther it is', () => {
    expect(swatchScore(0.5, 0)).toBe(0.5);
    expect(swatchScore(0.5, 6)).toBeCloseTo(0.25);
    expect(swatchScore(1, 12)).toBe(0);
    expect(swatchScore(1, 12.01)).toBe(0);
  });
});

import { IMAGE_PIXEL_LIMIT } from '@axoo/contract';
import sharp from 'sharp';
import { withinDecodeBudget } from './decode-budget.ts';
import { deltaE2000, type Lab, labCell, rgbToLab } from './colour.ts';

/** One colour of an image's palette: CIELAB, its share of the pixels (0–1), and its search cell. */
export interface Swatch extends Lab {
  share: number;
  cell: number;
}

/** Colours kept per image (issue #18). */
export const PALETTE_SIZE = 5;
/** The small rendition the palette is measured on: about 4,000 pixels whatever the original. */
const SIDE = 64;
const ITERATIONS = 12;
/** Centres closer than this (ΔE2000) are merged into one colour. */
const SAME_COLOUR = 3;
/** Histogram bin side (Lab units) and the least distance between two starting centres. */
const BIN = 6;
const SEED_GAP = 12;

const dist2 = (x: Lab, y: Lab) => (x.l - y.l) ** 2 + (x.a - y.a) ** 2 + (x.b - y.b) ** 2;

/**
 * k-means in Lab over the pixels, deterministic. Starting centres come from a coarse histogram: the most populous
 * bins first, each at least SEED_GAP from those taken (so an edge's few blended pixels never take a centre from a
 * real colour), then Lloyd iterations. Empty clusters are dropped, near-identical ones merged; sorted by share.
 */
export function paletteOf(pixels: Lab[], k = PALETTE_SIZE): Swatch[] {
  if (!pixels.length) return [];
  const bins = new Map<string, { l: number; a: number; b: number; n: number }>();
  for (const p of pixels) {
    const key = `${Math.floor(p.l / BIN)} ${Math.floor(p.a / BIN)} ${Math.floor(p.b / BIN)}`;
    const bin = bins.get(key) ?? { l: 0, a: 0, b: 0, n: 0 };
    bin.l += p.l;
    bin.a += p.a;
    bin.b += p.b;
    bin.n++;
    bins.set(key, bin);
  }
  const ranked = [...bins]
    .map(([key, bin]) => ({ key, n: bin.n, lab: { l: bin.l / bin.n, a: bin.a / bin.n, b: bin.b / bin.n } }))
    .sort((x, y) => y.n - x.n || (x.key < y.key ? -1 : 1));
  const centres: Lab[] = [];
  for (const bin of ranked) {
    if (centres.length === k) break;
    if (centres.every((c) => dist2(c, bin.lab) >= SEED_GAP * SEED_GAP)) centres.push(bin.lab);
  }
  const owner = new Int32Array(pixels.length);
  for (let round = 0; round < ITERATIONS; round++) {
    let moved = false;
    for (let i = 0; i < pixels.length; i++) {
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let c = 0; c < centres.length; c++) {
        const d = dist2(pixels[i], centres[c]);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      if (owner[i] !== best) moved = true;
      owner[i] = best;
    }
    const sums = centres.map(() => ({ l: 0, a: 0, b: 0, n: 0 }));
    for (let i = 0; i < pixels.length; i++) {
      const s = sums[owner[i]];
      s.l += pixels[i].l;
      s.a += pixels[i].a;
      s.b += pixels[i].b;
      s.n++;
    }
    sums.forEach((s, c) => {
      if (s.n) centres[c] = { l: s.l / s.n, a: s.a / s.n, b: s.b / s.n };
    });
    if (!moved && round > 0) break;
  }
  const counts = new Array<number>(centres.length).fill(0);
  for (const o of owner) counts[o]++;
  // Colours nobody could tell apart (JPEG noise around one colour) count as one.
  const merged: { lab: Lab; n: number }[] = [];
  const clusters = centres
    .map((lab, i) => ({ lab, n: counts[i] }))
    .filter((c) => c.n > 0)
    .sort((x, y) => y.n - x.n);
  for (const c of clusters) {
    const same = merged.find((m) => deltaE2000(m.lab, c.lab) < SAME_COLOUR);
    if (!same) {
      merged.push({ lab: { ...c.lab }, n: c.n });
      continue;
    }
    const n = same.n + c.n;
    same.lab = { l: (same.lab.l * same.n + c.lab.l * c.n) / n, a: (same.lab.a * same.n + c.lab.a * c.n) / n, b: (same.lab.b * same.n + c.lab.b * c.n) / n };
    same.n = n;
  }
  return merged.map(({ lab, n }) => ({ ...lab, share: n / pixels.length, cell: labCell(lab) })).sort((x, y) => y.share - x.share || x.l - y.l);
}

/**
 * The palette of an image's bytes (issue #18): reduced to about 64 px by nearest-pixel sampling (no colour that an
 * edge would blend; a JPEG shrinks while decoding, so a 12 MP cover costs some 70 ms), transparency flattened on
 * white, EXIF orientation applied, then k-means in Lab.
 */
export async function extractPalette(bytes: Buffer): Promise<Swatch[]> {
  // Within the process's decode budget (issue #36).
  const { data, info } = await withinDecodeBudget(bytes, () =>
    sharp(bytes, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' })
      .rotate()
      .resize(SIDE, SIDE, { fit: 'inside', kernel: 'nearest' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const pixels: Lab[] = [];
  const step = info.channels;
  for (let i = 0; i + 2 < data.length; i += step) pixels.push(rgbToLab(data[i], data[i + 1], data[i + 2]));
  return paletteOf(pixels);
}

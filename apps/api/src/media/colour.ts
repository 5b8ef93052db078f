/**
 * Colour maths of the palette search (issue #18), in one place: sRGB → CIELAB (D65), CIEDE2000, the
 * quantised Lab cells the search index is keyed by, and which cells a search must read to find every
 * colour within a ΔE2000 of the picked one. Pure functions; the extraction (palette.ts), the gallery's
 * filter and the bench data generator all use these.
 */

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** The farthest a palette colour may be from the picked one and still match (ΔE2000). */
export const PALETTE_MAX_DELTA_E = 12;

const HEX = /^#([0-9a-f]{6})$/i;

/** `#rrggbb` → [r, g, b] (0–255), or null for anything else. */
export function parseHex(value: string): [number, number, number] | null {
  const m = HEX.exec(value);
  if (!m) return null;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

// D65 reference white (CIE 1931 2°), the white point of sRGB.
const WHITE = { x: 0.95047, y: 1, z: 1.08883 };
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;
const f = (t: number) => (t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116);

/** sRGB (0–255 per channel) → CIELAB under D65 (IEC 61966-2-1 matrix). */
export function rgbToLab(r: number, g: number, b: number): Lab {
  const R = toLinear(r);
  const G = toLinear(g);
  const B = toLinear(b);
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / WHITE.x;
  const y = (0.2126729 * R + 0.7151522 * G + 0.072175 * B) / WHITE.y;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / WHITE.z;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const fromLinear = (v: number) => {
  const c = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
};
const fInverse = (t: number) => (t ** 3 > EPSILON ? t ** 3 : (116 * t - 16) / KAPPA);

/** CIELAB → `#rrggbb` (clipped to the sRGB gamut), for showing a stored colour. */
export function labToHex({ l, a, b }: Lab): string {
  const fy = (l + 16) / 116;
  const x = fInverse(fy + a / 500) * WHITE.x;
  const y = fInverse(fy) * WHITE.y;
  const z = fInverse(fy - b / 200) * WHITE.z;
  const R = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  const G = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  const B = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
  return `#${[R, G, B].map((v) => fromLinear(v).toString(16).padStart(2, '0')).join('')}`;
}

export const hexToLab = (value: string): Lab | null => {
  const rgb = parseHex(value);
  return rgb ? rgbToLab(...rgb) : null;
};

const DEG = 180 / Math.PI;
const RAD = Math.PI / 180;
const HALF_RAD = Math.PI / 360;
const POW25_7 = 25 ** 7;

/** The hue angle in degrees (0–360) of (a', b); 0 for the neutral axis. */
function hue(b: number, a: number): number {
  if (a === 0 && b === 0) return 0;
  const h = Math.atan2(b, a) * DEG;
  return h < 0 ? h + 360 : h;
}

/**
 * CIEDE2000 colour difference (kL = kC = kH = 1), after Sharma, Wu and Dalal, "The CIEDE2000 colour-difference
 * formula: implementation notes, supplementary test data, and mathematical observations" (2005); symmetric.
 */
export function deltaE2000(x: Lab, y: Lab): number {
  // Plain products and square roots rather than Math.hypot and **: the search measures tens of thousands of
  // colours per query, and V8 runs these several times faster.
  const C1 = Math.sqrt(x.a * x.a + x.b * x.b);
  const C2 = Math.sqrt(y.a * y.a + y.b * y.b);
  const Cm = (C1 + C2) / 2;
  const Cm3 = Cm * Cm * Cm;
  const Cm7 = Cm3 * Cm3 * Cm;
  const G = 0.5 * (1 - Math.sqrt(Cm7 / (Cm7 + POW25_7)));
  const a1 = (1 + G) * x.a;
  const a2 = (1 + G) * y.a;
  const C1p = Math.sqrt(a1 * a1 + x.b * x.b);
  const C2p = Math.sqrt(a2 * a2 + y.b * y.b);
  const h1 = hue(x.b, a1);
  const h2 = hue(y.b, a2);
  const dL = y.l - x.l;
  const dC = C2p - C1p;
  const product = C1p * C2p;
  let dh = 0;
  if (product !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(product) * Math.sin(dh * HALF_RAD);
  const Lm = (x.l + y.l) / 2;
  const Cmp = (C1p + C2p) / 2;
  let hm = h1 + h2;
  if (product !== 0) {
    if (Math.abs(h1 - h2) <= 180) hm /= 2;
    else hm = hm < 360 ? (hm + 360) / 2 : (hm - 360) / 2;
  }
  const T = 1 - 0.17 * Math.cos((hm - 30) * RAD) + 0.24 * Math.cos(2 * hm * RAD) + 0.32 * Math.cos((3 * hm + 6) * RAD) - 0.2 * Math.cos((4 * hm - 63) * RAD);
  const theta = (hm - 275) / 25;
  const dTheta = 30 * Math.exp(-theta * theta);
  const Cmp3 = Cmp * Cmp * Cmp;
  const Cmp7 = Cmp3 * Cmp3 * Cmp;
  const RC = 2 * Math.sqrt(Cmp7 / (Cmp7 + POW25_7));
  const L50 = (Lm - 50) * (Lm - 50);
  const SL = 1 + (0.015 * L50) / Math.sqrt(20 + L50);
  const SC = 1 + 0.045 * Cmp;
  const SH = 1 + 0.015 * Cmp * T;
  const RT = -Math.sin(2 * dTheta * RAD) * RC;
  const l = dL / SL;
  const c = dC / SC;
  const h = dH / SH;
  return Math.sqrt(l * l + c * c + h * h + RT * c * h);
}

/**
 * Quantised Lab cells: L* in steps of CELL_L (0–100), a* and b* in steps of CELL_AB over [-128, 128). A palette row
 * stores its colour's cell; the search reads the cells that can hold a match (cellsWithin), then measures each
 * colour found there exactly. Six units a side: the cells read for a random pick hold about 2.5 times the volume
 * of the true ΔE ≤ 12 region through some 700 index probes (10 units: 3.7 times, 240 probes; 5 units: 2.2 times,
 * 1,100 probes and twice the time to find them).
 */
export const CELL_L = 6;
export const CELL_AB = 6;
const AB_MIN = -128;
const L_CELLS = Math.floor(100 / CELL_L) + 1;
const AB_CELLS = Math.ceil(256 / CELL_AB);

const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
const lIndex = (l: number) => clamp(Math.floor(l / CELL_L), L_CELLS - 1);
const abIndex = (v: number) => clamp(Math.floor((v - AB_MIN) / CELL_AB), AB_CELLS - 1);
const cellOf = (li: number, ai: number, bi: number) => (li * AB_CELLS + ai) * AB_CELLS + bi;

/** The cell a colour belongs to. */
export const labCell = (c: Lab): number => cellOf(lIndex(c.l), abIndex(c.a), abIndex(c.b));

/**
 * How much ΔE2000 can change per unit of Euclidean Lab distance, with room to spare, to turn ΔE at a box's centre into
 * a bound for the whole box. The stretch of a* (1 + G ≤ 1.5), the weights (SL, SC, SH ≥ about 1) and the rotation
 * term (|RT| ≤ 2) keep it near 2 (sampling found at most 1.2 for colours of chroma 15 and more); next to the grey axis
 * the mean hue turns fast as a colour moves, and sampling found slopes up to 4.2 there (2.5 everywhere missed a few
 * matching colours of a saturated pick near grey). So: 4.5 for a box that comes within chroma NEAR_GREY of the grey
 * axis, 2.5 elsewhere. Checked by sampling: no miss among 4.2 million matching colours around 350 picks, grey and
 * saturated, within the sRGB gamut (the cells cover a*, b* in [-128, 128), where every sRGB colour falls).
 */
export const LIPSCHITZ = 2.5;
export const LIPSCHITZ_NEAR_GREY = 4.5;
const NEAR_GREY = 20;

/** The least chroma of a box's colours: the distance from its a*b* rectangle to the grey axis. */
function leastChroma(lo: Lab, size: Lab): number {
  const da = Math.max(lo.a, 0, -(lo.a + size.a));
  const db = Math.max(lo.b, 0, -(lo.b + size.b));
  return Math.sqrt(da * da + db * db);
}
/** How many times a box is split in eight when its centre alone cannot decide (depth 3: boxes of 0.75 units). */
const SPLITS = 3;

/**
 * Whether a box of Lab (corner `lo`, sides `size`) may hold a colour within `max` of `target`: true as soon as a
 * sample point is within it; false when the centre is so far that no point of the box can be (the Lipschitz
 * bound over the half diagonal); otherwise split in eight. Undecided at the last split counts as true, so the
 * answer never misses a match (it may take a cell that holds none; the exact measure then drops its colours).
 */
function mayHoldMatch(target: Lab, lo: Lab, size: Lab, max: number, splits: number): boolean {
  const centre = { l: lo.l + size.l / 2, a: lo.a + size.a / 2, b: lo.b + size.b / 2 };
  const d = deltaE2000(target, centre);
  if (d <= max) return true;
  const halfDiagonal = 0.5 * Math.sqrt(size.l * size.l + size.a * size.a + size.b * size.b);
  const slope = leastChroma(lo, size) < NEAR_GREY ? LIPSCHITZ_NEAR_GREY : LIPSCHITZ;
  if (d - slope * halfDiagonal > max) return false;
  if (splits === 0) return true;
  const half = { l: size.l / 2, a: size.a / 2, b: size.b / 2 };
  for (let i = 0; i < 8; i++) {
    const corner = { l: lo.l + (i & 1 ? half.l : 0), a: lo.a + (i & 2 ? half.a : 0), b: lo.b + (i & 4 ? half.b : 0) };
    if (mayHoldMatch(target, corner, half, max, splits - 1)) return true;
  }
  return false;
}

const cellMayHoldMatch = (target: Lab, li: number, ai: number, bi: number, max: number) =>
  mayHoldMatch(target, { l: li * CELL_L, a: AB_MIN + ai * CELL_AB, b: AB_MIN + bi * CELL_AB }, { l: CELL_L, a: CELL_AB, b: CELL_AB }, max, SPLITS);

const cellMemo = new Map<string, number[]>();
const CELL_MEMO_MAX = 2_000;

/** The largest SL of CIEDE2000 (at L* 0 or 100): ΔE ≥ |ΔL*| / SL, so no match lies farther than this × ΔE in L*. */
const SL_MAX = 1 + (0.015 * 2500) / Math.sqrt(20 + 2500);
/** Cells a side of the a*b* blocks cellsWithin tries first. */
const BLOCK = 4;

/**
 * Every cell that can hold a colour within `maxDeltaE` of `target`. Every cell of the band of L* a match can reach
 * (|ΔL*| ≤ SL_MAX × ΔE) is tested, not only the neighbours of kept cells: the colours within ΔE2000 12 of a
 * saturated pick are not always one connected piece (some lie apart, near the grey axis). Sorted ascending,
 * memoised per colour.
 */
export function cellsWithin(target: Lab, maxDeltaE = PALETTE_MAX_DELTA_E): number[] {
  const memoKey = `${target.l.toFixed(3)} ${target.a.toFixed(3)} ${target.b.toFixed(3)} ${maxDeltaE}`;
  const known = cellMemo.get(memoKey);
  if (known) return known;
  const reach = SL_MAX * maxDeltaE;
  const found: number[] = [];
  const [l0, l1] = [lIndex(target.l - reach), lIndex(target.l + reach)];
  // Blocks of 4 × 4 cells in a*, b* first (the whole L* band at once): most are far and dropped by one measure.
  for (let ab = 0; ab < AB_CELLS; ab += BLOCK) {
    for (let bb = 0; bb < AB_CELLS; bb += BLOCK) {
      const lo = { l: l0 * CELL_L, a: AB_MIN + ab * CELL_AB, b: AB_MIN + bb * CELL_AB };
      const size = { l: (l1 - l0 + 1) * CELL_L, a: BLOCK * CELL_AB, b: BLOCK * CELL_AB };
      if (!mayHoldMatch(target, lo, size, maxDeltaE, 0)) continue;
      for (let li = l0; li <= l1; li++) {
        for (let ai = ab; ai < Math.min(ab + BLOCK, AB_CELLS); ai++) {
          for (let bi = bb; bi < Math.min(bb + BLOCK, AB_CELLS); bi++) if (cellMayHoldMatch(target, li, ai, bi, maxDeltaE)) found.push(cellOf(li, ai, bi));
        }
      }
    }
  }
  found.sort((x, y) => x - y);
  if (cellMemo.size >= CELL_MEMO_MAX) cellMemo.clear();
  cellMemo.set(memoKey, found);
  return found;
}

/** What one palette colour adds to an artwork's closeness: its share, less the farther it is (0 at the limit). */
export const swatchScore = (share: number, deltaE: number, maxDeltaE = PALETTE_MAX_DELTA_E) => (deltaE > maxDeltaE ? 0 : share * (1 - deltaE / maxDeltaE));

import { IMAGE_PIXEL_LIMIT } from '@axoo/contract';
import sharp from 'sharp';

/**
 * Issue #31, repost detection: two 64-bit perceptual hashes of an image, made from one decode with sharp.
 *
 * - `dhash`: the gradient hash. The image in grey at 9×8, one bit per neighbour pair (left darker than right).
 * - `phash`: the DCT hash. The image in grey at 32×32, the 2-D DCT-II, the 8×8 lowest frequencies but the DC term,
 *   one bit per coefficient above their median.
 *
 * Both ignore size and compression, and a brightness shift (they compare pixels with pixels, or coefficients with their
 * median); they change by a few bits for a 10% crop. A mirror flip changes them a lot, so a search also asks with the
 * hashes of the mirrored image (`mirrored`). Hashes are signed 64-bit integers as PostgreSQL's bigint holds them.
 */
export interface ImageHashes {
  dhash: bigint;
  phash: bigint;
}

export interface HashPair {
  hashes: ImageHashes;
  /** The hashes of the image flipped left to right. */
  mirrored: ImageHashes;
}

const SIDE = 32;

/** The grey pixels of an image at side×side (EXIF orientation applied, alpha flattened on grey). */
async function greyPixels(bytes: Buffer): Promise<Uint8Array> {
  const { data } = await sharp(bytes, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' })
    .rotate()
    .flatten({ background: '#808080' })
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, SIDE * SIDE);
}

/** 64 bits, the first the highest, as a signed 64-bit integer. */
function toSigned(bits: boolean[]): bigint {
  let v = 0n;
  for (const b of bits) v = (v << 1n) | (b ? 1n : 0n);
  return BigInt.asIntN(64, v);
}

/** The mean of a block of the 32×32 grid: an area resample to a smaller grid. */
function resample(px: Uint8Array, width: number, height: number, mirror: boolean): Float64Array {
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * SIDE) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * SIDE) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * SIDE) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * SIDE) / width));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += px[yy * SIDE + (mirror ? SIDE - 1 - xx : xx)];
      out[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

function dhashOf(px: Uint8Array, mirror: boolean): bigint {
  const g = resample(px, 9, 8, mirror);
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits.push(g[y * 9 + x] < g[y * 9 + x + 1]);
  return toSigned(bits);
}

/** The cosine table of the 32-point DCT-II's first 8 frequencies. */
const COS = (() => {
  const t = new Float64Array(8 * SIDE);
  for (let u = 0; u < 8; u++) for (let x = 0; x < SIDE; x++) t[u * SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE));
  return t;
})();

function phashOf(px: Uint8Array, mirror: boolean): bigint {
  // Rows first (8 frequencies of each of the 32 rows), then the columns of those.
  const rows = new Float64Array(SIDE * 8);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < SIDE; x++) s += px[y * SIDE + (mirror ? SIDE - 1 - x : x)] * COS[u * SIDE + x];
      rows[y * 8 + u] = s;
    }
  }
  const coefficients: number[] = [];
  for (let v = 0; v < 8; v++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let y = 0; y < SIDE; y++) s += rows[y * 8 + u] * COS[v * SIDE + y];
      coefficients.push(s);
    }
  }
  const ac = coefficients.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)];
  // 64 bits: the DC term's place holds the sign of the first AC coefficient pair's difference, so every bit carries.
  return toSigned(coefficients.map((c, i) => (i === 0 ? coefficients[1] > coefficients[8] : c > median)));
}

/** Both hashes of an image and of its mirror image. Throws on an unreadable image. */
export async function hashImage(bytes: Buffer): Promise<HashPair> {
  const px = await greyPixels(bytes);
  return {
    hashes: { dhash: dhashOf(px, false), phash: phashOf(px, false) },
    mirrored: { dhash: dhashOf(px, true), phash: phashOf(px, true) },
  };
}

/** The number of bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let v = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (v) {
    v &= v - 1n;
    n++;
  }
  return n;
}

/** Issue #31: each hash is indexed as four 16-bit bands (`band(h, i)`, i = 0..3, the highest first). */
export const BANDS = 4;
export function band(hash: bigint, i: number): number {
  return Number((BigInt.asUintN(64, hash) >> BigInt(16 * (BANDS - 1 - i))) & 0xffffn);
}

/** How many bits of a band a probe may differ by: every hash within 4 × (PROBE_BITS + 1) − 1 = 7 bits is found. */
export const PROBE_BITS = 1;

/** A band's value and the 16 values one bit away (pigeonhole over 4 bands: every hash within 7 bits is found). */
export function bandProbes(value: number): number[] {
  const out = [value];
  for (let bit = 0; bit < 16; bit++) out.push(value ^ (1 << bit));
  return out;
}

/**
 * The most bits a near copy's hashes may differ by, each method (measured on 200 generated pictures: two distinct
 * ones differ by 16 bits or more in one method at least; a 10% crop moves the DCT hash by up to 17).
 */
export const NEAR_BITS = 14;

/** Whether stored hashes could be found by the index from these (a band of either method within PROBE_BITS). */
export function bandsMeet(query: ImageHashes, stored: ImageHashes): boolean {
  for (const method of ['dhash', 'phash'] as const) {
    for (let i = 0; i < BANDS; i++) if (hammingDistance(BigInt(band(query[method], i)), BigInt(band(stored[method], i))) <= PROBE_BITS) return true;
  }
  return false;
}

/**
 * Issue #31, the near-copy rule on two images' hashes (the query's and its mirror's against one stored image): both
 * methods within NEAR_BITS of one orientation, and the index would have found it (`bandsMeet`).
 */
export function isNearCopy(query: HashPair, stored: ImageHashes): boolean {
  return [query.hashes, query.mirrored].some(
    (q) => bandsMeet(q, stored) && hammingDistance(q.dhash, stored.dhash) <= NEAR_BITS && hammingDistance(q.phash, stored.phash) <= NEAR_BITS,
  );
}

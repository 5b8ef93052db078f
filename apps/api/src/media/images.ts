import { IMAGE_PIXEL_LIMIT, PUBLIC_WIDTHS, RENDITION_WIDTHS, type Watermark } from '@axoo/contract';
import sharp, { type Metadata } from 'sharp';
import { DecodeRefused, decodingWithin, withinDecodeBudget } from './decode-budget.ts';
import { withWatermark } from './watermark.ts';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export function typeOfExtension(key: string): ImageType | null {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const found = (Object.entries(EXTENSIONS) as [ImageType, string][]).find(([, e]) => e === ext);
  return found ? found[0] : null;
}

/** The real type of the bytes by their magic number, whatever the client said. */
export function sniffType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export class ImageRejected extends Error {
  constructor(readonly reason: 'type' | 'mismatch' | 'corrupt' | 'too_many_pixels') {
    super(`image rejected: ${reason}`);
  }
}

export interface CheckedImage {
  body: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
  /** #RRGGBB for the loading placeholder. */
  dominantColor: string;
}

/**
 * Markup a browser or another program could run if the bytes were ever taken for a document: an image that carries
 * any (a polyglot, issue #15) is re-encoded, so what is stored holds pixels only.
 */
const MARKUP = /<(script|html|body|svg|iframe|object|embed|\?xml|!doctype)|javascript:|on(load|error)\s*=/i;
export const holdsMarkup = (bytes: Buffer) => MARKUP.test(bytes.toString('latin1'));

/** How a file ends and what it carries besides pixels, as its format's own structure says. */
export interface Layout {
  /** The byte just past the format's end marker: anything after it (a ZIP, markup, a script) is a trailing tail. */
  end: number;
  /** Blocks that hold text or metadata rather than pixels (EXIF, XMP, IPTC, comments, text chunks). */
  extras: boolean;
}

/** JPEG markers that may carry only pixels' own data: JFIF (APP0), ICC (APP2), Adobe colour (APP14), tables, frames. */
const JPEG_PLAIN = new Set([0xe0, 0xe2, 0xee, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, 0xdb, 0xdd, 0xcc]);

function jpegLayout(b: Buffer): Layout | null {
  let extras = false;
  let i = 2;
  while (i + 2 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++; // a fill byte
      continue;
    }
    if (marker === 0xd9) return { end: i + 2, extras };
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (i + 4 > b.length) return null;
    if (marker !== 0xda && !JPEG_PLAIN.has(marker)) extras = true;
    i += 2 + b.readUInt16BE(i + 2);
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      while (i + 1 < b.length && !(b[i] === 0xff && b[i + 1] !== 0 && !(b[i + 1] >= 0xd0 && b[i + 1] <= 0xd7))) i++;
    }
  }
  return null;
}

/** PNG chunks that are pixels, their colour or their animation; any other (tEXt, zTXt, iTXt, eXIf, private) is an extra. */
const PNG_PLAIN = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'pHYs', 'bKGD', 'acTL', 'fcTL', 'fdAT']);

function pngLayout(b: Buffer): Layout | null {
  let extras = false;
  let i = 8;
  while (i + 12 <= b.length) {
    const type = b.toString('latin1', i + 4, i + 8);
    if (!PNG_PLAIN.has(type)) extras = true;
    i += 12 + b.readUInt32BE(i);
    // The IEND chunk whole, with its CRC (a cut inside the CRC is still a cut file).
    if (type === 'IEND') return i <= b.length ? { end: i, extras } : null;
  }
  return null;
}

function gifLayout(b: Buffer): Layout | null {
  if (b.length < 13) return null;
  let extras = false;
  let i = 13;
  if (b[10] & 0x80) i += 3 * (2 << (b[10] & 7));
  const subBlocks = () => {
    while (i < b.length) {
      const n = b[i];
      i += 1 + n;
      if (n === 0) return true;
    }
    return false;
  };
  while (i < b.length) {
    const block = b[i];
    if (block === 0x3b) return { end: i + 1, extras };
    if (block === 0x21) {
      // Graphic control (0xF9) is pixels' timing; the NETSCAPE loop is animation; comments and XMP are extras.
      const label = b[i + 1];
      if (label === 0xfe || label === 0x01 || (label === 0xff && b.toString('latin1', i + 3, i + 14) !== 'NETSCAPE2.0')) extras = true;
      i += 2;
    } else if (block === 0x2c) {
      if (i + 10 > b.length) return null;
      const flags = b[i + 9];
      i += 10;
      if (flags & 0x80) i += 3 * (2 << (flags & 7));
      i += 1; // LZW minimum code size
    } else return null;
    if (!subBlocks()) return null;
  }
  return null;
}

function webpLayout(b: Buffer): Layout | null {
  if (b.length < 12) return null;
  const end = b.readUInt32LE(4) + 8;
  if (end > b.length) return null;
  let extras = false;
  for (let i = 12; i + 8 <= end; i += 8 + b.readUInt32LE(i + 4) + (b.readUInt32LE(i + 4) & 1)) {
    if (['EXIF', 'XMP '].includes(b.toString('latin1', i, i + 4))) extras = true;
  }
  return { end, extras };
}

/**
 * Where a file of a format really ends and whether it carries metadata, or null when it does not reach its end (a
 * decoder may forgive a cut-off file and fill in the rest; we keep only whole ones): JPEG's end-of-image marker after
 * its last scan, PNG's IEND chunk, GIF's trailer after its last block, WebP's RIFF length.
 */
export function layoutOf(bytes: Buffer, type: ImageType): Layout | null {
  switch (type) {
    case 'image/jpeg':
      return jpegLayout(bytes);
    case 'image/png':
      return pngLayout(bytes);
    case 'image/webp':
      return webpLayout(bytes);
    default:
      return gifLayout(bytes);
  }
}

/** Every decode is bounded, so a decompression bomb fails in sharp's header check instead of in memory. */
const decodeOptions = { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' } as const;

const hex = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

/** The pixels again in the same format, without any metadata; rotate() first applies the EXIF orientation to the pixels. */
function rewrite(bytes: Buffer, type: ImageType): Promise<Buffer> {
  // sharp drops metadata on output by default.
  const pipeline = sharp(bytes, { ...decodeOptions, animated: type === 'image/gif' || type === 'image/webp' }).rotate();
  if (type === 'image/jpeg') return pipeline.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
  if (type === 'image/png') return pipeline.png().toBuffer();
  if (type === 'image/webp') return pipeline.webp({ quality: 92 }).toBuffer();
  return pipeline.gif().toBuffer();
}

/**
 * Stored bytes with nothing but pixels (issue #16: a blind juror's copy): uploads are stripped when checked, so this
 * rewrites only a file that still carries EXIF, XMP, IPTC or text comments (a PNG's tEXt may name its maker).
 * Bytes sharp cannot read are returned as they are.
 */
export async function withoutMetadata(bytes: Buffer): Promise<Buffer> {
  const type = sniffType(bytes);
  if (!type) return bytes;
  try {
    const meta = await sharp(bytes, decodeOptions).metadata();
    return meta.exif || meta.xmp || meta.iptc || meta.comments?.length || (meta.orientation && meta.orientation !== 1)
      ? await decodingWithin(meta, () => rewrite(bytes, type))
      : bytes;
  } catch {
    return bytes;
  }
}

/**
 * Checks uploaded bytes (DESIGN "Images"): magic number matches the declared type, real dimensions, the pixel
 * limit read from the header before any decode, EXIF/GPS/XMP/IPTC stripped with the orientation applied to the pixels,
 * a tail or markup carried along (a polyglot) dropped by re-encoding, and the dominant colour.
 */
export async function checkImage(bytes: Buffer, declared: ImageType): Promise<CheckedImage> {
  const sniffed = sniffType(bytes);
  if (!sniffed) throw new ImageRejected('type');
  if (sniffed !== declared) throw new ImageRejected('mismatch');
  const layout = layoutOf(bytes, sniffed);
  if (!layout) throw new ImageRejected('corrupt');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('corrupt');
  }
  if (!meta.width || !meta.height) throw new ImageRejected('corrupt');
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > IMAGE_PIXEL_LIMIT || meta.width * frameHeight * frames > IMAGE_PIXEL_LIMIT * 4) {
    throw new ImageRejected('too_many_pixels');
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? frameHeight : meta.width;
  const height = rotated ? meta.width : frameHeight;
  // Metadata (EXIF and GPS, XMP, IPTC, comments, text chunks), a tail after the format's end (a ZIP, markup or a
  // script appended: a polyglot) or markup anywhere: re-encoded from the pixels, so none of it is kept or served.
  const needsRewrite =
    Boolean(meta.exif || meta.xmp || meta.iptc || (meta.orientation && meta.orientation !== 1)) ||
    layout.extras ||
    layout.end < bytes.length ||
    holdsMarkup(bytes);
  let body = bytes;
  try {
    // Issue #36: the decodes wait for room in the process's memory budget (media/decode-budget.ts).
    return await decodingWithin(meta, async () => {
      if (needsRewrite) body = await rewrite(bytes, sniffed);
      const { dominant } = await sharp(body, decodeOptions).resize(64, 64, { fit: 'inside' }).stats();
      return { body, contentType: sniffed, width, height, dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}` };
    });
  } catch (error) {
    if (error instanceof ImageRejected || error instanceof DecodeRefused) throw error;
    throw new ImageRejected('corrupt');
  }
}

export type RenditionFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** The smallest allowed width that is at least the asked one (the largest when none is). */
export function renditionWidth(asked: number): number {
  return RENDITION_WIDTHS.find((w) => w >= asked) ?? RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1];
}

/** AVIF or WebP when the browser says it takes them; otherwise the original's family. */
export function renditionFormat(accept: string | undefined, original: ImageType): RenditionFormat {
  const a = accept ?? '';
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return original === 'image/png' || original === 'image/gif' ? 'png' : 'jpeg';
}

/** Where the rendition of `key` at `width` in `format` is cached in the store. */
export const renditionKey = (key: string, width: number, format: RenditionFormat) => `_renditions/${key}/${width}.${format}`;

/** Every rendition `key` can have (deleting a key deletes these; no store listing needed): a public copy's capped widths too. */
export const renditionKeys = (key: string) =>
  [...RENDITION_WIDTHS, ...PUBLIC_WIDTHS].flatMap((width) =>
    (Object.keys(FORMAT_TYPES) as RenditionFormat[]).map((format) => renditionKey(key, width, format)),
  );

export const FORMAT_TYPES: Record<RenditionFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** A resized copy, never larger than the original, without metadata; with `watermark` drawn on it (issue #34). */
export function renderImage(original: Buffer, width: number, format: RenditionFormat, watermark: Watermark | null = null): Promise<Buffer> {
  return withinDecodeBudget(original, () => renderWithin(original, width, format, watermark));
}

async function renderWithin(original: Buffer, width: number, format: RenditionFormat, watermark: Watermark | null): Promise<Buffer> {
  let pipeline = sharp(original, decodeOptions).rotate().resize({ width, withoutEnlargement: true });
  // The watermark is drawn at the rendition's own size, so its text is the same share of every width.
  if (watermark) pipeline = await withWatermark(await pipeline.png({ compressionLevel: 0 }).toBuffer(), watermark);
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 80 }).toBuffer();
    case 'png':
      return pipeline.png({ compressionLevel: 8 }).toBuffer();
    default:
      return pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
}

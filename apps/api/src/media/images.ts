import { IMAGE_PIXEL_LIMIT, RENDITION_WIDTHS } from '@axoo/contract';
import sharp, { type Metadata } from 'sharp';

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

/**
 * Whether the file reaches its format's end (a decoder may forgive a cut-off file and fill in the rest; we keep only
 * whole ones): PNG's IEND chunk, JPEG's end-of-image marker, WebP's RIFF length, GIF's trailer byte.
 */
function complete(bytes: Buffer, type: ImageType): boolean {
  switch (type) {
    case 'image/png': {
      // The IEND chunk whole: its type and the 4-byte CRC after it (a cut inside the CRC is still a cut file).
      const at = bytes.lastIndexOf('IEND', bytes.length, 'latin1');
      return at >= 12 && at + 8 <= bytes.length;
    }
    case 'image/jpeg':
      return bytes.includes(Buffer.from([0xff, 0xd9]), 2);
    case 'image/webp':
      return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 <= bytes.length;
    default:
      return bytes.lastIndexOf(0x3b) > 13;
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
    return meta.exif || meta.xmp || meta.iptc || meta.comments?.length || (meta.orientation && meta.orientation !== 1) ? await rewrite(bytes, type) : bytes;
  } catch {
    return bytes;
  }
}

/**
 * Checks uploaded bytes (DESIGN "Images"): magic number matches the declared type, real dimensions, the pixel
 * limit read from the header before any decode, EXIF/GPS/XMP stripped with the orientation applied to the pixels,
 * markup carried along (a polyglot) dropped by re-encoding, and the dominant colour.
 */
export async function checkImage(bytes: Buffer, declared: ImageType): Promise<CheckedImage> {
  const sniffed = sniffType(bytes);
  if (!sniffed) throw new ImageRejected('type');
  if (sniffed !== declared) throw new ImageRejected('mismatch');
  if (!complete(bytes, sniffed)) throw new ImageRejected('corrupt');
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
  const needsRewrite = Boolean(meta.exif || meta.xmp || meta.iptc || (meta.orientation && meta.orientation !== 1)) || holdsMarkup(bytes);
  let body = bytes;
  try {
    if (needsRewrite) body = await rewrite(bytes, sniffed);
    const { dominant } = await sharp(body, decodeOptions).resize(64, 64, { fit: 'inside' }).stats();
    return { body, contentType: sniffed, width, height, dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}` };
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
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

/** Every rendition `key` can have (deleting a key deletes these; no store listing needed). */
export const renditionKeys = (key: string) =>
  RENDITION_WIDTHS.flatMap((width) => (Object.keys(FORMAT_TYPES) as RenditionFormat[]).map((format) => renditionKey(key, width, format)));

export const FORMAT_TYPES: Record<RenditionFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** A resized copy, never larger than the original, without metadata. */
export async function renderImage(original: Buffer, width: number, format: RenditionFormat): Promise<Buffer> {
  const pipeline = sharp(original, decodeOptions).rotate().resize({ width, withoutEnlargement: true });
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

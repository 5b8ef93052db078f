import { createHmac } from 'node:crypto';
import { IMAGE_PIXEL_LIMIT } from '@axoo/contract';
import sharp from 'sharp';

/** The blurred copy's width: small (it shows nothing anyway), so every rendition of it is as cheap as it is vague. */
export const BLUR_WIDTH = 480;
/** Gaussian sigma at that width: shapes and colours stay, nothing of the drawing can be read. */
const BLUR_SIGMA = 24;

/**
 * Issue #31: where a cover's blurred copy is stored: in the original's folder, named by an HMAC of the original's key
 * under SECRET_KEY (`<folder>/<mac>_blurred.jpg`). The same cover always has the same copy, and the copy's name tells
 * nothing of the original's, so a viewer holding the blurred URL cannot derive the unblurred one.
 */
export function blurredKeyOf(key: string, secret: string): string {
  const slash = key.lastIndexOf('/');
  const folder = slash > 0 ? key.slice(0, slash) : 'blurred';
  const mac = createHmac('sha256', secret).update(`blurred-cover\n${key}`).digest('hex').slice(0, 32);
  return `${folder}/${mac}_blurred.jpg`;
}

/**
 * Issue #31: a strongly blurred, downscaled JPEG of an image (EXIF orientation applied, no metadata kept), the only
 * cover a viewer who has not opted in to mature work receives. Throws on an unreadable image.
 */
export async function blurImage(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: 'error' })
    .rotate()
    .resize({ width: BLUR_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#808080' })
    .blur(BLUR_SIGMA)
    .jpeg({ quality: 70 })
    .toBuffer();
}

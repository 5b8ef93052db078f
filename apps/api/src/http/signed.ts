import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed values for links that act without a login (issue #19 unsubscribe; later digests and downloads): an HMAC
 * of the purpose and the parts under SECRET_KEY, so a token made for one user, one purpose or one object is
 * worthless for another. The one place such links are signed and checked.
 */
export function signParts(secret: string, purpose: string, ...parts: (string | number)[]): string {
  return createHmac('sha256', secret)
    .update([purpose, ...parts].join('\u0000'))
    .digest('base64url');
}

/** Whether `token` is the signature of exactly these parts for this purpose (constant time). */
export function verifyParts(secret: string, token: string, purpose: string, ...parts: (string | number)[]): boolean {
  const expected = Buffer.from(signParts(secret, purpose, ...parts));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

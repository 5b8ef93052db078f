import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless password-reset tokens in Django's manner: an HMAC (keyed by SECRET_KEY) over the user id,
 * the password hash, the last login and the issue time. Nothing is stored: a token works once because
 * using it changes the password hash, dies when the user logs in (last_login moves), and expires
 * after the configured lifetime.
 */
const EPOCH_SECONDS = Date.UTC(2001, 0, 1) / 1000;
const CLOCK_SKEW_SECONDS = 60;

export interface TokenSubject {
  id: number;
  email: string;
  password: string;
  lastLogin: Date | null;
}

function signature(secret: string, user: TokenSubject, issued: number): string {
  const key = createHash('sha256').update(`axoo.password-reset:${secret}`).digest();
  const login = user.lastLogin ? String(user.lastLogin.getTime()) : '';
  const value = `${user.id}|${user.password}|${login}|${issued}|${user.email.toLowerCase()}`;
  return createHmac('sha256', key).update(value).digest('base64url').slice(0, 32);
}

const nowSeconds = (now: number) => Math.floor(now / 1000) - EPOCH_SECONDS;

export function makeResetToken(secret: string, user: TokenSubject, now = Date.now()): string {
  const issued = nowSeconds(now);
  return `${issued.toString(36)}-${signature(secret, user, issued)}`;
}

export function checkResetToken(secret: string, user: TokenSubject, token: string, ttlSeconds: number, now = Date.now()): boolean {
  const match = /^([0-9a-z]{1,10})-([\w-]{32})$/.exec(token);
  if (!match) return false;
  const issued = Number.parseInt(match[1], 36);
  const expected = Buffer.from(signature(secret, user, issued));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const age = nowSeconds(now) - issued;
  return age <= ttlSeconds && age >= -CLOCK_SKEW_SECONDS;
}

/** The user id in the link, base64url-encoded as Django's urlsafe_base64_encode does. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uidb64: string): number | null {
  if (!/^[\w-]{1,16}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

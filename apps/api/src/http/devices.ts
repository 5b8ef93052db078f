import type { FastifyReply, FastifyRequest } from 'fastify';
import { signParts, verifyParts } from './signed.ts';

/**
 * Issue #36 (lock-outs): a browser that has logged in to an account before carries an HttpOnly cookie signed for that
 * account (OWASP's "device cookie"). While strangers' failures have the account locked, such a browser is counted by
 * itself (per account and address), so the owner still gets in from a new address; a stranger, without the cookie,
 * stays locked out and cannot keep guessing. A stolen cookie gives no more than that address's own few tries.
 */
export const DEVICE_COOKIE = 'known_device';
const PURPOSE = 'login-device';
const YEAR_SECONDS = 365 * 86_400;

/** Whether the request carries the cookie of a browser that logged in to this account (`account`: its e-mail key). */
export function isKnownDevice(request: FastifyRequest, account: string): boolean {
  const token = request.cookies[DEVICE_COOKIE];
  return typeof token === 'string' && token.length < 100 && verifyParts(request.server.config.SECRET_KEY, token, PURPOSE, account);
}

/** After a successful login: this browser is known to the account from now on. */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, account: string): void {
  const secure = Boolean(request.server.config.PUBLIC_URL?.startsWith('https:'));
  reply.setCookie(DEVICE_COOKIE, signParts(request.server.config.SECRET_KEY, PURPOSE, account), {
    path: '/accounts/login/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: YEAR_SECONDS,
  });
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes authorised by something else (signed upload URLs). */
    csrf?: boolean;
  }
}

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Issue #36: a logged-in request's token is bound to its session, an HMAC of the session's key under SECRET_KEY, so a
 * cookie and header pair an attacker made for themselves (a cookie planted from a sibling domain, say) does not work
 * with a victim's session. `sessionKey` is the stored key of the session (the hash of its cookie).
 */
export function csrfTokenFor(secret: string, sessionKey: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionKey}`).digest('base64url');
}

/** The bound token for a `sessionid` cookie value (test clients and harnesses that make sessions themselves). */
export function csrfTokenForSession(secret: string, sessionToken: string): string {
  return csrfTokenFor(secret, createHash('sha256').update(sessionToken).digest('hex'));
}

export function csrfCookieOptions(config: { PUBLIC_URL?: string }) {
  return { path: '/', sameSite: 'lax' as const, secure: Boolean(config.PUBLIC_URL?.startsWith('https:')), maxAge: 365 * 86_400 };
}

/**
 * Named plugin `csrf` (SPEC §7, Django style): a script-readable `csrftoken` cookie, echoed in the
 * `X-CSRFToken` header on every unsafe method, and a matching Origin when the browser sends one. With a
 * session the token must be the session's own (`csrfTokenFor`); any other is replaced (and an unsafe
 * request refused), so a page load after a login picks the right one up.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const publicOrigin = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).origin : null;
    app.addHook('onRequest', async (request, reply) => {
      // Static files and images are cached by browsers and CDNs: they must not carry a Set-Cookie.
      if (!UNSAFE.has(request.method) && /^\/(assets|media)\//.test(request.url)) return;
      let token = request.cookies[CSRF_COOKIE];
      const bound = request.sessionKey ? csrfTokenFor(app.config.SECRET_KEY, request.sessionKey) : null;
      if (!token || !/^[\w-]{32,64}$/.test(token) || (bound && token !== bound)) {
        token = bound ?? randomBytes(24).toString('base64url');
        reply.setCookie(CSRF_COOKIE, token, csrfCookieOptions(app.config));
        if (!UNSAFE.has(request.method)) return;
        if (request.routeOptions.config?.csrf === false) return;
        throw new AppError(403, { detail: 'csrf.failed' });
      }
      if (!UNSAFE.has(request.method) || request.routeOptions.config?.csrf === false) return;
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !same(header, token)) throw new AppError(403, { detail: 'csrf.failed' });
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        const allowed = publicOrigin ?? `${request.protocol}://${request.host}`;
        if (origin !== allowed) throw new AppError(403, { detail: 'csrf.failed' });
      }
    });
  },
  { name: 'csrf', dependencies: ['errors', 'sessions'] },
);

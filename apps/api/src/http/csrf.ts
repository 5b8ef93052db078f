import { randomBytes, timingSafeEqual } from 'node:crypto';
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
 * Named plugin `csrf` (SPEC §7, Django style): a script-readable `csrftoken` cookie, echoed in the
 * `X-CSRFToken` header on every unsafe method, and a matching Origin when the browser sends one.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const publicOrigin = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).origin : null;
    app.addHook('onRequest', async (request, reply) => {
      // Static files and images are cached by browsers and CDNs: they must not carry a Set-Cookie.
      if (!UNSAFE.has(request.method) && /^\/(assets|media)\//.test(request.url)) return;
      let token = request.cookies[CSRF_COOKIE];
      if (!token || !/^[\w-]{32,64}$/.test(token)) {
        token = randomBytes(24).toString('base64url');
        reply.setCookie(CSRF_COOKIE, token, {
          path: '/',
          sameSite: 'lax',
          secure: Boolean(publicOrigin?.startsWith('https:')),
          maxAge: 365 * 86_400,
        });
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
  { name: 'csrf', dependencies: ['errors'] },
);

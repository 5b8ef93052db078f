import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/**
 * The security headers of every answer, by its URL (the one list: the `security` plugin sets them in `onSend`, and
 * the cached media path of issue #14, which answers before that chain, writes the same). Outside services widen the
 * CSP only when configured.
 */
export function securityHeaders(c: Config): (url: string) => Record<string, string> {
  const connect = ["'self'"];
  const scripts = ["'self'"];
  const images = ["'self'", 'data:', 'blob:'];
  if (c.S3_PUBLIC_URL) images.push(new URL(c.S3_PUBLIC_URL).origin);
  if (c.S3_ENDPOINT) connect.push(new URL(c.S3_ENDPOINT).origin);
  if (c.S3_BUCKET && !c.S3_ENDPOINT) connect.push('https://*.amazonaws.com');
  if (c.SENTRY_DSN) connect.push('https://*.sentry.io', 'https://*.ingest.sentry.io');
  if (c.ANALYTICS_ID) {
    scripts.push('https://www.googletagmanager.com');
    connect.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
    images.push('https://*.google-analytics.com');
  }
  if (c.PIXEL_ID) {
    scripts.push('https://connect.facebook.net');
    connect.push('https://www.facebook.com');
    images.push('https://www.facebook.com');
  }
  const csp = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    'frame-src https://www.youtube.com https://player.vimeo.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  const always: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
  if (c.PUBLIC_URL?.startsWith('https:')) always['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  const withCsp = { ...always, 'Content-Security-Policy': csp };
  return (url) => (url.startsWith('/api/docs') ? always : withCsp);
}

/** Named plugin `security`: the headers of `securityHeaders` on every answer. */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = securityHeaders(app.config);
    app.addHook('onSend', async (request, reply) => {
      reply.headers(headers(request.url));
    });
  },
  { name: 'security' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Named plugin `security`: headers on every answer; outside services widen the CSP only when configured. */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const c = app.config;
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
    app.addHook('onSend', async (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      reply.header('X-Frame-Options', 'DENY');
      if (!request.url.startsWith('/api/docs')) reply.header('Content-Security-Policy', csp);
      if (c.PUBLIC_URL?.startsWith('https:')) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security' },
);

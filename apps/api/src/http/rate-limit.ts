import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/**
 * Named plugin `rate-limit`: nothing is limited globally; routes opt in with `config.rateLimit`
 * (or call `app.rateLimit(...)` as a preHandler for keys other than the IP).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      enableDraftSpec: false,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(429, { detail: { key: 'rate_limited', params: { seconds } } }, { 'Retry-After': String(seconds) });
      },
    });
  },
  { name: 'rate-limit', dependencies: ['errors'] },
);

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/**
 * Named plugin `rate-limit`: nothing is limited globally; routes opt in with `config.rateLimit`
 * (or call `app.rateLimit(...)` as a preHandler for keys other than the IP). Counts live in Redis when
 * REDIS_URL is set, so the figures hold across processes; otherwise in the process.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      // Shared by every process when REDIS_URL is set (issue #13); a Redis outage lets requests through.
      ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.REDIS_PREFIX}rl:`, skipOnError: true } : {}),
      enableDraftSpec: false,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return new AppError(429, { detail: { key: 'rate_limited', params: { seconds } } }, { 'Retry-After': String(seconds) });
      },
    });
  },
  { name: 'rate-limit', dependencies: ['errors', 'counters'] },
);

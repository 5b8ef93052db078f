import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WRITE } from '../../http/changes.ts';
import { takedownRoutes } from './routes.ts';
import { EXPIRE_JOB, expireTakedown } from './service.ts';

/**
 * Named plugin `takedowns` (issue #31): the job that ends a temporary measure after TAKEDOWN_MEASURE_DAYS without a
 * staff decision (queued at its end time when the notice is confirmed), then the notice routes.
 */
export const takedownsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.handle<{ takedown: number }>(EXPIRE_JOB, async (payload) => {
      if (await expireTakedown(app, payload.takedown)) app.changes.publish(WRITE);
    });
    await app.register(takedownRoutes);
  },
  { name: 'takedowns', dependencies: ['jobs', 'changes', 'media-cleanup', 'rate-limit'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fanOutPublish } from './service.ts';
import { followRoutes } from './routes.ts';

/** The job the migration's trigger queues when an artwork becomes visible. */
export const PUBLISH_JOB = 'follows.publish';

/** Named plugin `follows`: the publish fan-out job, then the routes. */
export const followsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.handle<{ artwork: number }>(PUBLISH_JOB, async (payload) => void (await fanOutPublish(app, payload.artwork)));
    await app.register(followRoutes);
  },
  { name: 'follows', dependencies: ['jobs'] },
);

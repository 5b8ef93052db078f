import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { moderationRoutes } from './routes.ts';

/** Named plugin `moderation` (issue #31): reports, the staff queue, appeals and the audit log. */
export const moderationPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(moderationRoutes);
  },
  { name: 'moderation' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { searchRoutes } from './routes.ts';

/** Named plugin `search` (issue #30): the search box's suggestions (nothing to wire). */
export const searchPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(searchRoutes);
  },
  { name: 'search' },
);

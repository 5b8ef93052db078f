import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { feedRoutes } from './routes.ts';

/** Named plugin `feed`: the feed answers with the gallery's stored cards, so it needs the gallery's state. */
export const feedPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(feedRoutes);
  },
  { name: 'feed', dependencies: ['gallery-state'] },
);

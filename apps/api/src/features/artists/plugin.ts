import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { artistRoutes } from './routes.ts';

/** Named plugin `artists`: the artists list (nothing to wire). */
export const artistsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(artistRoutes);
  },
  { name: 'artists' },
);

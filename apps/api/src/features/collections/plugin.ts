import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectionRoutes } from './routes.ts';

/** Named plugin `collections`: collecting an artwork (nothing to wire). */
export const collectionsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(collectionRoutes);
  },
  { name: 'collections' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminRoutes } from './routes.ts';

/** Named plugin `admin`: the staff console's routes (nothing to wire). */
export const adminPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(adminRoutes);
  },
  { name: 'admin' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './routes.ts';

/** Named plugin `health`: /healthz and /readyz (nothing to wire). */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(healthRoutes);
  },
  { name: 'health' },
);

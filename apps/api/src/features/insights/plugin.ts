import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refreshRollups } from './service.ts';
import { insightRoutes } from './routes.ts';

/** Named plugin `insights`: the daily rollups, then the routes. */
export const insightsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.every('insights.rollup', app.config.INSIGHTS_ROLLUP_MS, () => refreshRollups(app));
    await app.register(insightRoutes);
  },
  { name: 'insights', dependencies: ['jobs'] },
);

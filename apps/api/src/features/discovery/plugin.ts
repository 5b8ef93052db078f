import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { discoveryHead } from './head.ts';
import { discoveryRoutes } from './routes.ts';

/** Named plugin `discovery`: the JSON-LD and discovery links of public pages given to the page host, then the routes. */
export const discoveryPlugin = fp(
  async (app: FastifyInstance) => {
    app.headTags.push(discoveryHead(app));
    await app.register(discoveryRoutes);
  },
  { name: 'discovery', dependencies: ['spa'] },
);

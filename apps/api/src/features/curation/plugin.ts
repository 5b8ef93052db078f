import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { banners, clients } from '../../db/schema/index.ts';
import { columnRetainer } from '../../media/cleanup.ts';
import { curationConsoleRoutes } from './console-routes.ts';
import { curationRoutes } from './routes.ts';

/** Named plugin `curation`: the banner and client images kept, then the level routes and the console's banners and clients. */
export const curationPlugin = fp(
  async (app: FastifyInstance) => {
    // Banner and client images stay while the home page shows them (issue #13).
    app.mediaCleanup.retain(columnRetainer([banners.image, clients.image]));
    await app.register(curationRoutes);
    await app.register(curationConsoleRoutes);
  },
  { name: 'curation', dependencies: ['media-cleanup'] },
);

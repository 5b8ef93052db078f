import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EXPORT_JOB, runExport } from './export.ts';
import { exportKeysOf } from './export-queries.ts';
import { rightsRoutes } from './routes.ts';

/** Named plugin `rights`: the data export's job and the archives it keeps per user, then the routes. */
export const rightsPlugin = fp(
  async (app: FastifyInstance) => {
    // "Download my data" (issue #18): a job builds the ZIP and mails a signed link.
    app.jobs.handle<{ exportId: number; siteUrl: string }>(EXPORT_JOB, (payload) => runExport(app, payload));
    // The archives go with the account (issue #13).
    app.mediaCleanup.collect('user', exportKeysOf);
    await app.register(rightsRoutes);
  },
  { name: 'rights', dependencies: ['jobs', 'media-cleanup'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enqueue } from '../../jobs/queue.ts';
import { backfillHashes, enqueueHashBackfill, HASH_BACKFILL_JOB } from './backfill.ts';
import { repostRoutes } from './routes.ts';

/**
 * Named plugin `reposts` (issue #31): the hash backfill pass (queued at start-up when an artwork with an image has no
 * hashes), then the hold routes. The hold itself is the shared layer's `holdIfRepost`, called by every publish path.
 */
export const repostsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.handle<{ after?: number }>(HASH_BACKFILL_JOB, async (payload) => {
      const { hashed, next } = await backfillHashes(app, payload?.after ?? 0);
      if (hashed) app.log.info({ hashed, next }, 'image hash backfill');
      if (next !== null) await enqueue(app.db, HASH_BACKFILL_JOB, { after: next });
    });
    app.addHook('onReady', async () => {
      await enqueueHashBackfill(app.db).catch((err) => app.log.warn({ err }, 'image hash backfill not queued'));
    });
    await app.register(repostRoutes);
  },
  { name: 'reposts', dependencies: ['jobs', 'media-cleanup'] },
);

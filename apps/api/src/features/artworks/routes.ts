import { idPathParams } from '@axoo/contract';
import { parseId } from '../../http/params.ts';
import { presignSchema } from '@axoo/contract';
import { artworkWriteSchema } from '@axoo/contract/artworks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { artworks } from '../../db/schema/index.ts';
import { requireUser } from '../../http/auth.ts';
import { columnRetainer } from '../../media/cleanup.ts';
import { enqueue } from '../../jobs/queue.ts';
import { backfillPalettes, enqueuePaletteBackfill, PALETTE_BACKFILL_JOB } from './palette.ts';
import { editableArtwork, presentSaved, presignArtworkImage, removeArtwork, saveArtwork } from './service.ts';

/**
 * SPEC §7 artwork writes: create, save, delete, presign. Reads (list, detail, a user's artworks) live in the
 * gallery feature; the staff level PATCH in curation.
 */
export async function artworkRoutes(app: FastifyInstance) {
  // An image stays while any artwork shows it as a cover or in its content (issue #13).
  app.mediaCleanup.retain(columnRetainer([artworks.cover, artworks.rawCover, artworks.croppedCover], [artworks.content]));
  // Issue #18: artworks with a cover and no palette (older than the palette search, or unreadable when saved) get
  // one from a background pass, queued at start-up when any needs it.
  app.jobs.handle<{ after?: number }>(PALETTE_BACKFILL_JOB, async (payload) => {
    const { filled, next } = await backfillPalettes(app, payload?.after ?? 0);
    if (filled) app.log.info({ filled, next }, 'palette backfill');
    if (next !== null) await enqueue(app.db, PALETTE_BACKFILL_JOB, { after: next });
  });
  app.addHook('onReady', async () => {
    await enqueuePaletteBackfill(app.db).catch((err) => app.log.warn({ err }, 'palette backfill not queued'));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['artworks'];

  r.post(
    '/api/v1/artworks/',
    {
      schema: {
        tags,
        summary: 'Create an artwork (a draft unless draft=false, which needs everything SPEC §5 lists)',
        body: artworkWriteSchema,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await saveArtwork(app, user, null, request.body);
      return reply.status(201).send(await presentSaved(app, row, user, request.lang));
    },
  );

  r.put(
    '/api/v1/artworks/:id/',
    {
      schema: {
        tags,
        summary: 'Save an artwork (author only); fields left out keep their value; draft=false publishes',
        params: idPathParams,
        body: artworkWriteSchema,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const existing = await editableArtwork(app, user, parseId(request.params.id));
      const row = await saveArtwork(app, user, existing, request.body);
      return presentSaved(app, row, user, request.lang);
    },
  );

  r.delete('/api/v1/artworks/:id/', { schema: { tags, summary: 'Delete an artwork (author only)', params: idPathParams } }, async (request, reply) => {
    await removeArtwork(app, requireUser(request), parseId(request.params.id));
    return reply.status(204).send();
  });

  r.post(
    '/api/v1/artworks/:id/presign/',
    {
      schema: {
        tags,
        summary: 'Presigned upload for an image of the artwork (author only; jpg, png, gif, webp up to 10,485,760 bytes)',
        params: idPathParams,
        body: presignSchema,
      },
    },
    async (request) => presignArtworkImage(app, requireUser(request), parseId(request.params.id), request.body),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userOnly } from '../../http/auth.ts';
import { idPathParams, rowId } from '@axoo/contract';
import { parseId } from '../../http/params.ts';
import { collectArtwork, uncollect } from './service.ts';

// An id past PostgreSQL's integer names no artwork (the fuzzer's 2^53 - 1 was a 500 from the database).
const body = z.object({ artwork: rowId({ required: 'collection.artwork_required', unknown: 'collection.artwork_not_found' }) });
const collectionSchema = z.object({ id: z.number(), artwork: z.number() });

export async function collectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/collections/',
    {
      schema: {
        tags: ['collections'],
        summary: 'Collect an artwork (SPEC §4); collecting it again returns the existing entry',
        body,
        response: { 200: collectionSchema, 201: collectionSchema },
      },
      // A guest gets the 403 that sends them to login, whatever they sent (SPEC §4).
      preValidation: userOnly,
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const entry = await collectArtwork(app, user, request.body.artwork);
      return reply.status(entry.created ? 201 : 200).send({ id: entry.id, artwork: request.body.artwork });
    },
  );

  r.delete(
    '/api/v1/collections/:id/',
    { schema: { tags: ['collections'], summary: 'Uncollect (owner only)', params: idPathParams }, preValidation: userOnly },
    async (request, reply) => {
      const user = requireUser(request);
      await uncollect(app, user, parseId(request.params.id));
      return reply.status(204).send();
    },
  );
}

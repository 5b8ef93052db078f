import { ArtworkSchema, SuggestedArtistSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userOnly } from '../../http/auth.ts';
import { pagedSchema, pagedText, pagingQuery, parsePaging } from '../../http/paging.ts';
import { errorResponses } from '../../http/responses.ts';
import { listFeed, suggestArtists } from './service.ts';

/** Issue #17: GET /api/v1/feed/ (paged like the gallery, the gallery's cards) and the empty state's suggestions. */
export async function feedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/feed/',
    {
      schema: {
        tags: ['feed'],
        summary: 'Following feed: the newest visible artworks of the artists you follow, paged like the gallery (at most 10,000)',
        querystring: z.object(pagingQuery),
        response: { 200: pagedSchema(ArtworkSchema), ...errorResponses(400, 403) },
      },
      preValidation: userOnly,
    },
    async (request, reply) => {
      const page = parsePaging(request.query);
      const result = await listFeed(app, requireUser(request), request.lang, page);
      // The cards are JSON text already (the gallery's store): sent as they are.
      return reply.type('application/json; charset=utf-8').send(pagedText(request, page, result.count, result.cards) as never);
    },
  );

  r.get(
    '/api/v1/feed/suggestions/',
    {
      schema: {
        tags: ['feed'],
        summary: 'Artists to follow: members most followed this month, in your categories first',
        response: { 200: z.array(SuggestedArtistSchema), ...errorResponses(403) },
      },
      preValidation: userOnly,
    },
    async (request) => suggestArtists(app, requireUser(request)),
  );
}

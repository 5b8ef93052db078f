import { SuggestedArtistSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userOnly } from '../../http/auth.ts';
import { paged, pagingQuery, parsePaging } from '../../http/paging.ts';
import { listFeed, suggestArtists } from './service.ts';

/** Issue #17: GET /api/v1/feed/ (paged like the gallery) and the empty state's suggestions. */
export async function feedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/feed/',
    {
      schema: {
        tags: ['feed'],
        summary: 'Following feed: the newest visible artworks of the artists you follow, paged like the gallery',
        querystring: z.object(pagingQuery),
      },
      preValidation: userOnly,
    },
    async (request) => {
      const page = parsePaging(request.query);
      const result = await listFeed(app, requireUser(request), request.lang, page);
      return paged(request, page, result.count, result.results);
    },
  );

  r.get(
    '/api/v1/feed/suggestions/',
    {
      schema: {
        tags: ['feed'],
        summary: 'Artists to follow: members most followed this month, in your categories first',
        response: { 200: z.array(SuggestedArtistSchema) },
      },
      preValidation: userOnly,
    },
    async (request) => suggestArtists(app, requireUser(request)),
  );
}

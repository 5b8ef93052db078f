import { HIRE_FILTERS, searchTermSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged, pagingQuery, parsePaging } from '../../http/paging.ts';
import { listArtists } from './service.ts';

const listQuery = z.object({
  ...pagingQuery,
  search: searchTermSchema.optional(),
  categories__category: z.string().max(50).optional(),
  is_premium: z.enum(['true', 'false'], { error: 'field.invalid_choice' }).optional(),
  available_for_hire: z.enum(HIRE_FILTERS, { error: 'field.invalid_choice' }).optional(),
});

export async function artistRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/artists/',
    {
      schema: {
        tags: ['artists'],
        summary:
          'Artists (SPEC §7): search by name or username, main field, is_premium=true for members only; available_for_hire=true (any) or one availability (issue #20)',
        querystring: listQuery,
      },
    },
    async (request) => {
      const page = parsePaging(request.query);
      const { search, categories__category, is_premium, available_for_hire } = request.query;
      const result = await listArtists(
        app,
        request.lang,
        {
          search: search?.trim() || undefined,
          category: categories__category || undefined,
          premium: is_premium === undefined ? undefined : is_premium === 'true',
          hire: available_for_hire,
        },
        page,
      );
      return paged(request, page, result.count, result.results);
    },
  );
}

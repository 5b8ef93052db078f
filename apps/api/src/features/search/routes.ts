import { SearchSuggestionsSchema, searchTermSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { suggestions } from '../../domain/search/suggest.ts';
import { searchWords } from '../../domain/search/terms.ts';

const suggestQuery = z.object({ q: searchTermSchema.optional() });

export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/search/suggest/',
    {
      schema: {
        tags: ['search'],
        summary: 'What the search box offers while someone types (issue #30): artists, tags and titles, at most 8 each',
        description:
          'q: the term as typed (the words, 초성 and a syllable being typed match as in the gallery search). Visible work only, ' +
          'the same for everyone: artists with visible work, most followed first; tags by how many visible artworks carry them; ' +
          'titles of visible artworks, most viewed first.',
        querystring: suggestQuery,
        response: { 200: SearchSuggestionsSchema },
      },
    },
    async (request) => suggestions(app.db, searchWords(request.query.q?.trim() ?? '')),
  );
}

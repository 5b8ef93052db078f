import { idPathParams } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseId } from '../../http/params.ts';
import { galleryAnswer, listQuery, userArtworksAnswer, userListQuery } from './answers.ts';

/** The gallery's routes (SPEC §7): the list and a profile's tabs (one artwork is the artworks feature's). Wired by `plugin.ts`. */
export async function galleryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/artworks/',
    {
      schema: {
        tags: ['artworks'],
        summary: 'Gallery: visible artworks (plus your own), filtered, searched and ordered (SPEC §7)',
        description:
          'search: every word (split at spaces) anywhere in the title, a tag, the author name or username, from one character, Hangul too; ' +
          'a word of initial consonants (ㅂㄷ) matches their 초성, and the last word may be mid-syllable (바ㄷ, 받 → 바다). ' +
          'A term of spaces only is a 400. A broad term (more than 2,000 matches) lists its first 2,000 in the chosen order (count 2,000 until its last page), newest first for relevance. ' +
          'ordering: -created (default), created, -hit (most viewed), hit, relevance (with a search: the title is the term, starts with it, holds it, a tag, then the author; newer first within each; otherwise -created). ' +
          'A search that finds nothing may carry suggestion: a close term (tag or username) that finds visible work. created__gte: YYYY-MM-DD or ISO date-time. ' +
          'licence: one or more of by, by-nc, by-nd, by-sa, by-nc-sa, by-nc-nd, comma-separated (any of them). ' +
          'palette: a colour as #rrggbb (URL-encoded %23rrggbb): visible artworks whose cover palette holds a colour within ' +
          'CIEDE2000 12 of it, closest first (the sum over those colours of share × (1 − ΔE/12); ties newest id first); ordering is ignored.',
        querystring: listQuery,
      },
    },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await galleryAnswer(app, request, request.query, request.url)),
  );

  r.get(
    '/api/v1/users/:id/artworks/',
    {
      schema: {
        tags: ['artworks'],
        summary: "A profile's tabs: projects (default), collection, application; draft=true lists the owner's open drafts",
        params: idPathParams,
        querystring: userListQuery,
      },
    },
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await userArtworksAnswer(app, request, parseId(request.params.id), request.query, request.url)),
  );
}

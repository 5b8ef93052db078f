import { AccountOptOutSchema, accountOptOutSchema, ArtworkOptOutSchema, artworkOptOutSchema, idPathParams } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.ts';
import { baseUrl } from '../../http/paging.ts';
import { parseId } from '../../http/params.ts';
import { robotsTxt, setAccountOptOut, setArtworkOptOut, tdmRep } from './service.ts';

/**
 * Issue #18, artists' rights: the AI-training opt-out of an account and of an artwork, and what crawlers read
 * about it (robots.txt, the TDMRep file). The headers on every answer are the `rights-headers` plugin's.
 */
export async function rightsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rights'];

  r.put(
    '/api/v1/users/:id/ai-opt-out/',
    {
      schema: {
        tags,
        summary: 'Reserve (true) or release (false) all of your work from AI training; artworks with their own choice keep it',
        params: idPathParams,
        body: accountOptOutSchema,
        response: { 200: AccountOptOutSchema },
      },
    },
    async (request) => setAccountOptOut(app, requireUser(request), parseId(request.params.id), request.body.ai_opt_out),
  );

  r.put(
    '/api/v1/artworks/:id/ai-opt-out/',
    {
      schema: {
        tags,
        summary: "One artwork's AI-training opt-out (author only): true or false overrides the account's, null follows it",
        params: idPathParams,
        body: artworkOptOutSchema,
        response: { 200: ArtworkOptOutSchema },
      },
    },
    async (request) => setArtworkOptOut(app, requireUser(request), parseId(request.params.id), request.body.ai_opt_out),
  );

  r.get('/robots.txt', { schema: { tags, summary: 'robots.txt: AI-training crawlers disallowed, search engines allowed' } }, (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(baseUrl(request))),
  );

  r.get(
    '/.well-known/tdmrep.json',
    { schema: { tags, summary: 'W3C TDMRep: text-and-data-mining reservation per location (work that allows AI training first)' } },
    async (_request, reply) => reply.header('Cache-Control', 'public, max-age=600').send(await tdmRep(app)),
  );
}

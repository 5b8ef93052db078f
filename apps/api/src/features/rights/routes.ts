import {
  AccountOptOutSchema,
  accountOptOutSchema,
  ArtworkOptOutSchema,
  artworkOptOutSchema,
  DataExportSchema,
  exportLinkQuery,
  idPathParams,
} from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.ts';
import { baseUrl } from '../../http/paging.ts';
import { parseId } from '../../http/params.ts';
import { downloadExport, exportStatus, startExport } from './export.ts';
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

  r.post(
    '/api/v1/users/:id/export/',
    {
      schema: {
        tags,
        summary:
          'Start "Download my data" (yourself only; 409 while one is being prepared): a ZIP of every original and your records, mailed as a link valid 24 h',
        params: idPathParams,
        response: { 202: DataExportSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await startExport(app, requireUser(request), parseId(request.params.id), baseUrl(request))),
  );

  r.get(
    '/api/v1/users/:id/export/',
    {
      schema: {
        tags,
        summary:
          "Your latest export's state (null before the first); with the mailed link's e, x and t, the ZIP itself (403 when forged, expired or someone else's)",
        params: idPathParams,
        querystring: exportLinkQuery,
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const userId = parseId(request.params.id);
      const { e, x, t } = request.query;
      if (e !== undefined || x !== undefined || t !== undefined) return downloadExport(app, viewer, userId, { e: e ?? '', x: x ?? '', t: t ?? '' }, reply);
      return reply.send(await exportStatus(app, viewer, userId));
    },
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
    // A crawler's copy is at most 30 s old, as an image's in nginx (issue #29): an opt-out reaches both within a minute.
    async (_request, reply) => reply.header('Cache-Control', 'public, max-age=30').send(await tdmRep(app)),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { artworkIdOfPath, referrerGroup } from '@axoo/contract';
import { z } from 'zod';
import { pageViews } from '../../db/schema/index.ts';
import { errorResponses, NoBody } from '../../http/responses.ts';

/** The global page data's route and page views (SPEC §2). Wired by `plugin.ts`. */
export async function siteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/site/',
    { schema: { tags: ['site'], summary: 'Global page data (SPEC §3 lists, banners, clients, best projects, current user)' } },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await app.siteData.json(request.user, request.lang)),
  );

  // SPEC §2 Guard: every route change records a page view.
  r.post(
    '/api/v1/page-views/',
    {
      schema: {
        tags: ['site'],
        summary: 'Records a page view (SPEC §2); referrer: the previous page, kept as its host for insights (issue #17)',
        body: z.object({ path: z.string().min(1).max(500), referrer: z.string().max(500).optional() }),
        response: { 204: NoBody('Recorded'), ...errorResponses(400, 429) },
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const referrer = request.body.referrer ?? '';
      // Issue #17 insights: the referrer's host (the site's own pages as one group) and the artwork a view showed.
      const ownHost = app.config.PUBLIC_URL ? new URL(app.config.PUBLIC_URL).host : request.host;
      await app.db.insert(pageViews).values({
        path: request.body.path,
        referrer,
        referrerHost: referrerGroup(referrer, ownHost),
        artworkId: artworkIdOfPath(request.body.path),
        userId: request.user?.id ?? null,
      });
      return reply.status(204).send(null);
    },
  );
}

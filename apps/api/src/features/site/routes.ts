import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { artworkIdOfPath, mediaUrl, mediaWidthSrcSet, referrerGroup, WIDE_SIZES, WIDE_WIDTHS } from '@axoo/contract';
import { z } from 'zod';
import { pageViews } from '../../db/schema/index.ts';
import { errorResponses, NoBody } from '../../http/responses.ts';
import { siteDataPlugin } from './state.ts';

export async function siteRoutes(app: FastifyInstance) {
  await app.register(siteDataPlugin);
  // Every page carries the global page data inlined (DESIGN "API conventions").
  app.pageData.global = (request) => app.siteData.json(request.user, request.lang);
  // Issue #14: home's first banner is its largest paint: preloaded in the head with the carousel's own srcset and
  // sizes, ahead of the scripts. (An artwork's page draws home under the overlay; the overlay's image is its own.)
  app.pageData.images = (pathname, site) => {
    if (pathname !== '/') return [];
    const first = (site as { banners?: { image: string }[] } | null)?.banners?.[0]?.image;
    return first ? [{ href: mediaUrl(first, 1400), srcset: mediaWidthSrcSet(first, WIDE_WIDTHS), sizes: WIDE_SIZES }] : [];
  };
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

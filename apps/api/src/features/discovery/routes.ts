import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { baseUrl } from '../../http/paging.ts';
import { artistFeed, type Feed, galleryFeed, oembed, SITEMAP_KINDS, type SitemapKind, sitemapIndex, sitemapPage } from './service.ts';

const XML = 'application/xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

/**
 * Issue #18, being found: sitemaps, the oEmbed endpoint, Atom feeds, and the JSON-LD and discovery links of
 * public pages (`head.ts`, given to the page host by `plugin.ts`). Everything lists only what anyone may see.
 */
export async function discoveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['discovery'];

  r.get(
    '/sitemap.xml',
    { schema: { tags, summary: 'Sitemap index: pages of at most 10,000 URLs of visible artworks, member profiles and listed invites' } },
    async (request, reply) =>
      reply
        .type(XML)
        .header('Cache-Control', 'public, max-age=3600')
        .send(await sitemapIndex(app, baseUrl(request))),
  );

  r.get(
    '/sitemaps/:page',
    {
      schema: {
        tags,
        summary: 'One sitemap page (artworks-1.xml …, profiles-1.xml …, invites-1.xml …), with image entries, lastmod and ko/en alternates',
        params: z.object({ page: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const m = /^(artworks|profiles|invites)-([1-9]\d{0,5})\.xml$/.exec(request.params.page);
      if (!m || !SITEMAP_KINDS.includes(m[1] as SitemapKind)) throw notFound();
      return reply
        .type(XML)
        .header('Cache-Control', 'public, max-age=3600')
        .send(await sitemapPage(app, baseUrl(request), m[1] as SitemapKind, Number(m[2])));
    },
  );

  const sendFeed = (reply: FastifyReply, feed: Feed) => {
    if (feed.reserved) reply.reserveFromAi();
    return reply.type(ATOM).header('Cache-Control', 'public, max-age=600').header('Vary', 'Accept-Language').send(feed.xml);
  };

  r.get('/feeds/artworks.atom', { schema: { tags, summary: "Atom feed of the gallery's newest visible work" } }, async (request, reply) =>
    sendFeed(reply, await galleryFeed(app, baseUrl(request), request.lang)),
  );

  r.get(
    '/:slug/feed.atom',
    { schema: { tags, summary: "Atom feed of a member's newest visible work (404 for anyone else)", params: z.object({ slug: z.string().max(200) }) } },
    async (request, reply) => sendFeed(reply, await artistFeed(app, baseUrl(request), request.lang, request.params.slug.toLowerCase().replaceAll('.', ''))),
  );

  r.get(
    '/api/oembed',
    {
      schema: {
        tags,
        summary: 'oEmbed (oembed.com) for an artwork (photo) or a member profile (link) of this site; format json only (400 otherwise)',
        querystring: z.object({
          url: z.string().max(2000).optional(),
          format: z.string().max(10).optional(),
          maxwidth: z.string().max(10).optional(),
          maxheight: z.string().max(10).optional(),
        }),
      },
    },
    async (request, reply) => {
      const answer = await oembed(app, baseUrl(request), request.query);
      if (answer.reserved) reply.reserveFromAi();
      return reply.header('Cache-Control', 'public, max-age=3600').send(answer.body);
    },
  );
}

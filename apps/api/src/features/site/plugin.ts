import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mediaUrl, mediaWidthSrcSet, WIDE_SIZES, WIDE_WIDTHS } from '@axoo/contract';
import { siteRoutes } from './routes.ts';
import { siteDataPlugin } from './state.ts';

/** Named plugin `site`: the global page data (`app.siteData`) given to every page, then the routes. */
export const sitePlugin = fp(
  async (app: FastifyInstance) => {
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
    await app.register(siteRoutes);
  },
  { name: 'site', dependencies: ['spa'] },
);

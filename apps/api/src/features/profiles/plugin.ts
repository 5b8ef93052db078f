import { CARD_SIZES, CARD_WIDTH, CARD_WIDTHS, mediaUrl, mediaWidthSrcSet, PAGE_SIZE, profileSlugOf, queryKeys, WIDE_SIZES, WIDE_WIDTHS } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { profileRoutes } from './routes.ts';
import { getProfile } from './service.ts';

/** Named plugin `profiles`: a profile page's first queries and the loader of its own, then the routes. */
export const profilesPlugin = fp(
  async (app: FastifyInstance) => {
    // Issue #14: a profile page comes with its profile and its first projects inlined (web: features/profiles/api
    // keys), so the server renders the grid and the page never moves when they arrive; the banner and the first
    // row's covers are preloaded as the page's `<img>` ask for them.
    app.prefetch.push((pathname, search) => {
      const slug = profileSlugOf(pathname);
      if (!slug) return null;
      const tab = new URLSearchParams(search).get('type');
      return {
        key: [...queryKeys.profiles.bySlug(slug)],
        url: `/api/v1/artists/${encodeURIComponent(slug)}/`,
        images: (answer) => {
          const banner = (answer as { cropped_banner?: string; banner?: string }).cropped_banner || (answer as { banner?: string }).banner;
          return banner ? [{ href: mediaUrl(banner, 2000), srcset: mediaWidthSrcSet(banner, WIDE_WIDTHS), sizes: WIDE_SIZES }] : [];
        },
        next: (answer) =>
          tab
            ? null
            : {
                key: [...queryKeys.profiles.artworks((answer as { id: number }).id, 'projects')],
                infinite: true,
                url: `/api/v1/users/${(answer as { id: number }).id}/artworks/?limit=${PAGE_SIZE}&offset=0`,
                // The first row on a phone (two columns under the author card).
                images: (page) =>
                  ((page as { results?: { cropped_cover: string; cover: string }[] }).results ?? [])
                    .slice(0, 2)
                    .map((a) => a.cropped_cover || a.cover)
                    .filter(Boolean)
                    .map((key) => ({ href: mediaUrl(key, CARD_WIDTH), srcset: mediaWidthSrcSet(key, CARD_WIDTHS), sizes: CARD_SIZES })),
              },
      };
    });

    // `GET /api/v1/artists/{slug}/` for that first query (the projects' loader is the gallery's).
    app.pageLoaders.push({
      route: '/api/v1/artists/:slug/',
      load: async (request, { params }) => {
        const slug = params.slug as string;
        return slug.length > 200 ? null : JSON.stringify(await getProfile(app, request.user, slug, request.lang));
      },
    });

    await app.register(profileRoutes);
  },
  { name: 'profiles', dependencies: ['spa'] },
);

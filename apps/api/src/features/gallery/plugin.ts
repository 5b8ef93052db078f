import { CARD_SIZES, CARD_WIDTH, CARD_WIDTHS, mediaUrl, mediaWidthSrcSet, PAGE_SIZE, queryKeys } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseId } from '../../http/params.ts';
import { galleryAnswer, listQuery, userArtworksAnswer, userListQuery } from './answers.ts';
import { galleryRoutes } from './routes.ts';

/** Named plugin `gallery`: its pages' first queries and their loaders, then its routes (its state is the shared layer's). */
export const galleryPlugin = fp(
  async (app: FastifyInstance) => {
    // The gallery's first page with default filters is inlined into the page (web: features/gallery/api/gallery.ts key).
    app.prefetch.push((pathname, search) => {
      const m = /^\/gallery\/([\w-]+)\/$/.exec(pathname);
      if (!m || search) return null;
      const category = m[1] === 'all' ? undefined : m[1];
      return {
        key: [...queryKeys.artworks.gallery(category ? { categories__category: category } : {})],
        infinite: true,
        url: `/api/v1/artworks/?limit=${PAGE_SIZE}&offset=0${category ? `&categories__category=${category}` : ''}`,
        // The first row's covers are the largest paint: the same rendition the card asks for (CARD_WIDTH).
        images: (answer) =>
          ((answer as { results: { cropped_cover: string; cover: string }[] }).results ?? [])
            .slice(0, 4)
            .map((a) => a.cropped_cover || a.cover)
            .filter(Boolean)
            .map((key) => ({ href: mediaUrl(key, CARD_WIDTH), srcset: mediaWidthSrcSet(key, CARD_WIDTHS), sizes: CARD_SIZES })),
      };
    });

    // The routes' answers for those first queries (and a profile's first projects), without an HTTP request.
    app.pageLoaders.push(
      {
        route: '/api/v1/artworks/',
        load: async (request, { query, url }) => {
          const parsed = listQuery.safeParse(query);
          return parsed.success ? galleryAnswer(app, request, parsed.data, url) : null;
        },
      },
      {
        route: '/api/v1/users/:id/artworks/',
        load: async (request, { params, query, url }) => {
          const parsed = userListQuery.safeParse(query);
          return parsed.success ? userArtworksAnswer(app, request, parseId(params.id as string), parsed.data, url) : null;
        },
      },
    );

    await app.register(galleryRoutes);
  },
  { name: 'gallery', dependencies: ['changes', 'guest-answers', 'gallery-state'] },
);

import { parseLicenceFilter, parsePaletteFilter, queryKeys, SEARCH_MAX } from '@axoo/contract';
import { idPathParams } from '@axoo/contract';
import { parseId } from '../../http/params.ts';
import { createHash } from 'node:crypto';
import { CARD_SIZES, CARD_WIDTH, CARD_WIDTHS, CONTENT_SIZES, CONTENT_WIDTHS, contentImages, mediaUrl, mediaWidthSrcSet, PAGE_SIZE } from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { baseUrl, pagedText, pagingQuery, parsePaging } from '../../http/paging.ts';
import type { ArtworkFilters, Ordering } from './queries.ts';
import { galleryStatePlugin } from './state.ts';
import { dailyView, listArtworks, listUserArtworks, readArtwork } from './service.ts';

/** The web gallery's page size (apps/web features/gallery GALLERY_PAGE). */
const ORDERINGS = ['-created', 'created', '-hit', 'hit'] as const;

const ordering = z.enum(ORDERINGS, { error: 'gallery.invalid_ordering' }).optional();
const code = z.string().max(50).optional();

const listQuery = z.object({
  ...pagingQuery,
  search: z.string().max(SEARCH_MAX, 'gallery.search_too_long').optional(),
  ordering,
  created__gte: z.string().max(40).optional(),
  categories__category: code,
  fields__field: code,
  concepts__concept: code,
  color: z.string().max(12).optional(),
  licence: z.string().max(100, 'gallery.invalid_licence').optional(),
  palette: z.string().max(20, 'gallery.invalid_palette').optional(),
  type: z.enum(['projects'], { error: 'field.invalid_choice' }).optional(),
});

const userListQuery = z.object({
  ...pagingQuery,
  ordering,
  type: z.enum(['projects', 'collection', 'application'], { error: 'gallery.invalid_type' }).optional(),
  draft: z.enum(['true', 'false'], { error: 'field.invalid_choice' }).optional(),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * created__gte: a date (taken as 00:00:00 UTC of that day) or an ISO date-time with its offset,
 * which the web sends for local midnight (SPEC §9 time filters).
 */
function parseCreatedFrom(raw: string | undefined): Date | undefined {
  if (!raw) return undefined;
  const date = new Date(DATE_ONLY.test(raw) ? `${raw}T00:00:00Z` : raw);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(raw)) throw badRequest({ created__gte: 'gallery.invalid_date' });
  return date;
}

function parseFilters(query: z.infer<typeof listQuery>): ArtworkFilters {
  const filters: ArtworkFilters = {};
  const search = query.search?.trim();
  if (search) filters.search = search;
  filters.createdFrom = parseCreatedFrom(query.created__gte);
  if (query.categories__category) filters.category = query.categories__category;
  if (query.fields__field) filters.field = query.fields__field;
  if (query.concepts__concept) filters.concept = query.concepts__concept;
  if (query.color) {
    if (!/^\d{1,9}$/.test(query.color)) throw badRequest({ color: 'field.invalid_number' });
    filters.colorId = Number(query.color);
  }
  if (query.licence !== undefined) {
    const licences = parseLicenceFilter(query.licence);
    if (!licences) throw badRequest({ licence: 'gallery.invalid_licence' });
    filters.licences = licences;
  }
  if (query.palette !== undefined) {
    const palette = parsePaletteFilter(query.palette);
    if (!palette) throw badRequest({ palette: 'gallery.invalid_palette' });
    filters.palette = palette;
  }
  return filters;
}

async function gallery(app: FastifyInstance) {
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

  // Issue #14: an artwork's page carries the artwork, so the server draws the overlay and its first body image (the
  // largest paint) is preloaded as the overlay asks for it. Asked again after hydration: the page may be a guests'
  // shared one, and the browser's request counts this viewer's view (SPEC §7).
  app.prefetch.push((pathname) => {
    const m = /^\/artwork\/(\d{1,9})\/$/.exec(pathname);
    if (!m) return null;
    const id = Number(m[1]);
    return {
      key: [...queryKeys.artworks.detail(id)],
      url: `/api/v1/artworks/${id}/`,
      stale: true,
      images: (answer) =>
        contentImages((answer as { content?: string }).content ?? '')
          .slice(0, 1)
          .map((key) => ({ href: mediaUrl(key, 960), srcset: mediaWidthSrcSet(key, CONTENT_WIDTHS), sizes: CONTENT_SIZES })),
    };
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/artworks/',
    {
      schema: {
        tags: ['artworks'],
        summary: 'Gallery: visible artworks (plus your own), filtered, searched and ordered (SPEC §7)',
        description:
          'search matches title, tags, author name and username (substring, Hangul too; 1–2 characters match a tag or username exactly). ' +
          'ordering: -created (default), created, -hit (most viewed), hit. created__gte: YYYY-MM-DD or ISO date-time. ' +
          'licence: one or more of by, by-nc, by-nd, by-sa, by-nc-sa, by-nc-nd, comma-separated (any of them). ' +
          'palette: a colour as #rrggbb (URL-encoded %23rrggbb): visible artworks whose cover palette holds a colour within ' +
          'CIEDE2000 12 of it, closest first (the sum over those colours of share × (1 − ΔE/12); ties newest id first); ordering is ignored.',
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      const page = parsePaging(request.query);
      const filters = parseFilters(request.query);
      const ordering = (request.query.ordering ?? '-created') as Ordering;
      const answer = async () => {
        const result = await listArtworks(app, request.user, request.lang, filters, ordering, page);
        return pagedText(request, page, result.count, result.cards);
      };
      reply.type('application/json; charset=utf-8');
      if (request.user) return reply.send(await answer());
      // Guests share answers for a moment (the links inside are absolute: the host is part of the key).
      const key = `${request.lang} ${baseUrl(request)} ${request.url}`;
      return reply.send(await app.guestAnswers.get('list', key, answer));
    },
  );

  r.get(
    '/api/v1/artworks/:id/',
    {
      schema: {
        tags: ['artworks'],
        summary: 'One artwork with its content; counts one view per viewer per day (SPEC §7)',
        params: idPathParams,
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const view = dailyView(viewerKey(request), id);
      reply.type('application/json; charset=utf-8');
      if (request.user || !app.gallery.recentViews.has(view.key)) return reply.send(await readArtwork(app, request.user, request.lang, id, view));
      // A guest whose view this process already counted today shares the guests' answer for a moment:
      // nothing is left to count, and it holds nothing of theirs.
      return reply.send(await app.guestAnswers.get('detail', `${request.lang} ${id}`, () => readArtwork(app, null, request.lang, id, null)));
    },
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
    async (request, reply) => {
      const page = parsePaging(request.query);
      const result = await listUserArtworks(
        app,
        request.user,
        request.lang,
        parseId(request.params.id),
        { type: request.query.type ?? 'projects', draft: request.query.draft === 'true', ordering: (request.query.ordering ?? '-created') as Ordering },
        page,
      );
      return reply.type('application/json; charset=utf-8').send(pagedText(request, page, result.count, result.cards));
    },
  );
}

/** A viewer key for view counting: the user, or a hash of a guest's address and browser (no address is stored). */
function viewerKey(request: FastifyRequest): string {
  if (request.user) return `u:${request.user.id}`;
  const digest = createHash('sha256')
    .update(`${request.ip}\n${request.headers['user-agent'] ?? ''}`)
    .digest('hex');
  return `g:${digest.slice(0, 40)}`;
}

export const galleryRoutes = fp(
  async (app: FastifyInstance) => {
    await app.register(galleryStatePlugin);
    await app.register(gallery);
  },
  { name: 'gallery', dependencies: ['changes', 'guest-answers'] },
);

import { CREDENTIALS_FILTER, parseLicenceFilter, parsePaletteFilter, searchTermSchema } from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { didYouMean } from '../../domain/search/suggest.ts';
import { badRequest } from '../../http/errors.ts';
import { baseUrl, pagedText, pagingQuery, parsePaging } from '../../http/paging.ts';
import type { ArtworkFilters, Ordering } from './queries.ts';
import { listArtworks, listUserArtworks } from './service.ts';

/**
 * What the gallery's GET routes answer (JSON text), for the routes themselves and for a page's first query
 * (`plugin.ts` registers them as the page host's loaders), so both give the same answer to the same viewer.
 */

/** The web gallery's page size (apps/web features/gallery GALLERY_PAGE). */
const ORDERINGS = ['-created', 'created', '-hit', 'hit', 'relevance'] as const;

const ordering = z.enum(ORDERINGS, { error: 'gallery.invalid_ordering' }).optional();
const code = z.string().max(50).optional();

export const listQuery = z.object({
  ...pagingQuery,
  search: searchTermSchema.optional(),
  ordering,
  created__gte: z.string().max(40).optional(),
  categories__category: code,
  fields__field: code,
  concepts__concept: code,
  color: z.string().max(12).optional(),
  licence: z.string().max(100, 'gallery.invalid_licence').optional(),
  palette: z.string().max(20, 'gallery.invalid_palette').optional(),
  /** Issue #35: only artworks showing an image with valid Content Credentials. */
  credentials: z.enum([CREDENTIALS_FILTER], { error: 'field.invalid_choice' }).optional(),
  type: z.enum(['projects'], { error: 'field.invalid_choice' }).optional(),
  /** Issue #31: `general` leaves mature work out; `none` leaves out work made with AI (assisted or generated). */
  rating: z.enum(['general'], { error: 'field.invalid_choice' }).optional(),
  ai_use: z.enum(['none'], { error: 'field.invalid_choice' }).optional(),
});

export const userListQuery = z.object({
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
  if (query.credentials) filters.credentials = true;
  if (query.rating) filters.general = true;
  if (query.ai_use) filters.noAi = true;
  if (query.palette !== undefined) {
    const palette = parsePaletteFilter(query.palette);
    if (!palette) throw badRequest({ palette: 'gallery.invalid_palette' });
    filters.palette = palette;
  }
  return filters;
}

/** `GET /api/v1/artworks/`: a page of the gallery; `url` is the address its next/previous links are built from. */
export async function galleryAnswer(app: FastifyInstance, request: FastifyRequest, query: z.infer<typeof listQuery>, url: string): Promise<string> {
  const page = parsePaging(query);
  const filters = parseFilters(query);
  const ordering = (query.ordering ?? '-created') as Ordering;
  const answer = async () => {
    const result = await listArtworks(app, request.user, request.lang, filters, ordering, page);
    const text = pagedText(request, page, result.count, result.cards, url);
    // Issue #30.4: a search that finds nothing may carry a close term that does find work.
    const suggestion = result.count === 0 && filters.search ? await didYouMean(app.db, filters.search) : null;
    return suggestion ? `${text.slice(0, -1)},"suggestion":${JSON.stringify(suggestion)}}` : text;
  };
  if (request.user) return answer();
  // Guests share answers for a moment (the links inside are absolute: the host is part of the key).
  return app.guestAnswers.get('list', `${request.lang} ${baseUrl(request)} ${url}`, answer);
}

/** `GET /api/v1/users/{id}/artworks/`: a profile's tab. */
export async function userArtworksAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  query: z.infer<typeof userListQuery>,
  url: string,
): Promise<string> {
  const page = parsePaging(query);
  const result = await listUserArtworks(
    app,
    request.user,
    request.lang,
    userId,
    { type: query.type ?? 'projects', draft: query.draft === 'true', ordering: (query.ordering ?? '-created') as Ordering },
    page,
  );
  return pagedText(request, page, result.count, result.cards, url);
}

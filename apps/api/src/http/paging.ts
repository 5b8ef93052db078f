import type { Config } from '../config.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@axoo/contract';
import { badRequest } from './errors.ts';

export interface Page {
  limit: number;
  offset: number;
}

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Query fields every paged list accepts; spread into a route's querystring schema. */
export const pagingQuery = {
  limit: z.string().optional(),
  offset: z.string().optional(),
};

const whole = /^\d+$/;

/** limit/offset from a query: a limit over the cap is clamped, anything not a whole number is a 400. */
export function parsePaging(query: { limit?: string; offset?: string }, defaultLimit = PAGE_SIZE): Page {
  const errors: Record<string, string> = {};
  let limit = defaultLimit;
  let offset = 0;
  if (query.limit !== undefined && query.limit !== '') {
    if (!whole.test(query.limit) || Number(query.limit) < 1) errors.limit = 'paging.invalid_limit';
    else limit = Math.min(Number(query.limit), MAX_PAGE_SIZE);
  }
  if (query.offset !== undefined && query.offset !== '') {
    if (!whole.test(query.offset) || !Number.isSafeInteger(Number(query.offset))) errors.offset = 'paging.invalid_offset';
    else offset = Number(query.offset);
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return { limit, offset };
}

/** The request's own absolute URL base: PUBLIC_URL when set, else what the request came to. */
/** The site's origin where no request tells it (periodic mails): PUBLIC_URL, else this process on localhost. */
export function siteOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/$/, '') : `http://localhost:${config.PORT}`;
}

export function baseUrl(request: FastifyRequest): string {
  const configured = request.server.config.PUBLIC_URL;
  if (configured) return configured.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

function link(request: FastifyRequest, limit: number, offset: number, path: string): string {
  const url = new URL(path, `${baseUrl(request)}/`);
  url.searchParams.set('limit', String(limit));
  if (offset > 0) url.searchParams.set('offset', String(offset));
  else url.searchParams.delete('offset');
  return `${baseUrl(request)}${url.pathname}${url.search}`;
}

/**
 * DRF LimitOffsetPagination answer with absolute next/previous links, built from the request's own address or, for a
 * page's first query answered without a request of its own, the API address it stands for (`path`).
 */
export function paged<T>(request: FastifyRequest, page: Page, count: number, results: T[], path = request.url): Paged<T> {
  const { limit, offset } = page;
  return {
    count,
    next: offset + limit < count ? link(request, limit, offset + limit, path) : null,
    previous: offset > 0 ? link(request, limit, Math.max(0, offset - limit), path) : null,
    results,
  };
}

/**
 * The same answer as JSON text, from items that are JSON text already (issue #14: the gallery's cards
 * are kept serialised; joining them costs nothing next to parsing and serialising them again).
 */
export function pagedText(request: FastifyRequest, page: Page, count: number, items: string[], path = request.url): string {
  const { next, previous } = paged(request, page, count, [], path);
  return `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":[${items.join(',')}]}`;
}

/** Response schema of a paged list of `item`. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
}

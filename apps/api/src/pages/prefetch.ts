import type { PrefetchedQuery } from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scriptJson } from '../html/escape.ts';
import { AppError } from '../http/errors.ts';
import type { PageLoaderEntry, Prefetch, PreloadImage } from '../html/page-hooks.ts';
import { preloadLink } from './preloads.ts';

/** A first query's answer: for the renderer, for the page's inline script, and the images to preload. */
interface Prefetched {
  query: PrefetchedQuery;
  entry: string;
  images: PreloadImage[];
}

/** The page's first queries: their answers for the renderer, the images to preload, and the `__PREFETCH__` script. */
export interface PrefetchedPage {
  queries: PrefetchedQuery[];
  images: string;
  tags: string;
}

const NONE: PrefetchedPage = { queries: [], images: '', tags: '' };

/** A route's path as a pattern: `:name` is one segment. */
const routePattern = (route: string) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);

/** The loader of an API address among the registered ones, with the route's parameters and query. */
export function loaderOf(loaders: PageLoaderEntry[], url: string) {
  const { pathname, searchParams } = new URL(url, 'http://x');
  for (const entry of loaders) {
    const m = routePattern(entry.route).exec(pathname);
    if (!m) continue;
    // As the router gives them: decoded (a profile's slug may be Hangul).
    const params = Object.fromEntries(Object.entries(m.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
    return { load: entry.load, input: { params, query: Object.fromEntries(searchParams), url } };
  }
  return null;
}

/** One query's answer by its feature's loader, then the queries it leads to; a query its route would refuse is left out. */
async function load(app: FastifyInstance, p: Prefetch, request: FastifyRequest): Promise<Prefetched[]> {
  const found = loaderOf(app.pageLoaders, p.url);
  if (!found) {
    request.log.warn({ url: p.url }, 'no page loader for a first query');
    return [];
  }
  const body = await found.load(request, found.input).catch((err) => {
    // A refusal (404, 403) leaves the query to the browser, as the route would answer it; anything else is a fault.
    if (!(err instanceof AppError)) request.log.warn({ err }, 'prefetch failed');
    return null;
  });
  if (body === null) return [];
  const data: unknown = JSON.parse(body);
  const next = p.next?.(data);
  const self: Prefetched = {
    query: { key: p.key, infinite: Boolean(p.infinite), data, ...(p.stale ? { stale: true } : {}) },
    entry: `{"key":${JSON.stringify(p.key)},"infinite":${Boolean(p.infinite)},${p.stale ? '"stale":true,' : ''}"data":${body}}`,
    images: p.images ? p.images(data) : [],
  };
  return [self, ...(next ? await load(app, next, request) : [])];
}

/**
 * Runs the page's first queries as the viewer, by calling the loaders the features registered (the functions their
 * routes answer with): the answers for the server renderer, and the inline script (plus image preloads) that hands
 * them to the browser.
 */
export async function prefetch(app: FastifyInstance, request: FastifyRequest, pathname: string, search: string): Promise<PrefetchedPage> {
  const wanted = app.prefetch.map((resolve) => resolve(pathname, search)).filter((p): p is Prefetch => p !== null);
  if (!wanted.length) return NONE;
  const ok = (await Promise.all(wanted.map((p) => load(app, p, request)))).flat();
  if (!ok.length) return NONE;
  return {
    queries: ok.map((a) => a.query),
    images: ok
      .flatMap((a) => a.images)
      .map(preloadLink)
      .join(''),
    tags: `<script id="__PREFETCH__" type="application/json">${scriptJson(`[${ok.map((a) => a.entry).join(',')}]`)}</script>`,
  };
}

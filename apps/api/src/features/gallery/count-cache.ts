import type { FastifyInstance } from 'fastify';

/**
 * Counts of the gallery's visible artworks per filter set, kept for a few seconds per process.
 * Counting 100,000 visible rows costs tens of milliseconds on every request, where the page itself
 * costs about one; the count only sizes the pager, so a few seconds of age is harmless. Any write
 * through this process (an unsafe HTTP method) clears it at once, so a user's own change shows.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;
const caches = new WeakMap<FastifyInstance, Map<string, { at: number; value: Promise<number> }>>();

function cacheOf(app: FastifyInstance) {
  let cache = caches.get(app);
  if (!cache) {
    cache = new Map();
    caches.set(app, cache);
  }
  return cache;
}

export function cachedCount(app: FastifyInstance, key: string, count: () => Promise<number>): Promise<number> {
  const cache = cacheOf(app);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = count();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

export function clearCountCache(app: FastifyInstance) {
  caches.get(app)?.clear();
  pages.get(app)?.clear();
}

/**
 * Whole guest answers of the gallery list, serialised, for a couple of seconds: every guest on
 * page 1 of a filter set gets the same bytes (logged-in viewers never share an answer: their
 * collection marks and own hidden work differ). Cleared together with the counts on any write.
 */
const PAGE_TTL_MS = 2_000;
const pages = new WeakMap<FastifyInstance, Map<string, { at: number; body: Promise<string> }>>();

export function cachedPage(app: FastifyInstance, key: string, build: () => Promise<string>): Promise<string> {
  let cache = pages.get(app);
  if (!cache) {
    cache = new Map();
    pages.set(app, cache);
  }
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < PAGE_TTL_MS) return hit.body;
  const body = build();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: Date.now(), body });
  const own = cache;
  body.catch(() => own.delete(key));
  return body;
}

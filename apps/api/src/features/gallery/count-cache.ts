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

/** The app's own entry of a per-app store, made on first use (tests run several apps in one process). */
export function perApp<T>(store: WeakMap<FastifyInstance, T>, app: FastifyInstance, create: () => T): T {
  let value = store.get(app);
  if (value === undefined) {
    value = create();
    store.set(app, value);
  }
  return value;
}

export function cachedCount(app: FastifyInstance, key: string, count: () => Promise<number>): Promise<number> {
  const cache = perApp(caches, app, () => new Map());
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
  answers.get(app)?.clear();
}

/**
 * Whole guest answers, serialised, for a couple of seconds: every guest on page 1 of a filter set
 * (kind 'list'), or on one artwork (kind 'detail'), gets the same bytes. Logged-in viewers never
 * share an answer: their collection marks and own hidden work differ. Cleared together with the
 * counts on any write. Each kind has its own map, so many artworks seen once do not push the
 * gallery's pages out.
 */
const PAGE_TTL_MS = 2_000;
type Answers = Map<string, { at: number; body: Promise<string> }>;
const answers = new WeakMap<FastifyInstance, Map<'list' | 'detail', Answers>>();

export function cachedPage(app: FastifyInstance, kind: 'list' | 'detail', key: string, build: () => Promise<string>): Promise<string> {
  const kinds = perApp(answers, app, () => new Map<'list' | 'detail', Answers>());
  let cache = kinds.get(kind);
  if (!cache) {
    cache = new Map();
    kinds.set(kind, cache);
  }
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < PAGE_TTL_MS) return hit.body;
  const body = build();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: Date.now(), body });
  const own = cache;
  // A failed build (a 404, a database error) is not kept: the next request tries afresh.
  body.catch(() => own.delete(key));
  return body;
}

import type { FastifyInstance } from 'fastify';
import { perApp } from '../../http/guest-answers.ts';

/**
 * Counts of the gallery's visible artworks per filter set, kept for a few seconds per process.
 * Counting 100,000 visible rows costs tens of milliseconds on every request, where the page itself
 * costs about one; the count only sizes the pager, so a few seconds of age is harmless. Any write
 * through this process (an unsafe HTTP method) clears it at once, so a user's own change shows.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;
const caches = new WeakMap<FastifyInstance, Map<string, { at: number; value: Promise<number> }>>();

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
}

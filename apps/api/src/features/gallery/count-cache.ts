import type { FastifyInstance } from 'fastify';
import { type Memo, perApp, remember } from '../../http/memo.ts';

/**
 * Counts of the gallery's visible artworks per filter set, kept for a few seconds per process.
 * Counting 100,000 visible rows costs tens of milliseconds on every request, where the page itself
 * costs about one; the count only sizes the pager, so a few seconds of age is harmless. Any write
 * through this process (an unsafe HTTP method) clears it at once, so a user's own change shows.
 */
const TTL_MS = 5_000;
const counts = new WeakMap<FastifyInstance, Memo<number>>();

export function cachedCount(app: FastifyInstance, key: string, count: () => Promise<number>): Promise<number> {
  return remember(
    perApp(counts, app, () => new Map()),
    key,
    TTL_MS,
    count,
  );
}

export function clearCountCache(app: FastifyInstance) {
  counts.get(app)?.clear();
}

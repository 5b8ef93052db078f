import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Memo, remember } from '../../http/memo.ts';
import { type DetailStatements, prepareDetail } from './queries.ts';

/**
 * Counts of the gallery's visible artworks per filter set, kept for a few seconds per process.
 * Counting 100,000 visible rows costs tens of milliseconds on every request, where the page itself
 * costs about one; the count only sizes the pager, so a few seconds of age is harmless. Any write
 * clears it at once (`changes`), so a user's own change shows.
 */
const COUNT_TTL_MS = 5_000;
const RECENT_VIEWS_MAX = 100_000;
const RANKINGS_MAX = 50;

export interface GalleryState {
  count(key: string, count: () => Promise<number>): Promise<number>;
  clearCounts(): void;
  /** Views this process already recorded today (`artwork viewer day`): spares the statement for refreshes. */
  recentViews: { has(key: string): boolean; add(key: string): void };
  /** Issue #18: a palette search's ranked artwork ids per filter set, kept like the counts (gallery/palette.ts). */
  paletteRanking(key: string, rank: () => Promise<Int32Array>): Promise<Int32Array>;
  /** The artwork detail's prepared statements (guest and member), made once for the app's database. */
  detail: DetailStatements;
}

declare module 'fastify' {
  interface FastifyInstance {
    gallery: GalleryState;
  }
}

/** Named plugin `gallery-state`: the gallery's per-process memory, made once per app. */
export const galleryStatePlugin = fp(
  async (app: FastifyInstance) => {
    const counts: Memo<number> = new Map();
    const views = new Set<string>();
    const rankings: Memo<Int32Array> = new Map();
    const state: GalleryState = {
      detail: prepareDetail(app.db),
      count: (key, count) => remember(counts, key, COUNT_TTL_MS, count),
      clearCounts: () => {
        counts.clear();
        rankings.clear();
      },
      paletteRanking: (key, rank) => {
        // A ranking can hold tens of thousands of ids: a few dozen colours at a time at most.
        if (rankings.size >= RANKINGS_MAX && !rankings.has(key)) rankings.clear();
        return remember(rankings, key, COUNT_TTL_MS, rank);
      },
      recentViews: {
        has: (key) => views.has(key),
        add: (key) => {
          if (views.size >= RECENT_VIEWS_MAX) views.clear();
          views.add(key);
        },
      },
    };
    app.decorate('gallery', state);
    app.changes.subscribe(() => state.clearCounts());
  },
  { name: 'gallery-state', dependencies: ['db', 'changes'] },
);

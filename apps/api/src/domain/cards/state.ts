import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Memo, remember } from '../../http/memo.ts';
import { type CardStore, cardStore } from './store.ts';
import { type CardStatement, type DetailStatement, type MarkStatements, type PageRow, prepareCards, prepareDetail, prepareMarks } from './queries.ts';

/**
 * Counts of the gallery's visible artworks per filter set, kept for a few seconds per process.
 * Counting 100,000 visible rows costs tens of milliseconds on every request, where the page itself
 * costs about one; the count only sizes the pager, so a few seconds of age is harmless. Any write
 * clears it at once (`changes`), so a user's own change shows.
 */
const COUNT_TTL_MS = 5_000;
/**
 * A search's visible matches in order (issue #14), kept like the counts: each page of a search is then
 * a slice, where the database would find, fetch and sort every match again for each page. At most
 * MATCH_IDS_MAX ids are kept altogether (4 bytes each).
 */
const MATCH_IDS_MAX = 2_000_000;
const RECENT_VIEWS_MAX = 100_000;
/**
 * A page of a filter set as everyone sees it (issue #14): its ids in order with their views, kept as long as
 * the guests' whole answers (guest-answers.ts); a member's page is this plus their own collection marks.
 */
const PAGE_TTL_MS = 2_000;

export interface GalleryState {
  count(key: string, count: () => Promise<number>): Promise<number>;
  /** The ordered ids of a search's visible matches, or a palette search's ranking (issue #18), per filter set and ordering. */
  matches(key: string, load: () => Promise<number[]>): Promise<Int32Array>;
  /** A page of the visible scope as everyone sees it (ids in order with `hit`), per filter set, ordering and window. */
  pages(key: string, load: () => Promise<PageRow[]>): Promise<PageRow[]>;
  /** A viewer's collection entries by artwork id, kept like the counts. */
  collected(userId: number, load: () => Promise<Map<number, number>>): Promise<Map<number, number>>;
  /** Drops every count, match set, page, collection and card (what a write does). */
  clearCaches(): void;
  /** Views this process already recorded today (`artwork viewer day`): spares the statement for refreshes. */
  recentViews: { has(key: string): boolean; add(key: string): void };
  /** The artwork detail's prepared statements (guest and member), made once for the app's database. */
  detail: DetailStatement;
  /** The lists' cards as JSON text per language (cards.ts), cleared by any write. */
  cards: CardStore;
  /** The same for the artwork detail (with its content). */
  details: CardStore;
  /** The statement that reads the cards a page lacks. */
  cardRows: CardStatement;
  /** The statements that read given ids' marks (hit, the viewer's collection entry) in order. */
  marks: MarkStatements;
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
    const matches: Memo<Int32Array> = new Map();
    const pages: Memo<PageRow[]> = new Map();
    const collected: Memo<Map<number, number>> = new Map();
    let matchIds = 0;
    const views = new Set<string>();
    const state: GalleryState = {
      detail: prepareDetail(app.db),
      cards: cardStore(),
      details: cardStore(),
      cardRows: prepareCards(app.db),
      marks: prepareMarks(app.db),
      count: (key, count) => remember(counts, key, COUNT_TTL_MS, count),
      matches: (key, load) =>
        remember(matches, key, COUNT_TTL_MS, async () => {
          const ids = Int32Array.from(await load());
          matchIds += ids.length;
          if (matchIds > MATCH_IDS_MAX) {
            matches.clear();
            matchIds = ids.length;
          }
          return ids;
        }),
      pages: (key, load) => remember(pages, key, PAGE_TTL_MS, load),
      collected: (userId, load) => remember(collected, String(userId), COUNT_TTL_MS, load),
      clearCaches: () => {
        counts.clear();
        matches.clear();
        matchIds = 0;
        pages.clear();
        collected.clear();
        state.cards.clear();
        state.details.clear();
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
    app.changes.subscribe(() => state.clearCaches());
  },
  { name: 'gallery-state', dependencies: ['db', 'changes'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Memo, remember } from './memo.ts';

/**
 * Whole answers that are the same for every guest, serialised, kept for a couple of seconds per
 * process: a page of the SPA with its server markup ('page'), page 1 of a gallery filter set
 * ('list'), one artwork ('detail'). Logged-in viewers never share an answer (their collection marks,
 * own hidden work and menus differ). Each kind has its own map, so many artworks seen once do not
 * push the gallery's pages out. Any write clears them all once it has answered (`changes`).
 */
export type AnswerKind = 'page' | 'list' | 'detail';
const TTL_MS = 2_000;
/**
 * Entries per kind: a page of the SPA carries its inline stylesheet and server markup (100–150 KB), so a crawler
 * walking many pages must not fill the process (issue #14, memory); lists are ~30 KB, details ~2 KB.
 */
const MAX_ENTRIES: Record<AnswerKind, number> = { page: 200, list: 500, detail: 1_000 };

export interface GuestAnswers {
  get(kind: AnswerKind, key: string, build: () => Promise<string>): Promise<string>;
  clear(): void;
  /** Lookups and misses (answers built) per kind since start: the metrics' hit ratio (issue #32). */
  readonly stats: Record<AnswerKind, { lookups: number; misses: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    guestAnswers: GuestAnswers;
  }
}

/** Named plugin `guest-answers`: the app's shared guest answers, cleared by every change. */
export const guestAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    const stores: Record<AnswerKind, Memo<string>> = { page: new Map(), list: new Map(), detail: new Map() };
    const stats: GuestAnswers['stats'] = { page: { lookups: 0, misses: 0 }, list: { lookups: 0, misses: 0 }, detail: { lookups: 0, misses: 0 } };
    const answers: GuestAnswers = {
      stats,
      get: (kind, key, build) => {
        stats[kind].lookups++;
        const built = () => {
          stats[kind].misses++;
          return build();
        };
        return remember(stores[kind], key, TTL_MS, built, MAX_ENTRIES[kind]);
      },
      clear: () => {
        for (const store of Object.values(stores)) store.clear();
      },
    };
    app.decorate('guestAnswers', answers);
    app.changes.subscribe(() => answers.clear());
  },
  { name: 'guest-answers', dependencies: ['changes'] },
);

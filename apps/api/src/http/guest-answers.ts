import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Memo, perApp, remember } from './memo.ts';

/**
 * Whole answers that are the same for every guest, serialised, kept for a couple of seconds per
 * process: a page of the SPA with its server markup ('page'), page 1 of a gallery filter set
 * ('list'), one artwork ('detail'). Logged-in viewers never share an answer (their collection marks,
 * own hidden work and menus differ). Each kind has its own map, so many artworks seen once do not
 * push the gallery's pages out. Any write through this process clears them all once it has answered.
 */
export type AnswerKind = 'page' | 'list' | 'detail';
const TTL_MS = 2_000;
const stores: Record<AnswerKind, WeakMap<FastifyInstance, Memo<string>>> = { page: new WeakMap(), list: new WeakMap(), detail: new WeakMap() };

export function cachedGuestAnswer(app: FastifyInstance, kind: AnswerKind, key: string, build: () => Promise<string>): Promise<string> {
  return remember(
    perApp(stores[kind], app, () => new Map()),
    key,
    TTL_MS,
    build,
  );
}

export function clearGuestAnswers(app: FastifyInstance) {
  for (const store of Object.values(stores)) store.get(app)?.clear();
}

/** Named plugin `guest-answers`: a write (an unsafe method) through this process clears every kind. */
export const guestAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') clearGuestAnswers(app);
    });
  },
  { name: 'guest-answers' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The app's own entry of a per-app store, made on first use (tests run several apps in one process). */
export function perApp<T>(store: WeakMap<FastifyInstance, T>, app: FastifyInstance, create: () => T): T {
  let value = store.get(app);
  if (value === undefined) {
    value = create();
    store.set(app, value);
  }
  return value;
}

/**
 * Whole answers that are the same for every guest, serialised, kept for a couple of seconds per
 * process: a page of the SPA with its server markup ('page'), page 1 of a gallery filter set
 * ('list'), one artwork ('detail'). Logged-in viewers never share an answer (their collection marks,
 * own hidden work and menus differ). Each kind has its own map, so many artworks seen once do not
 * push the gallery's pages out. Any write through this process clears them all once it has answered.
 */
export type AnswerKind = 'page' | 'list' | 'detail';
const TTL_MS = 2_000;
const MAX_ENTRIES = 1_000;
type Answers = Map<string, { at: number; body: Promise<string> }>;
const stores: Record<AnswerKind, WeakMap<FastifyInstance, Answers>> = { page: new WeakMap(), list: new WeakMap(), detail: new WeakMap() };

export function cachedGuestAnswer(app: FastifyInstance, kind: AnswerKind, key: string, build: () => Promise<string>): Promise<string> {
  const cache = perApp(stores[kind], app, () => new Map());
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.body;
  const body = build();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: Date.now(), body });
  // A failed build (a 404, a database error) is not kept: the next request tries afresh.
  body.catch(() => cache.delete(key));
  return body;
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

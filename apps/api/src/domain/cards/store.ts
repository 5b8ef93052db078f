import type { Lang } from '@axoo/contract';

/**
 * Issue #14: the cards of lists, kept ready as JSON text per language, so a page of 24 is one light
 * statement (the page's ids with each row's `hit` and the viewer's collection mark) and a string
 * join, instead of 24 rows with eight relations built as JSON in SQL, parsed, presented and
 * serialised again on every member's request.
 *
 * A card's text holds everything but the two parts that are not the same for every viewer and every
 * second: `hit` (every new view changes it) and `collection` (the viewer's own mark). They are read
 * with the page's ids and appended to the text (`withMarks`), so they are never stale.
 *
 * Any write through the API clears the store on every process (`changes`, like the guest answers and
 * the counts), so an edited title, a renamed author or a new tag shows on the next request; the age
 * limit only bounds what a background job could change without a request. The store keeps at most
 * MAX_CHARS characters of text (about 4 MB of Latin, 8 of Hangul) and forgets the oldest first.
 */
export const CARD_TTL_MS = 30_000;
const MAX_CHARS = 4_000_000;

/** A stored card: its text, and who may see it (the detail's store checks before it answers). */
export interface StoredCard {
  text: string;
  authorId: number;
  /** Who may open it: reachable (listed or link-only), else its author and staff. */
  reachable: boolean;
}

/**
 * Issue #31: which presentation a stored card is: per language, and whether mature work shows as it is (for a viewer
 * who opted in, `cardView(lang, true)`) or blurred (everyone else, the plain language).
 */
export type CardView = Lang | `${Lang}+mature` | `${Lang}+own`;
export const cardView = (lang: Lang, showMature: boolean): CardView => (showMature ? `${lang}+mature` : lang);
/** Issue #34 (6): the detail as its author receives it (mature work as it is, a protected work's originals). */
export const ownView = (lang: Lang): CardView => `${lang}+own`;

export interface CardStore {
  get(view: CardView, id: number): StoredCard | undefined;
  set(view: CardView, id: number, card: StoredCard): void;
  clear(): void;
  readonly size: number;
}

export function cardStore(now = () => Date.now()): CardStore {
  const cards = new Map<string, { at: number; card: StoredCard }>();
  let chars = 0;
  const drop = (key: string) => {
    const old = cards.get(key);
    if (!old) return;
    chars -= old.card.text.length;
    cards.delete(key);
  };
  return {
    get(view, id) {
      const key = `${view}${id}`;
      const hit = cards.get(key);
      if (!hit) return undefined;
      if (now() - hit.at >= CARD_TTL_MS) return void drop(key);
      return hit.card;
    },
    set(view, id, card) {
      const key = `${view}${id}`;
      drop(key);
      // A Map iterates in insertion order: the first keys are the oldest.
      for (const oldest of cards.keys()) {
        if (chars + card.text.length <= MAX_CHARS) break;
        drop(oldest);
      }
      cards.set(key, { at: now(), card });
      chars += card.text.length;
    },
    clear() {
      cards.clear();
      chars = 0;
    },
    get size() {
      return cards.size;
    },
  };
}

/** A presented card (or detail) as stored: its JSON text without `hit` and `collection`, which `withMarks` appends. */
export function storedCard<C extends { hit: number; collection: number | null; reachable: boolean }>(card: C, authorId: number): StoredCard {
  const { hit: _hit, collection: _collection, ...rest } = card;
  return { text: JSON.stringify(rest), authorId, reachable: card.reachable };
}

/** The stored text with this request's `hit` and the viewer's `collection`. */
export function withMarks(text: string, hit: number, collection: number | null): string {
  return `${text.slice(0, -1)},"hit":${hit},"collection":${collection}}`;
}

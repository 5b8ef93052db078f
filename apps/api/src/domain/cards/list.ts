import type { Lang } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import type { Page } from '../../http/paging.ts';
import { presentArtwork } from '../artworks/present.ts';
import type { UserRow } from '../users/user.ts';
import { cardRows, collectedBy, marksOf, type PageMark, type PageRow } from './queries.ts';
import type { GalleryState } from './state.ts';
import { seesMature } from '../artworks/rating.ts';
import { cardView, storedCard, withMarks } from './store.ts';

/** What reading cards needs: the plain dependencies and the per-process card state (`app.gallery`, state.ts). */
export type CardDeps = Deps & { gallery: GalleryState };

/** A list's answer before paging links: the count and each card as JSON text, in order. */
export interface CardList {
  count: number;
  cards: string[];
}

/** Issue #31: a list's language, and whether its viewer receives mature work as it is (`listView`). */
export interface CardListView {
  lang: Lang;
  showMature: boolean;
}
/** The list view of a viewer: mature work as it is only for a member who opted in (`domain/artworks/rating.ts`). */
export const listView = (viewer: UserRow | null, lang: Lang): CardListView => ({ lang, showMature: seesMature(viewer) });

/**
 * A list in a fixed number of statements whatever the page size (issue #14): the count (cached per
 * filter set) and the page's marks in parallel, then, only for cards the store lacks, their rows with
 * relations in one statement. Each card is presented once per language and kept as text (cards.ts);
 * the viewer's marks are appended per request.
 */
export async function cardList(deps: CardDeps, view: CardListView, count: Promise<number>, page: Promise<PageMark[]>): Promise<CardList> {
  const [total, marks] = await Promise.all([count, page]);
  const store = deps.gallery.cards;
  const { lang, showMature } = view;
  const variant = cardView(lang, showMature);
  const texts = new Map<number, string>();
  const missing: number[] = [];
  for (const { id } of marks) {
    const card = store.get(variant, id);
    if (card === undefined) missing.push(id);
    else texts.set(id, card.text);
  }
  if (missing.length) {
    const { rows, rel } = await cardRows(deps.gallery.cardRows, missing);
    for (const row of rows) {
      const card = storedCard(presentArtwork(row, rel, lang, { showMature }), row.authorId);
      store.set(variant, row.id, card);
      texts.set(row.id, card.text);
    }
  }
  const cards: string[] = [];
  for (const { id, hit, collection } of marks) {
    const text = texts.get(id);
    // Deleted between the two statements: gone from the page as from the list.
    if (text !== undefined) cards.push(withMarks(text, hit, collection));
  }
  return { count: total, cards };
}

/**
 * Issue #17: a page of an ordered id list that is not the gallery's own (the Following feed), kept per `key` like a
 * search's matches (cleared by any write) and answered with the same stored cards and marks as every list.
 */
export async function pageOfIds(deps: CardDeps, key: string, load: () => Promise<number[]>, viewer: UserRow | null, lang: Lang, page: Page) {
  const ids = await deps.gallery.matches(key, load);
  return rankedPage(deps, viewer, lang, ids, `${key} ${page.limit} ${page.offset}`, page);
}

/** One page of an ordered id set (a search's matches, a palette ranking): its size is the count. */
export function rankedPage(deps: CardDeps, viewer: UserRow | null, lang: Lang, ids: Int32Array, pageKey: string, page: Page) {
  const slice = Array.from(ids.subarray(page.offset, page.offset + page.limit));
  const shared = deps.gallery.pages(pageKey, () => marksOf(deps.gallery.marks, slice, null));
  return cardList(deps, listView(viewer, lang), Promise.resolve(ids.length), withCollection(deps, viewer, shared));
}

/** Rows everyone sees, with the viewer's own collection entries (remembered per viewer like the counts). */
export async function withCollection(deps: CardDeps, viewer: UserRow | null, rows: Promise<PageRow[]>): Promise<PageMark[]> {
  const [page, collected] = await Promise.all([rows, viewer ? deps.gallery.collected(viewer.id, () => collectedBy(deps.db, viewer.id)) : null]);
  return page.map(({ id, hit }) => ({ id, hit, collection: collected?.get(id) ?? null }));
}

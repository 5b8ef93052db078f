import type { Deps } from '../../deps.ts';
import type { Lang, ProfileTab } from '@axoo/contract';
import type { SQL } from 'drizzle-orm';
import { notFound } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import type { UserRow } from '../accounts/user.ts';
import { canViewArtwork, visibleScope, visibleScopes } from '../artworks/scope.ts';
import { presentArtwork } from '../artworks/present.ts';
import { storedCard, withMarks } from './cards.ts';
import { rankByPalette } from './palette.ts';
import { canSeeCollection, countsAsView, isOwner } from './policy.ts';
import * as q from './queries.ts';
import type { GalleryState } from './state.ts';

/** The gallery's services also use its per-process state. */
export type GalleryDeps = Deps & { gallery: GalleryState };

/** A list's answer before paging links: the count and each card as JSON text, in order. */
export interface CardList {
  count: number;
  cards: string[];
}

/**
 * A list in a fixed number of statements whatever the page size (issue #14): the count (cached per
 * filter set) and the page's marks in parallel, then, only for cards the store lacks, their rows with
 * relations in one statement. Each card is presented once per language and kept as text (cards.ts);
 * the viewer's marks are appended per request.
 */
async function cardList(deps: GalleryDeps, lang: Lang, count: Promise<number>, page: Promise<q.PageMark[]>): Promise<CardList> {
  const [total, marks] = await Promise.all([count, page]);
  const store = deps.gallery.cards;
  const texts = new Map<number, string>();
  const missing: number[] = [];
  for (const { id } of marks) {
    const card = store.get(lang, id);
    if (card === undefined) missing.push(id);
    else texts.set(id, card.text);
  }
  if (missing.length) {
    const { rows, rel } = await q.cardRows(deps.gallery.cardRows, missing);
    for (const row of rows) {
      const card = storedCard(presentArtwork(row, rel, lang), row.authorId);
      store.set(lang, row.id, card);
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
 * SPEC §7 GET /api/v1/artworks/: the gallery. The visible part of the count is shared by every
 * viewer with the same filters and cached for a few seconds (state.ts); a logged-in author's
 * own hidden work is counted apart (through the author index) and cached for them alike.
 */
export async function listArtworks(deps: GalleryDeps, viewer: UserRow | null, lang: Lang, filters: q.ArtworkFilters, ordering: q.Ordering, page: Page) {
  const [everyone, ...hidden] = visibleScopes(viewer);
  const visible = q.visibleRows(everyone, filters);
  const own = hidden.map((scope) => q.rowsOf(q.artworkConditions(scope, filters) as SQL));
  const key = JSON.stringify({ ...filters, createdFrom: filters.createdFrom?.getTime() });
  const { db, gallery } = deps;
  if (filters.palette) {
    // Issue #18: a palette search ranks visible work only (its index holds nothing else), in its own order.
    const ranking = await gallery.matches(key, async () => (await rankByPalette(db, filters)).map((r) => r.id));
    return rankedPage(deps, viewer, lang, ranking, `${key} ${page.limit} ${page.offset}`, page);
  }
  const mine = own.length && viewer ? await deps.gallery.count(`${viewer.id} ${key}`, () => q.countArtworks(deps.db, own)) : 0;
  if (!mine) {
    // Issue #14: what everyone sees of this page is shared (as guests share whole answers); the viewer's own
    // collection marks are merged in. A search's pages are slices of its cached visible matches.
    const pageKey = `${key} ${ordering} ${page.limit} ${page.offset}`;
    if (filters.search) {
      const matches = await gallery.matches(`${key} ${ordering}`, () => q.matchIds(db, visible, ordering));
      return rankedPage(deps, viewer, lang, matches, pageKey, page);
    }
    const count = gallery.count(key, () => q.countArtworks(db, [visible]));
    const shared = gallery.pages(pageKey, () => q.pageMarks(db, [visible], ordering, page.limit, page.offset, null));
    return cardList(deps, lang, count, withCollection(deps, viewer, shared));
  }
  // The viewer's own hidden work is among the rows: both scopes are merged in SQL, with the viewer's marks.
  const count = deps.gallery.count(key, () => q.countArtworks(deps.db, [visible])).then((n) => n + mine);
  return cardList(deps, lang, count, q.pageMarks(deps.db, [visible, ...own], ordering, page.limit, page.offset, viewer?.id ?? null));
}

/**
 * Issue #17: a page of an ordered id list that is not the gallery's own (the Following feed), kept per `key` like a
 * search's matches (cleared by any write) and answered with the same stored cards and marks as every list.
 */
export async function pageOfIds(deps: GalleryDeps, key: string, load: () => Promise<number[]>, viewer: UserRow | null, lang: Lang, page: Page) {
  const ids = await deps.gallery.matches(key, load);
  return rankedPage(deps, viewer, lang, ids, `${key} ${page.limit} ${page.offset}`, page);
}

/** One page of an ordered id set (a search's matches, a palette ranking): its size is the count. */
function rankedPage(deps: GalleryDeps, viewer: UserRow | null, lang: Lang, ids: Int32Array, pageKey: string, page: Page) {
  const slice = Array.from(ids.subarray(page.offset, page.offset + page.limit));
  const shared = deps.gallery.pages(pageKey, () => q.marksOf(deps.gallery.marks, slice, null));
  return cardList(deps, lang, Promise.resolve(ids.length), withCollection(deps, viewer, shared));
}

/** Rows everyone sees, with the viewer's own collection entries (remembered per viewer like the counts). */
async function withCollection(deps: GalleryDeps, viewer: UserRow | null, rows: Promise<q.PageRow[]>): Promise<q.PageMark[]> {
  const [page, collected] = await Promise.all([rows, viewer ? deps.gallery.collected(viewer.id, () => q.collectedBy(deps.db, viewer.id)) : null]);
  return page.map(({ id, hit }) => ({ id, hit, collection: collected?.get(id) ?? null }));
}

/**
 * SPEC §2 Profile tabs and the upload screen's draft lookup (GET /api/v1/users/{id}/artworks/).
 * What another viewer may not see is a 404, like a hidden artwork.
 */
export async function listUserArtworks(
  deps: GalleryDeps,
  viewer: UserRow | null,
  lang: Lang,
  userId: number,
  options: { type: ProfileTab; draft: boolean; ordering: q.Ordering },
  page: Page,
) {
  const user = await q.findUser(deps.db, userId);
  if (!user) throw notFound();
  let where: SQL;
  if (options.draft) {
    if (!isOwner(viewer, userId)) throw notFound();
    where = q.profileDrafts(userId);
  } else if (options.type === 'collection') {
    if (!canSeeCollection(viewer, user)) throw notFound();
    where = q.profileCollection(userId, visibleScope(viewer));
  } else if (options.type === 'application') {
    // My submission is the owner's own tab (issue #6); staff review submissions on each invite.
    if (!isOwner(viewer, userId)) throw notFound();
    where = q.profileApplications(userId);
  } else {
    where = q.profileProjects(userId, visibleScope(viewer, { drafts: true, staffSeesAll: true }));
  }
  const rows = q.rowsOf(where);
  const marks = withCollection(deps, viewer, q.pageMarks(deps.db, [rows], options.ordering, page.limit, page.offset, null));
  return cardList(deps, lang, q.countArtworks(deps.db, [rows]), marks);
}

/** One viewer's view of one artwork on one day (SPEC §7: counted once). */
export interface DailyView {
  viewer: string;
  day: string;
  key: string;
}

export function dailyView(viewerKey: string, artworkId: number, now = new Date()): DailyView {
  const day = now.toISOString().slice(0, 10);
  return { viewer: viewerKey, day, key: `${artworkId} ${viewerKey} ${day}` };
}

/**
 * SPEC §7 GET /api/v1/artworks/{id}/: 404 for what the viewer may not see; with `view`, counts the viewer's view
 * of the day. The set of views this process recorded only spares the statement for a viewer's refreshes (the
 * table's primary key stays the guard). Issue #14: the artwork with its content and relations is kept as text
 * per language like the cards (cleared by any write); each answer appends its `hit` (shared for a moment, read
 * afresh when this request counted a view) and the viewer's collection entry. Returns JSON text.
 */
export async function readArtwork(deps: GalleryDeps, viewer: UserRow | null, lang: Lang, id: number, view: DailyView | null): Promise<string> {
  let stored = deps.gallery.details.get(lang, id);
  if (!stored) {
    const found = await q.findArtworkWithRelated(deps.gallery.detail, id);
    const row = found?.rows[0];
    if (!found || !row) throw notFound();
    stored = storedCard(presentArtwork(row, found.rel, lang, { withContent: true }), row.authorId);
    deps.gallery.details.set(lang, id, stored);
  }
  const artwork = { authorId: stored.authorId, visible: stored.visible };
  if (!canViewArtwork(viewer, artwork)) throw notFound();
  const { gallery } = deps;
  let counted = false;
  if (view && countsAsView(viewer, artwork) && !gallery.recentViews.has(view.key)) {
    counted = await q.recordView(deps.db, id, view.viewer, view.day);
    gallery.recentViews.add(view.key);
  }
  // Its views are what everyone sees, shared for a moment like a list's page; a view this request counted is
  // read afresh, so the viewer sees it. The viewer's collection entry comes with their others.
  const hit = () => q.marksOf(gallery.marks, [id], null);
  const [mark] = await withCollection(deps, viewer, counted ? hit() : gallery.pages(`detail ${id}`, hit));
  if (!mark) throw notFound();
  return withMarks(stored.text, mark.hit, mark.collection);
}

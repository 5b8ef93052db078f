import type { Lang, ProfileTab } from '@axoo/contract';
import type { SQL } from 'drizzle-orm';
import { notFound } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { visibleScope, visibleScopes } from '../../domain/artworks/scope.ts';
import { type CardDeps, cardList, listView, rankedPage, withCollection } from '../../domain/cards/list.ts';
import { relevanceRank } from '../../domain/search/match.ts';
import { searchWords } from '../../domain/search/terms.ts';
import { rankByPalette } from './palette.ts';
import { canSeeCollection, isOwner } from './policy.ts';
import * as q from './queries.ts';

/**
 * SPEC §7 GET /api/v1/artworks/: the gallery. The visible part of the count is shared by every
 * viewer with the same filters and cached for a few seconds (state.ts); a logged-in author's
 * own hidden work is counted apart (through the author index) and cached for them alike.
 */
export async function listArtworks(deps: CardDeps, viewer: UserRow | null, lang: Lang, filters: q.ArtworkFilters, ordering: q.Ordering, page: Page) {
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
      const search = filters.search;
      const rank = ordering === 'relevance' ? relevanceRank(search, searchWords(search)) : undefined;
      const matches = await gallery.matches(`${key} ${ordering}`, () => q.searchMatches(db, filters, ordering, rank));
      if (!(matches.length === 1 && matches[0] === q.BROAD)) return rankedPage(deps, viewer, lang, matches, pageKey, page);
      // Issue #30.7: a broad term (more matches than SEARCH_MATCHES_MAX) is never gathered: each page walks the
      // list's ordered index, testing rows until it is full (newest first for relevance), up to that many artworks.
      const limit = Math.max(0, Math.min(page.limit, q.SEARCH_MATCHES_MAX - page.offset));
      const walkOrder = ordering === 'relevance' ? '-created' : ordering;
      const shared = gallery.pages(pageKey, async () =>
        limit ? q.pageMarks(db, [q.heldRows(everyone, filters, walkOrder)], walkOrder, limit, page.offset, null) : [],
      );
      // A short page is the last one: the count is then exact, else it is the cap.
      const count = shared.then((rows) => (rows.length < limit ? page.offset + rows.length : q.SEARCH_MATCHES_MAX));
      return cardList(deps, listView(viewer, lang), count, withCollection(deps, viewer, shared));
    }
    const count = gallery.count(key, () => q.countArtworks(db, [visible]));
    const shared = gallery.pages(pageKey, () => q.pageMarks(db, [visible], ordering, page.limit, page.offset, null));
    return cardList(deps, listView(viewer, lang), count, withCollection(deps, viewer, shared));
  }
  // The viewer's own hidden work is among the rows: both scopes are merged in SQL, with the viewer's marks.
  const count = deps.gallery.count(key, () => q.countArtworks(deps.db, [visible])).then((n) => n + mine);
  return cardList(deps, listView(viewer, lang), count, q.pageMarks(deps.db, [visible, ...own], ordering, page.limit, page.offset, viewer?.id ?? null));
}

/**
 * SPEC §2 Profile tabs and the upload screen's draft lookup (GET /api/v1/users/{id}/artworks/).
 * What another viewer may not see is a 404, like a hidden artwork.
 */
export async function listUserArtworks(
  deps: CardDeps,
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
  // Issue #31: the author's own work (their drafts for the editor, projects, submissions) shows as it is to them;
  // their collection holds others' work, shown by their own opt-in.
  const ownWork = isOwner(viewer, userId) && (options.draft || options.type !== 'collection');
  const view = ownWork ? { lang, showMature: true } : listView(viewer, lang);
  return cardList(deps, view, q.countArtworks(deps.db, [rows]), marks);
}

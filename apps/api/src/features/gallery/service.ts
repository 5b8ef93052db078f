import type { Deps } from '../../deps.ts';
import type { Lang, ProfileTab } from '@axoo/contract';
import type { SQL } from 'drizzle-orm';
import { notFound } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import type { UserRow } from '../accounts/user.ts';
import { canViewArtwork, visibleScope, visibleScopes } from '../artworks/scope.ts';
import { presentArtwork } from '../artworks/present.ts';
import { listByPalette } from './palette.ts';
import { canSeeCollection, countsAsView, isOwner } from './policy.ts';
import * as q from './queries.ts';
import type { GalleryState } from './state.ts';

/** The gallery's services also use its per-process state. */
export type GalleryDeps = Deps & { gallery: GalleryState };

/**
 * A list in a fixed number of statements whatever the page size: the count and the page's rows
 * (in parallel), then the relations of all rows at once.
 */
async function presentList(lang: Lang, count: Promise<number>, page: ReturnType<typeof q.pageOfArtworks>) {
  const [total, { rows, rel }] = await Promise.all([count, page]);
  return { count: total, results: rows.map((row) => presentArtwork(row, rel, lang)) };
}

/**
 * SPEC §7 GET /api/v1/artworks/: the gallery. The visible part of the count is shared by every
 * viewer with the same filters and cached for a few seconds (state.ts); a logged-in author's
 * own hidden work is counted apart, which is cheap through the author index.
 */
export function listArtworks(deps: GalleryDeps, viewer: UserRow | null, lang: Lang, filters: q.ArtworkFilters, ordering: q.Ordering, page: Page) {
  if (filters.palette) return listByPalette(deps, viewer, lang, filters, page);
  const [everyone, ...hidden] = visibleScopes(viewer);
  const visible = q.visibleRows(everyone, filters);
  const own = hidden.map((scope) => q.rowsOf(q.artworkConditions(scope, filters) as SQL));
  const scopes = [visible, ...own];
  const key = JSON.stringify({ ...filters, createdFrom: filters.createdFrom?.getTime() });
  const visibleCount = deps.gallery.count(key, () => q.countArtworks(deps.db, [visible]));
  const count = own.length ? Promise.all([visibleCount, q.countArtworks(deps.db, own)]).then(([a, b]) => a + b) : visibleCount;
  return presentList(lang, count, q.pageOfArtworks(deps.db, scopes, ordering, page.limit, page.offset, viewer?.id ?? null));
}

/**
 * SPEC §2 Profile tabs and the upload screen's draft lookup (GET /api/v1/users/{id}/artworks/).
 * What another viewer may not see is a 404, like a hidden artwork.
 */
export async function listUserArtworks(
  deps: Deps,
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
  return presentList(lang, q.countArtworks(deps.db, [rows]), q.pageOfArtworks(deps.db, [rows], options.ordering, page.limit, page.offset, viewer?.id ?? null));
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
 * table's primary key stays the guard).
 */
export async function readArtwork(deps: GalleryDeps, viewer: UserRow | null, lang: Lang, id: number, view: DailyView | null) {
  const found = await q.findArtworkWithRelated(deps.gallery.detail, id, viewer?.id ?? null);
  const row = found?.rows[0];
  if (!found || !row || !canViewArtwork(viewer, row)) throw notFound();
  let counted = false;
  const views = deps.gallery.recentViews;
  if (view && countsAsView(viewer, row) && !views.has(view.key)) {
    counted = await q.recordView(deps.db, row.id, view.viewer, view.day);
    views.add(view.key);
  }
  return presentArtwork({ ...row, hit: row.hit + (counted ? 1 : 0) }, found.rel, lang, { withContent: true });
}

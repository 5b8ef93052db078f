import { createHash } from 'node:crypto';
import type { Lang } from '@axoo/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import type { UserRow } from '../accounts/user.ts';
import { canViewArtwork, visibleScope, visibleScopes } from '../artworks/scope.ts';
import { presentArtwork } from '../artworks/present.ts';
import { canSeeCollection, countsAsView, isOwner } from './policy.ts';
import * as q from './queries.ts';

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
 * viewer with the same filters and cached for a few seconds (count-cache.ts); a logged-in author's
 * own hidden work is counted apart, which is cheap through the author index.
 */
export function listArtworks(app: FastifyInstance, viewer: UserRow | null, lang: Lang, filters: q.ArtworkFilters, ordering: q.Ordering, page: Page) {
  const [everyone, ...hidden] = visibleScopes(viewer);
  const visible = q.visibleRows(everyone, filters);
  const own = hidden.map((scope) => q.rowsOf(q.artworkConditions(scope, filters) as SQL));
  const scopes = [visible, ...own];
  const key = JSON.stringify([filters.search, filters.createdFrom?.getTime(), filters.category, filters.field, filters.concept, filters.colorId]);
  const visibleCount = app.gallery.count(key, () => q.countArtworks(app.db, [visible]));
  const count = own.length ? Promise.all([visibleCount, q.countArtworks(app.db, own)]).then(([a, b]) => a + b) : visibleCount;
  return presentList(lang, count, q.pageOfArtworks(app.db, scopes, ordering, page.limit, page.offset, viewer?.id ?? null));
}

export type ProfileTab = 'projects' | 'collection' | 'application';

/**
 * SPEC §2 Profile tabs and the upload screen's draft lookup (GET /api/v1/users/{id}/artworks/).
 * What another viewer may not see is a 404, like a hidden artwork.
 */
export async function listUserArtworks(
  app: FastifyInstance,
  viewer: UserRow | null,
  lang: Lang,
  userId: number,
  options: { type: ProfileTab; draft: boolean; ordering: q.Ordering },
  page: Page,
) {
  const user = await q.findUser(app.db, userId);
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
  return presentList(lang, q.countArtworks(app.db, [rows]), q.pageOfArtworks(app.db, [rows], options.ordering, page.limit, page.offset, viewer?.id ?? null));
}

/** A guest's viewer key for view counting: a hash, so no address is stored. */
export function viewerKey(request: FastifyRequest): string {
  if (request.user) return `u:${request.user.id}`;
  const digest = createHash('sha256')
    .update(`${request.ip}\n${request.headers['user-agent'] ?? ''}`)
    .digest('hex');
  return `g:${digest.slice(0, 40)}`;
}

/**
 * SPEC §7 GET /api/v1/artworks/{id}/ (the serialised answer): 404 for what the viewer may not see;
 * one view a day per viewer. A guest whose view of the artwork this process already recorded
 * today gets the answer shared by guests for a couple of seconds (guest answers, 'detail'), like the
 * list: nothing is left to count, and a guest's answer holds nothing of theirs. A view not yet
 * recorded here is counted and answered fresh (the table's primary key stays the guard).
 */
export async function showArtwork(app: FastifyInstance, request: FastifyRequest, id: number): Promise<string> {
  const viewer = viewerKey(request);
  const day = new Date().toISOString().slice(0, 10);
  const view = { viewer, day, key: `${id} ${viewer} ${day}` };
  if (!request.user && app.gallery.recentViews.has(view.key)) {
    return app.guestAnswers.get('detail', `${request.lang} ${id}`, async () => JSON.stringify(await readArtwork(app, request, id, null)));
  }
  return JSON.stringify(await readArtwork(app, request, id, view));
}

/** The artwork as `request`'s viewer may see it; with `view`, counts their view of the day. */
async function readArtwork(app: FastifyInstance, request: FastifyRequest, id: number, view: { viewer: string; day: string; key: string } | null) {
  const viewer = request.user;
  const found = await q.findArtworkWithRelated(app.db, id, viewer?.id ?? null);
  const row = found?.rows[0];
  if (!found || !row || !canViewArtwork(viewer, row)) throw notFound();
  let counted = false;
  const views = app.gallery.recentViews;
  // The set only spares the statement for a viewer's refreshes.
  if (view && countsAsView(viewer, row) && !views.has(view.key)) {
    counted = await q.recordView(app.db, row.id, view.viewer, view.day);
    views.add(view.key);
  }
  return presentArtwork({ ...row, hit: row.hit + (counted ? 1 : 0) }, found.rel, request.lang, { withContent: true });
}

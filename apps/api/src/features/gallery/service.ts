import { createHash } from 'node:crypto';
import type { Lang } from '@axoo/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { artworks } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import type { UserRow } from '../../http/sessions.ts';
import { canViewArtwork } from '../artworks/policy.ts';
import { presentArtwork } from '../artworks/present.ts';
import { loadArtworkRelations } from '../artworks/queries.ts';
import { canSeeCollection, countsAsView, galleryScopes, isOwner, isOwnerOrStaff, listedTo } from './policy.ts';
import * as q from './queries.ts';

/**
 * A list in a fixed number of statements whatever the page size: the count and the page's rows
 * (in parallel), then the relations of all rows at once.
 */
async function presentList(app: FastifyInstance, viewer: UserRow | null, lang: Lang, scopes: SQL[], ordering: q.Ordering, page: Page) {
  const [total, rows] = await Promise.all([q.countArtworks(app.db, scopes), q.pageOfArtworks(app.db, scopes, ordering, page.limit, page.offset)]);
  const rel = await loadArtworkRelations(app.db, rows, viewer?.id ?? null);
  return { count: total, results: rows.map((row) => presentArtwork(row, rel, lang)) };
}

/** SPEC §7 GET /api/v1/artworks/: the gallery. */
export function listArtworks(app: FastifyInstance, viewer: UserRow | null, lang: Lang, filters: q.ArtworkFilters, ordering: q.Ordering, page: Page) {
  const scopes = galleryScopes(viewer).map((scope) => q.artworkConditions(scope, filters));
  return presentList(app, viewer, lang, scopes, ordering, page);
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
    where = q.profileCollection(userId, listedTo(viewer));
  } else if (options.type === 'application') {
    if (!isOwnerOrStaff(viewer, userId)) throw notFound();
    where = q.profileApplications(userId);
  } else {
    where = q.profileProjects(userId, isOwnerOrStaff(viewer, userId) ? undefined : (eq(artworks.visible, true) as SQL));
  }
  return presentList(app, viewer, lang, [where], options.ordering, page);
}

/** A guest's viewer key for view counting: a hash, so no address is stored. */
export function viewerKey(request: FastifyRequest): string {
  if (request.user) return `u:${request.user.id}`;
  const digest = createHash('sha256')
    .update(`${request.ip}\n${request.headers['user-agent'] ?? ''}`)
    .digest('hex');
  return `g:${digest.slice(0, 40)}`;
}

/** SPEC §7 GET /api/v1/artworks/{id}/: 404 for what the viewer may not see; one view a day per viewer. */
export async function showArtwork(app: FastifyInstance, request: FastifyRequest, id: number) {
  const viewer = request.user;
  const row = await q.findArtwork(app.db, id);
  if (!row || !canViewArtwork(viewer, row)) throw notFound();
  const day = new Date().toISOString().slice(0, 10);
  const [counted, rel] = await Promise.all([
    countsAsView(viewer, row) ? q.recordView(app.db, row.id, viewerKey(request), day) : Promise.resolve(false),
    loadArtworkRelations(app.db, [row], viewer?.id ?? null),
  ]);
  return presentArtwork({ ...row, hit: row.hit + (counted ? 1 : 0) }, rel, request.lang, { withContent: true });
}

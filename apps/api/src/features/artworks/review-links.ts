import { randomBytes } from 'node:crypto';
import { type Lang, reviewPath, reviewTokenOfPath } from '@axoo/contract';
import type { ReviewLink } from '@axoo/contract/artworks';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, reviewLinks } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { presentArtwork } from '../../domain/artworks/present.ts';
import { relationsOf } from '../../domain/artworks/read-model.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { canEditArtwork } from './policy.ts';
import { editableArtwork } from './service.ts';
import { findArtworkRow } from './queries.ts';

/**
 * Issue #34 (3): review links. A secret URL (`/review/<token>/`) shows one project read-only, draft or private, to
 * whoever holds it (a client, a juror) until it expires or its author revokes it; then it answers 410.
 */
type LinkRow = typeof reviewLinks.$inferSelect;

/** 410 Gone: the link existed and no longer shows anything. */
const gone = () => new AppError(410, { detail: 'review_link.gone' });

const isActive = (link: LinkRow, now = Date.now()) => link.revoked === null && link.expires.getTime() > now;

function presentLink(link: LinkRow, base: string): ReviewLink {
  return {
    id: link.id,
    url: `${base}${reviewPath(link.token)}`,
    expires: link.expires.toISOString(),
    revoked: link.revoked ? link.revoked.toISOString() : null,
    created: link.created.toISOString(),
    active: isActive(link),
  };
}

/** `POST /api/v1/artworks/{id}/review-links/` (the author only). */
export async function createReviewLink(deps: Deps, viewer: UserRow, artworkId: number, expires: Date, base: string): Promise<ReviewLink> {
  const artwork = await editableArtwork(deps, viewer, artworkId);
  const [link] = await deps.db
    .insert(reviewLinks)
    .values({ artworkId: artwork.id, token: randomBytes(24).toString('base64url'), expires })
    .returning();
  return presentLink(link, base);
}

/** `GET /api/v1/artworks/{id}/review-links/`: the artwork's links, newest first, revoked and expired ones included. */
export async function listReviewLinks(deps: Deps, viewer: UserRow, artworkId: number, base: string): Promise<ReviewLink[]> {
  const artwork = await editableArtwork(deps, viewer, artworkId);
  const rows = await deps.db.select().from(reviewLinks).where(eq(reviewLinks.artworkId, artwork.id)).orderBy(desc(reviewLinks.id));
  return rows.map((row) => presentLink(row, base));
}

/** `DELETE /api/v1/review-links/{id}/`: revokes (the author only; a revoked or unknown link is a 404). */
export async function revokeReviewLink(deps: Deps, viewer: UserRow, id: number): Promise<void> {
  const [found] = await deps.db
    .select({ authorId: artworks.authorId })
    .from(reviewLinks)
    .innerJoin(artworks, eq(artworks.id, reviewLinks.artworkId))
    .where(and(eq(reviewLinks.id, id), isNull(reviewLinks.revoked)));
  if (!found) throw notFound();
  if (!canEditArtwork(viewer, found)) throw forbidden();
  const revoked = await deps.db
    .update(reviewLinks)
    .set({ revoked: new Date() })
    .where(and(eq(reviewLinks.id, id), isNull(reviewLinks.revoked)))
    .returning({ id: reviewLinks.id });
  // Revoked by another request meanwhile: the second revoke is a 404, as a second delete is.
  if (!revoked.length) throw notFound();
}

/** The link of a token, if any. */
async function linkOf(db: Executor, token: string): Promise<LinkRow | null> {
  const [row] = await db.select().from(reviewLinks).where(eq(reviewLinks.token, token)).limit(1);
  return row ?? null;
}

/** Whether a token names a link that still shows its project: 404 unknown, 410 expired or revoked. */
export async function checkReviewToken(db: Executor, token: string): Promise<LinkRow> {
  const link = reviewTokenOfPath(reviewPath(token)) === token ? await linkOf(db, token) : null;
  if (!link) throw notFound();
  if (!isActive(link)) throw gone();
  return link;
}

/** `GET /api/v1/review/{token}/`: the project read-only as a guest would see it, with its content; never counts a view. */
export async function reviewedArtwork(deps: Deps, token: string, lang: Lang) {
  const link = await checkReviewToken(deps.db, token);
  const row = await findArtworkRow(deps.db, link.artworkId);
  if (!row) throw gone();
  const rel = await relationsOf(deps.db, [row], null);
  return presentArtwork(row, rel, lang, { withContent: true });
}

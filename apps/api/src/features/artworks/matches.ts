import { inArray } from 'drizzle-orm';
import { artworks, users } from '../../db/schema/index.ts';
import { findNearCopies, hashesOf } from '../../domain/artworks/near-copies.ts';
import { safeCover } from '../../domain/artworks/rating.ts';
import type { UserRow } from '../../domain/users/user.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { findArtworkRow } from './queries.ts';

/**
 * `GET /api/v1/artworks/{id}/matches/` (issue #31): for each image of the artwork, the published images of other
 * accounts that are near copies of it. Its author and staff only (404 when there is no artwork, 403 for others).
 */
export async function artworkMatches(deps: Deps, viewer: UserRow, id: number) {
  const row = await findArtworkRow(deps.db, id);
  if (!row) throw notFound();
  if (viewer.id !== row.authorId && !viewer.isStaff) throw forbidden();
  const results = [];
  for (const { imageKey, pair } of await hashesOf(deps.db, id)) {
    for (const copy of await findNearCopies(deps.db, pair, { excludeAuthorId: row.authorId })) results.push({ image: imageKey, copy });
  }
  const authorIds = [...new Set(results.map((r) => r.copy.authorId))];
  const artworkIds = [...new Set(results.map((r) => r.copy.artworkId))];
  const [authors, covers] = await Promise.all([
    authorIds.length ? deps.db.select({ id: users.id, name: users.name, slug: users.slug }).from(users).where(inArray(users.id, authorIds)) : [],
    artworkIds.length
      ? deps.db
          .select({ id: artworks.id, croppedCover: safeCover(artworks.croppedCover) })
          .from(artworks)
          .where(inArray(artworks.id, artworkIds))
      : [],
  ]);
  const authorOf = new Map(authors.map((a) => [a.id, a]));
  const coverOf = new Map(covers.map((c) => [c.id, c.croppedCover]));
  return {
    results: results.map(({ image, copy }) => ({
      image,
      artwork: { id: copy.artworkId, title: copy.title, cropped_cover: coverOf.get(copy.artworkId) ?? '' },
      author: authorOf.get(copy.authorId) ?? null,
      matched_image: copy.imageKey,
      distance: { dhash: copy.dhashBits, phash: copy.phashBits },
    })),
  };
}

import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, imageHashes, users } from '../../db/schema/index.ts';
import { findNearCopies, hashesOf, hashRow } from '../../domain/artworks/near-copies.ts';
import { safeCover } from '../../domain/artworks/rating.ts';
import type { UserRow } from '../../domain/users/user.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import { type HashPair, hashImage } from '../../media/phash.ts';
import { findArtworkRow } from './queries.ts';

/** Issue #31: the images an artwork shows whose hashes are kept: its cover (and crop) and its content's images. */
export function hashedImages(row: { cover: string; croppedCover: string; content: string }): string[] {
  return [...new Set([row.cover, row.croppedCover, ...mediaKeysIn(row.content)].filter(Boolean))];
}

/**
 * Hashes the images of a save that are not hashed yet, before the transaction (a few milliseconds each; an image that
 * cannot be read gets none). `undefined` when the save changes no image.
 */
export async function measureHashes(deps: Deps, before: string[], after: string[]): Promise<Map<string, HashPair> | undefined> {
  if (before.length === after.length && before.every((k, i) => k === after[i])) return undefined;
  const out = new Map<string, HashPair>();
  for (const key of after) {
    const bytes = await deps.storage.get(key);
    if (!bytes) continue;
    try {
      out.set(key, await hashImage(bytes));
    } catch {
      // Not an image sharp reads: nothing to compare.
    }
  }
  return out;
}

/** Replaces an artwork's hashes in the saving transaction. */
export async function replaceHashes(tx: Executor, artworkId: number, hashes: Map<string, HashPair>) {
  await tx.delete(imageHashes).where(eq(imageHashes.artworkId, artworkId));
  if (hashes.size) await tx.insert(imageHashes).values([...hashes].map(([key, pair]) => hashRow(artworkId, key, pair)));
}

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

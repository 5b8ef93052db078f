import { type AnyColumn, and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import type { Executor } from '../../db/client.ts';
import { artworks, imageHashes } from '../../db/schema/index.ts';
import { BANDS, band, bandProbes, type HashPair, hammingDistance, hashImage, type ImageHashes, isNearCopy, NEAR_BITS } from '../../media/phash.ts';

/** One image on the site that is a near copy of the one asked about. */
export interface NearCopy {
  artworkId: number;
  authorId: number;
  title: string;
  imageKey: string;
  /** Bits the closer orientation differs by, per method. */
  dhashBits: number;
  phashBits: number;
}

const BAND_COLUMNS = {
  dhash: [imageHashes.d0, imageHashes.d1, imageHashes.d2, imageHashes.d3],
  phash: [imageHashes.p0, imageHashes.p1, imageHashes.p2, imageHashes.p3],
} as const;

/** The index condition: any band of either method within one bit of the query's or its mirror's (8 index scans). */
function bandCondition(query: HashPair): SQL {
  const parts: SQL[] = [];
  for (const method of ['dhash', 'phash'] as const) {
    for (let i = 0; i < BANDS; i++) {
      const probes = new Set([...bandProbes(band(query.hashes[method], i)), ...bandProbes(band(query.mirrored[method], i))]);
      parts.push(sql`${BAND_COLUMNS[method][i]} = any(${`{${[...probes].join(',')}}`}::int[])`);
    }
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The candidates' check in the database (only near copies come back): both methods within NEAR_BITS of one orientation. */
function withinBits(query: HashPair): SQL {
  const bits = (column: AnyColumn, value: bigint) => sql`bit_count((${column} # ${value.toString()}::bigint)::bit(64))`;
  const near = (q: ImageHashes) => sql`(${bits(imageHashes.dhash, q.dhash)} <= ${NEAR_BITS} and ${bits(imageHashes.phash, q.phash)} <= ${NEAR_BITS})`;
  return sql`(${near(query.hashes)} or ${near(query.mirrored)})`;
}

const closest = (query: HashPair, stored: ImageHashes) => {
  const bits = (q: ImageHashes) => ({ dhashBits: hammingDistance(q.dhash, stored.dhash), phashBits: hammingDistance(q.phash, stored.phash) });
  const [a, b] = [bits(query.hashes), bits(query.mirrored)];
  return a.dhashBits + a.phashBits <= b.dhashBits + b.phashBits ? a : b;
};

/**
 * Issue #31: the published images of other accounts that are near copies of an image with these hashes
 * (`media/phash.ts` `isNearCopy`): an index lookup of the band probes, then each candidate checked. The shared layer's
 * one search, for `GET /api/v1/artworks/{id}/matches/` and the publish-time hold to come. Closest first.
 */
export async function findNearCopies(db: Executor, query: HashPair, options: { excludeAuthorId: number; limit?: number }): Promise<NearCopy[]> {
  const rows = await db
    .select({
      artworkId: imageHashes.artworkId,
      imageKey: imageHashes.imageKey,
      dhash: imageHashes.dhash,
      phash: imageHashes.phash,
      authorId: artworks.authorId,
      title: artworks.title,
    })
    .from(imageHashes)
    .innerJoin(artworks, eq(artworks.id, imageHashes.artworkId))
    .where(and(bandCondition(query), withinBits(query), eq(artworks.visible, true), ne(artworks.authorId, options.excludeAuthorId)));
  return rows
    .filter((r) => isNearCopy(query, r))
    .map((r) => ({ artworkId: r.artworkId, authorId: r.authorId, title: r.title, imageKey: r.imageKey, ...closest(query, r) }))
    .sort((a, b) => a.dhashBits + a.phashBits - (b.dhashBits + b.phashBits) || a.artworkId - b.artworkId)
    .slice(0, options.limit ?? 50);
}

/** The row values of one image's hashes. */
export function hashRow(artworkId: number, imageKey: string, pair: HashPair) {
  const { dhash, phash } = pair.hashes;
  return {
    artworkId,
    imageKey,
    dhash,
    phash,
    mirrorDhash: pair.mirrored.dhash,
    mirrorPhash: pair.mirrored.phash,
    d0: band(dhash, 0),
    d1: band(dhash, 1),
    d2: band(dhash, 2),
    d3: band(dhash, 3),
    p0: band(phash, 0),
    p1: band(phash, 1),
    p2: band(phash, 2),
    p3: band(phash, 3),
  };
}

/** The stored hashes of an artwork's images, as the pairs a search takes. */
export async function hashesOf(db: Executor, artworkId: number): Promise<{ imageKey: string; pair: HashPair }[]> {
  const rows = await db.select().from(imageHashes).where(eq(imageHashes.artworkId, artworkId));
  return rows.map((r) => ({
    imageKey: r.imageKey,
    pair: { hashes: { dhash: r.dhash, phash: r.phash }, mirrored: { dhash: r.mirrorDhash, phash: r.mirrorPhash } },
  }));
}

/** Issue #31: the images an artwork shows whose hashes are kept: its cover (and crop) and its content's images. */
export function hashedImages(row: { cover: string; croppedCover: string; content: string }): string[] {
  return [...new Set([row.cover, row.croppedCover, ...mediaKeysIn(row.content)].filter(Boolean))];
}

/**
 * Hashes the images of a save that are not hashed yet, before the transaction (a few milliseconds each; an image that
 * cannot be read gets none). `undefined` when the save changes no image.
 */
export async function measureHashes(deps: Pick<Deps, 'storage'>, before: string[], after: string[]): Promise<Map<string, HashPair> | undefined> {
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

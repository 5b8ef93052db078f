import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, collections } from '../../db/schema/index.ts';
import { someRows } from '../../http/rows.ts';

export async function findArtworkAccess(db: Executor, id: number) {
  const [row] = await db
    .select({ id: artworks.id, authorId: artworks.authorId, reachable: artworks.reachable })
    .from(artworks)
    .where(eq(artworks.id, id))
    .limit(1);
  return row ?? null;
}

/** Inserts the entry unless the user already has one for the artwork; returns the entry's id either way. */
export async function collect(db: Executor, userId: number, artworkId: number): Promise<{ id: number; created: boolean }> {
  const [inserted] = await db
    .insert(collections)
    .values({ userId, artworkId })
    .onConflictDoNothing({ target: [collections.userId, collections.artworkId] })
    .returning({ id: collections.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.userId, userId), eq(collections.artworkId, artworkId)))
    .limit(1);
  return { id: existing.id, created: false };
}

export async function findCollection(db: Executor, id: number) {
  const [row] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
  return row ?? null;
}

export const deleteCollection = (db: Executor, id: number) => someRows(db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id }));

import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, users } from '../../db/schema/index.ts';

export { artworkOptOut, userOptOut } from '../../domain/rights/opt-out.ts';

export async function setUserOptOut(db: Executor, id: number, optOut: boolean) {
  await db.update(users).set({ aiOptOut: optOut, updated: new Date() }).where(eq(users.id, id));
}

export async function artworkAuthor(db: Executor, id: number): Promise<number | null> {
  const [row] = await db.select({ authorId: artworks.authorId }).from(artworks).where(eq(artworks.id, id));
  return row ? row.authorId : null;
}

export async function setArtworkOptOut(db: Executor, id: number, optOut: boolean | null) {
  await db.update(artworks).set({ aiOptOut: optOut }).where(eq(artworks.id, id));
}

/**
 * The exceptions of tdmrep.json: visible artworks whose effective choice allows AI training, and artists who allow
 * it (their profile and images), so the catch-all reservation that follows does not cover them.
 */
export async function allowedWork(db: Executor) {
  const [artworkRows, userRows] = await Promise.all([
    db
      .select({ id: artworks.id })
      .from(artworks)
      .innerJoin(users, eq(users.id, artworks.authorId))
      .where(and(eq(artworks.visible, true), sql`not coalesce(${artworks.aiOptOut}, ${users.aiOptOut})`))
      .orderBy(artworks.id),
    db
      .select({ id: users.id, slug: users.slug })
      .from(users)
      .where(and(eq(users.isPremium, true), eq(users.aiOptOut, false), isNotNull(users.slug), ne(users.slug, '')))
      .orderBy(users.id),
  ]);
  return { artworks: artworkRows.map((r) => r.id), users: userRows };
}

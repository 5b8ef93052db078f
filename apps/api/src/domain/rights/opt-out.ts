import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, users } from '../../db/schema/index.ts';

/** The effective opt-out of one artwork (its own choice, else its author's); null when there is no such artwork. */
export async function artworkOptOut(db: Executor, id: number): Promise<boolean | null> {
  const [row] = await db
    .select({ optOut: sql<boolean>`coalesce(${artworks.aiOptOut}, ${users.aiOptOut})` })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.authorId))
    .where(eq(artworks.id, id));
  return row ? row.optOut : null;
}

export async function userOptOut(db: Executor, id: number): Promise<boolean | null> {
  const [row] = await db.select({ optOut: users.aiOptOut }).from(users).where(eq(users.id, id));
  return row ? row.optOut : null;
}

/** Issue #35: an artwork's artist (public name and slug) and its effective opt-out, for the manifest of its images. */
export async function artworkAuthor(db: Executor, id: number): Promise<{ name: string; slug: string; optOut: boolean } | null> {
  const [row] = await db
    .select({ name: users.name, slug: users.slug, optOut: sql<boolean>`coalesce(${artworks.aiOptOut}, ${users.aiOptOut})` })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.authorId))
    .where(eq(artworks.id, id));
  return row ?? null;
}

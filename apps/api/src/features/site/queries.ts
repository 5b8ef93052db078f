import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, banners, categories, clients, collections, colors, concepts, fields } from '../../db/schema/index.ts';

export const listCategories = (db: Executor) =>
  db.select().from(categories).where(eq(categories.retired, false)).orderBy(asc(categories.position), asc(categories.id));
export const listFields = (db: Executor) => db.select().from(fields).where(eq(fields.retired, false)).orderBy(asc(fields.position), asc(fields.id));
export const listConcepts = (db: Executor) => db.select().from(concepts).where(eq(concepts.retired, false)).orderBy(asc(concepts.position), asc(concepts.id));
export const listColors = (db: Executor) => db.select().from(colors).where(eq(colors.retired, false)).orderBy(asc(colors.position), asc(colors.id));

/** SPEC §9: level descending, then id descending. Unlevelled banners and clients come last. */
export const listBanners = (db: Executor) => db.select().from(banners).orderBy(sql`${banners.level} desc nulls last`, desc(banners.id));
export const listClients = (db: Executor) => db.select().from(clients).orderBy(sql`${clients.level} desc nulls last`, desc(clients.id));

/** SPEC §4: home shows only visible artworks that have a level, level descending then id descending. */
export const listBestProjects = (db: Executor, limit = 24) =>
  db
    .select()
    .from(artworks)
    .where(and(eq(artworks.visible, true), isNotNull(artworks.level)))
    .orderBy(desc(artworks.level), desc(artworks.id))
    .limit(limit);

/** The viewer's collection entry id per artwork, for marking a cached guest list. */
export async function viewerCollections(db: Executor, userId: number, artworkIds: number[]): Promise<Map<number, number>> {
  if (artworkIds.length === 0) return new Map();
  const rows = await db
    .select({ id: collections.id, artworkId: collections.artworkId })
    .from(collections)
    .where(and(eq(collections.userId, userId), inArray(collections.artworkId, artworkIds)));
  return new Map(rows.map((r) => [r.artworkId, r.id]));
}

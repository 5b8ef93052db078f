import { likePattern } from '../../db/like.ts';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, banners, clients, media } from '../../db/schema/index.ts';

export type BannerRow = typeof banners.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type BannerValues = Pick<typeof banners.$inferInsert, 'url' | 'image' | 'alt' | 'level'>;
export type ClientValues = Pick<typeof clients.$inferInsert, 'name' | 'url' | 'image' | 'benefit' | 'level'>;

export const findArtwork = (db: Executor, id: number) =>
  db
    .select()
    .from(artworks)
    .where(eq(artworks.id, id))
    .then((r) => r[0]);

export const findBanner = (db: Executor, id: number) =>
  db
    .select()
    .from(banners)
    .where(eq(banners.id, id))
    .then((r) => r[0]);
export const findClient = (db: Executor, id: number) =>
  db
    .select()
    .from(clients)
    .where(eq(clients.id, id))
    .then((r) => r[0]);

export const insertBanner = (db: Executor, values: BannerValues) =>
  db
    .insert(banners)
    .values(values)
    .returning()
    .then((r) => r[0]);
export const insertClient = (db: Executor, values: ClientValues) =>
  db
    .insert(clients)
    .values(values)
    .returning()
    .then((r) => r[0]);

export const updateBanner = (db: Executor, id: number, values: BannerValues) =>
  db
    .update(banners)
    .set(values)
    .where(eq(banners.id, id))
    .returning()
    .then((r) => r[0]);
export const updateClient = (db: Executor, id: number, values: ClientValues) =>
  db
    .update(clients)
    .set(values)
    .where(eq(clients.id, id))
    .returning()
    .then((r) => r[0]);

export const deleteBanner = (db: Executor, id: number) => db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id, image: banners.image });
export const deleteClient = (db: Executor, id: number) => db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id, image: clients.image });

/** SPEC §9 ordering (level descending, then id descending; unlevelled last) for the console tables too. */
export async function pageBanners(db: Executor, search: string, limit: number, offset: number) {
  const where: SQL | undefined = search ? or(ilike(banners.url, likePattern(search)), ilike(banners.alt, likePattern(search))) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(banners).where(where).orderBy(sql`${banners.level} desc nulls last`, desc(banners.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(banners).where(where),
  ]);
  return { rows, count: n };
}

export async function pageClients(db: Executor, search: string, limit: number, offset: number) {
  const p = likePattern(search);
  const where: SQL | undefined = search ? or(ilike(clients.name, p), ilike(clients.url, p), ilike(clients.benefit, p)) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(clients).where(where).orderBy(sql`${clients.level} desc nulls last`, desc(clients.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, count: n };
}

/** Stored uploads among `keys` whose bytes arrived and passed the server's checks. */
export const usableMedia = (db: Executor, keys: string[]) =>
  db
    .select({ key: media.key })
    .from(media)
    .where(and(inArray(media.key, keys), eq(media.status, 'ready')));

import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  artworkCategories,
  artworkConcepts,
  artworkFields,
  artworks as artworksTable,
  artworkTags,
  artworkViews,
  categories,
  colors,
  concepts,
  fields,
  tags,
} from '../../db/schema/index.ts';
import type { ArtworkRow } from '../../domain/artworks/read-model.ts';
import { someRows } from '../../http/rows.ts';

export type { ArtworkRow } from '../../domain/artworks/read-model.ts';

/** Write side (POST/PUT/DELETE): one artwork row, taxonomy ids by code, tag upserts, link replacement. */
export async function findArtworkRow(db: Executor, id: number): Promise<ArtworkRow | null> {
  const [row] = await db.select().from(artworksTable).where(eq(artworksTable.id, id)).limit(1);
  return row ?? null;
}

export async function taxonomyIds(db: Executor, kind: 'categories' | 'fields' | 'concepts', codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  if (kind === 'categories') {
    const rows = await db.select({ id: categories.id, code: categories.category }).from(categories).where(inArray(categories.category, codes));
    return new Map(rows.map((r) => [r.code, r.id]));
  }
  if (kind === 'fields') {
    const rows = await db.select({ id: fields.id, code: fields.field }).from(fields).where(inArray(fields.field, codes));
    return new Map(rows.map((r) => [r.code, r.id]));
  }
  const rows = await db.select({ id: concepts.id, code: concepts.concept }).from(concepts).where(inArray(concepts.concept, codes));
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function colorExists(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: colors.id }).from(colors).where(eq(colors.id, id)).limit(1);
  return rows.length > 0;
}

export async function currentLinks(db: Executor, artworkId: number) {
  const [cats, flds, cons] = await Promise.all([
    db.select({ id: artworkCategories.categoryId }).from(artworkCategories).where(eq(artworkCategories.artworkId, artworkId)),
    db.select({ id: artworkFields.fieldId }).from(artworkFields).where(eq(artworkFields.artworkId, artworkId)),
    db.select({ id: artworkConcepts.conceptId }).from(artworkConcepts).where(eq(artworkConcepts.artworkId, artworkId)),
  ]);
  return { categories: cats.length, fields: flds.length, concepts: cons.length };
}

/** Replaces the artwork's links of one kind, keeping the given order as `position`. */
export async function replaceLinks(db: Executor, artworkId: number, kind: 'categories' | 'fields' | 'concepts', ids: number[]) {
  if (kind === 'categories') {
    await db.delete(artworkCategories).where(eq(artworkCategories.artworkId, artworkId));
    if (ids.length) await db.insert(artworkCategories).values(ids.map((categoryId, position) => ({ artworkId, categoryId, position })));
  } else if (kind === 'fields') {
    await db.delete(artworkFields).where(eq(artworkFields.artworkId, artworkId));
    if (ids.length) await db.insert(artworkFields).values(ids.map((fieldId, position) => ({ artworkId, fieldId, position })));
  } else {
    await db.delete(artworkConcepts).where(eq(artworkConcepts.artworkId, artworkId));
    if (ids.length) await db.insert(artworkConcepts).values(ids.map((conceptId, position) => ({ artworkId, conceptId, position })));
  }
}

/** Creates missing tags and links the artwork to exactly these names, in order. */
export async function replaceTags(db: Executor, artworkId: number, names: string[]) {
  await db.delete(artworkTags).where(eq(artworkTags.artworkId, artworkId));
  if (!names.length) return;
  await db
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: tags.name });
  const rows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.name, names));
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  const links = names.flatMap((name, position) => {
    const tagId = byName.get(name);
    return tagId === undefined ? [] : [{ artworkId, tagId, position }];
  });
  if (links.length) await db.insert(artworkTags).values(links);
}

export async function insertArtwork(db: Executor, values: typeof artworksTable.$inferInsert): Promise<ArtworkRow> {
  const [row] = await db.insert(artworksTable).values(values).returning();
  return row;
}

export async function updateArtwork(db: Executor, id: number, values: Partial<typeof artworksTable.$inferInsert>): Promise<void> {
  // An artwork deleted meanwhile: 404 (issue #36).
  await someRows(db.update(artworksTable).set(values).where(eq(artworksTable.id, id)).returning({ id: artworksTable.id }));
}

/**
 * Counts one view per viewer per artwork per day in one statement: the `artwork_views` row is the
 * guard, and `hit` grows only when that row is new (a refresh changes nothing).
 */
export async function recordView(db: Executor, artworkId: number, viewer: string, day: string): Promise<boolean> {
  const result = await db.execute(sql`
    with fresh as (
      insert into ${artworkViews} (artwork_id, viewer, day) values (${artworkId}, ${viewer}, ${day})
      on conflict do nothing returning artwork_id
    )
    update ${artworksTable} set hit = hit + 1 where id in (select artwork_id from fresh) returning id`);
  const rows = 'rows' in result ? (result.rows as unknown[]) : (result as unknown[]);
  return rows.length > 0;
}

/** SPEC §4 Artwork level (staff). */
export const setArtworkLevel = (db: Executor, id: number, level: number | null) =>
  db
    .update(artworksTable)
    .set({ level })
    .where(eq(artworksTable.id, id))
    .returning()
    .then((r) => r[0]);

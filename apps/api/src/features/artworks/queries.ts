import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  artworkCategories,
  artworkConcepts,
  artworkFields,
  artworks as artworksTable,
  artworkTags,
  categories,
  collections,
  colors,
  concepts,
  fields,
  inviteApplications,
  invites,
  tags,
  userCategories,
  users,
} from '../../db/schema/index.ts';

export type ArtworkRow = typeof artworksTable.$inferSelect;
export type AuthorRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'slug' | 'isPremium' | 'croppedAvatar' | 'level'>;
type Named = { code: string; nameKo: string; nameEn: string };

export interface ArtworkRelations {
  authors: Map<number, AuthorRow & { categories: Named[] }>;
  categories: Map<number, Named[]>;
  fields: Map<number, Named[]>;
  concepts: Map<number, Named[]>;
  tags: Map<number, { id: number; name: string }[]>;
  colors: Map<number, { id: number; code: string }>;
  /** The viewer's collection entry per artwork. */
  collections: Map<number, number>;
  applications: Map<number, { id: number; invite: number; title: string; selected: boolean }[]>;
}

function group<T extends { artworkId: number }, V>(rows: T[], map: (row: T) => V): Map<number, V[]> {
  const out = new Map<number, V[]>();
  for (const row of rows) {
    const list = out.get(row.artworkId);
    if (list) list.push(map(row));
    else out.set(row.artworkId, [map(row)]);
  }
  return out;
}

/**
 * Everything a card or the overlay shows besides the row itself, for many artworks at once:
 * a fixed number of statements whatever the page size (no N+1).
 */
export async function loadArtworkRelations(db: Executor, rows: ArtworkRow[], viewerId: number | null): Promise<ArtworkRelations> {
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const colorIds = [...new Set(rows.map((r) => r.colorId).filter((c): c is number => c !== null))];
  if (ids.length === 0) {
    return {
      authors: new Map(),
      categories: new Map(),
      fields: new Map(),
      concepts: new Map(),
      tags: new Map(),
      colors: new Map(),
      collections: new Map(),
      applications: new Map(),
    };
  }
  const [authorRows, authorCats, cats, flds, cons, tagRows, colorRows, collected, apps] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        slug: users.slug,
        isPremium: users.isPremium,
        croppedAvatar: users.croppedAvatar,
        level: users.level,
      })
      .from(users)
      .where(inArray(users.id, authorIds)),
    db
      .select({ userId: userCategories.userId, code: categories.category, nameKo: categories.nameKo, nameEn: categories.nameEn })
      .from(userCategories)
      .innerJoin(categories, eq(categories.id, userCategories.categoryId))
      .where(inArray(userCategories.userId, authorIds))
      .orderBy(asc(userCategories.position)),
    db
      .select({ artworkId: artworkCategories.artworkId, code: categories.category, nameKo: categories.nameKo, nameEn: categories.nameEn })
      .from(artworkCategories)
      .innerJoin(categories, eq(categories.id, artworkCategories.categoryId))
      .where(inArray(artworkCategories.artworkId, ids))
      .orderBy(asc(artworkCategories.position)),
    db
      .select({ artworkId: artworkFields.artworkId, code: fields.field, nameKo: fields.nameKo, nameEn: fields.nameEn })
      .from(artworkFields)
      .innerJoin(fields, eq(fields.id, artworkFields.fieldId))
      .where(inArray(artworkFields.artworkId, ids))
      .orderBy(asc(artworkFields.position)),
    db
      .select({ artworkId: artworkConcepts.artworkId, code: concepts.concept, nameKo: concepts.nameKo, nameEn: concepts.nameEn })
      .from(artworkConcepts)
      .innerJoin(concepts, eq(concepts.id, artworkConcepts.conceptId))
      .where(inArray(artworkConcepts.artworkId, ids))
      .orderBy(asc(artworkConcepts.position)),
    db
      .select({ artworkId: artworkTags.artworkId, id: tags.id, name: tags.name })
      .from(artworkTags)
      .innerJoin(tags, eq(tags.id, artworkTags.tagId))
      .where(inArray(artworkTags.artworkId, ids))
      .orderBy(asc(artworkTags.position)),
    colorIds.length ? db.select({ id: colors.id, code: colors.code }).from(colors).where(inArray(colors.id, colorIds)) : Promise.resolve([]),
    viewerId === null
      ? Promise.resolve([])
      : db
          .select({ id: collections.id, artworkId: collections.artworkId })
          .from(collections)
          .where(and(eq(collections.userId, viewerId), inArray(collections.artworkId, ids))),
    db
      .select({
        artworkId: inviteApplications.artworkId,
        id: inviteApplications.id,
        invite: invites.id,
        title: invites.title,
        selected: inviteApplications.selected,
      })
      .from(inviteApplications)
      .innerJoin(invites, eq(invites.id, inviteApplications.inviteId))
      .where(inArray(inviteApplications.artworkId, ids))
      .orderBy(asc(inviteApplications.id)),
  ]);
  const authorCategoryMap = new Map<number, Named[]>();
  for (const c of authorCats) {
    const list = authorCategoryMap.get(c.userId) ?? [];
    list.push({ code: c.code, nameKo: c.nameKo, nameEn: c.nameEn });
    authorCategoryMap.set(c.userId, list);
  }
  const named = (r: Named) => ({ code: r.code, nameKo: r.nameKo, nameEn: r.nameEn });
  return {
    authors: new Map(authorRows.map((a) => [a.id, { ...a, categories: authorCategoryMap.get(a.id) ?? [] }])),
    categories: group(cats, named),
    fields: group(flds, named),
    concepts: group(cons, named),
    tags: group(tagRows, (t) => ({ id: t.id, name: t.name })),
    colors: new Map(colorRows.map((c) => [c.id, c])),
    collections: new Map(collected.map((c) => [c.artworkId, c.id])),
    applications: group(apps, (a) => ({ id: a.id, invite: a.invite, title: a.title, selected: a.selected })),
  };
}

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
  await db.update(artworksTable).set(values).where(eq(artworksTable.id, id));
}

export async function deleteArtwork(db: Executor, id: number): Promise<void> {
  await db.delete(artworksTable).where(eq(artworksTable.id, id));
}

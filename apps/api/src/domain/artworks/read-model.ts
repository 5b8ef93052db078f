import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  artworkCategories,
  artworkConcepts,
  artworkFields,
  artworks,
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

/**
 * The artwork read model (issue #12 A): everything a card, the overlay, a profile tab, the home page's best
 * projects or an invite's submissions show besides the row, as typed relation helpers composed into ONE json
 * column of the statement that selects the rows. One round trip per list, whatever the page size: on a busy
 * database server every round trip waits for the scheduler. Model: immich's album repository, whose
 * `withAlbumUsers` / `withAssets` helpers are composed into every query.
 */
export type ArtworkRow = typeof artworks.$inferSelect;
/** A row as lists read it: everything but the content (`withRelated(…, { content: false })`). */
export type CardRow = Omit<ArtworkRow, 'content'> & Partial<Pick<ArtworkRow, 'content'>>;
export type AuthorRow = Pick<
  typeof users.$inferSelect,
  'id' | 'username' | 'name' | 'slug' | 'isPremium' | 'croppedAvatar' | 'level' | 'availableForHire' | 'aiOptOut'
>;
export type Named = { code: string; nameKo: string; nameEn: string };
export type Author = AuthorRow & { categories: Named[] };
export type Application = { id: number; invite: number; title: string; selected: boolean };

/** The relations of many artworks, keyed for presentArtwork. */
export interface ArtworkRelations {
  authors: Map<number, Author>;
  categories: Map<number, Named[]>;
  fields: Map<number, Named[]>;
  concepts: Map<number, Named[]>;
  tags: Map<number, { id: number; name: string }[]>;
  colors: Map<number, { id: number; code: string }>;
  /** The viewer's collection entry per artwork. */
  collections: Map<number, number>;
  applications: Map<number, Application[]>;
}

/** What the `related` column of one row holds. */
export interface Related {
  author: Author | null;
  categories: Named[];
  fields: Named[];
  concepts: Named[];
  tags: { id: number; name: string }[];
  color: { id: number; code: string } | null;
  collection: number | null;
  applications: Application[];
}

const emptyArray = sql`'[]'::json`;

/** The author's card fields and their chosen categories, in order. */
export function withAuthor(): SQL<Author | null> {
  const authorCategories = sql`coalesce((select json_agg(json_build_object('code', ${categories.category}, 'nameKo', ${categories.nameKo}, 'nameEn', ${categories.nameEn}) order by ${userCategories.position})
    from ${userCategories} join ${categories} on ${categories.id} = ${userCategories.categoryId} where ${userCategories.userId} = ${users.id}), ${emptyArray})`;
  return sql`(select json_build_object('id', ${users.id}, 'username', ${users.username}, 'name', ${users.name}, 'slug', ${users.slug},
    'isPremium', ${users.isPremium}, 'croppedAvatar', ${users.croppedAvatar}, 'level', ${users.level},
    'availableForHire', ${users.availableForHire}, 'aiOptOut', ${users.aiOptOut}, 'categories', ${authorCategories})
    from ${users} where ${users.id} = ${artworks.authorId})`;
}

const taxonomies = {
  categories: { link: artworkCategories, linkKey: artworkCategories.categoryId, table: categories, code: categories.category },
  fields: { link: artworkFields, linkKey: artworkFields.fieldId, table: fields, code: fields.field },
  concepts: { link: artworkConcepts, linkKey: artworkConcepts.conceptId, table: concepts, code: concepts.concept },
} as const;

/** The artwork's genres, fields or concepts, in the order the author chose. */
export function withTaxonomy(kind: keyof typeof taxonomies): SQL<Named[]> {
  const t = taxonomies[kind];
  return sql`coalesce((select json_agg(json_build_object('code', ${t.code}, 'nameKo', ${t.table.nameKo}, 'nameEn', ${t.table.nameEn}) order by ${t.link.position})
    from ${t.link} join ${t.table} on ${t.table.id} = ${t.linkKey} where ${t.link.artworkId} = ${artworks.id}), ${emptyArray})`;
}

export function withTags(): SQL<{ id: number; name: string }[]> {
  return sql`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by ${artworkTags.position})
    from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId} where ${artworkTags.artworkId} = ${artworks.id}), ${emptyArray})`;
}

export function withColor(): SQL<{ id: number; code: string } | null> {
  return sql`(select json_build_object('id', ${colors.id}, 'code', ${colors.code}) from ${colors} where ${colors.id} = ${artworks.colorId})`;
}

/** The viewer's collection entry for the artwork (null for a guest, or a placeholder of a prepared statement). */
export function withViewerCollection(viewerId: number | null | SQL): SQL<number | null> {
  if (viewerId === null) return sql`null::int`;
  return sql`(select ${collections.id} from ${collections} where ${collections.userId} = ${viewerId} and ${collections.artworkId} = ${artworks.id})`;
}

/** The invites the artwork was submitted to, with the selection (not a call staff hid: issue #31, its link is a 404). */
export function withApplications(): SQL<Application[]> {
  return sql`coalesce((select json_agg(json_build_object('id', ${inviteApplications.id}, 'invite', ${invites.id}, 'title', ${invites.title}, 'selected', ${inviteApplications.selected}) order by ${inviteApplications.id})
    from ${inviteApplications} join ${invites} on ${invites.id} = ${inviteApplications.inviteId}
    where ${inviteApplications.artworkId} = ${artworks.id} and ${invites.moderationState} = 'none'), ${emptyArray})`;
}

/** Every relation of the read model, composed into one json column. */
export function relatedColumn(viewerId: number | null | SQL): SQL<Related> {
  return sql<Related>`json_build_object(
    'author', ${withAuthor()},
    'categories', ${withTaxonomy('categories')},
    'fields', ${withTaxonomy('fields')},
    'concepts', ${withTaxonomy('concepts')},
    'tags', ${withTags()},
    'color', ${withColor()},
    'collection', ${withViewerCollection(viewerId)},
    'applications', ${withApplications()}
  )`;
}

/**
 * The artwork's own columns plus `related`, for `db.select()` in any artwork query; cards leave the
 * content out (`{ content: false }`: lists never show it, and it is the row's largest column).
 */
const cardColumns = () => {
  const { content: _content, ...card } = getTableColumns(artworks);
  return card;
};
export function withRelated(viewerId: number | null | SQL, options: { content: false }): ReturnType<typeof cardColumns> & { related: SQL<Related> };
export function withRelated(viewerId: number | null | SQL): ReturnType<typeof getTableColumns<typeof artworks>> & { related: SQL<Related> };
export function withRelated(viewerId: number | null | SQL, options?: { content: false }) {
  return { ...(options ? cardColumns() : getTableColumns(artworks)), related: relatedColumn(viewerId) };
}

export const emptyRelations = (): ArtworkRelations => ({
  authors: new Map(),
  categories: new Map(),
  fields: new Map(),
  concepts: new Map(),
  tags: new Map(),
  colors: new Map(),
  collections: new Map(),
  applications: new Map(),
});

/** Adds one row's `related` column to the maps presentArtwork takes. */
function addRelated(rel: ArtworkRelations, id: number, raw: Related | string) {
  const r: Related = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (r.author) rel.authors.set(r.author.id, r.author);
  rel.categories.set(id, r.categories);
  rel.fields.set(id, r.fields);
  rel.concepts.set(id, r.concepts);
  rel.tags.set(id, r.tags);
  if (r.color) rel.colors.set(r.color.id, r.color);
  if (r.collection !== null) rel.collections.set(id, r.collection);
  rel.applications.set(id, r.applications);
}

/** Splits rows selected `withRelated` into plain rows and the relation maps presentArtwork takes. */
type WithRelated<R> = R & { related: Related | string };
/** What a statement selected `withRelated` (the driver's rows, typed). */
export type RelatedRows = WithRelated<ArtworkRow>[];
export function splitRelated(selected: RelatedRows): { rows: ArtworkRow[]; rel: ArtworkRelations };
export function splitRelated(selected: WithRelated<CardRow>[]): { rows: CardRow[]; rel: ArtworkRelations };
export function splitRelated(selected: WithRelated<CardRow>[]): { rows: CardRow[]; rel: ArtworkRelations } {
  const rel = emptyRelations();
  const rows: CardRow[] = [];
  for (const { related, ...row } of selected) {
    rows.push(row);
    addRelated(rel, row.id, related);
  }
  return { rows, rel };
}

/**
 * The relations of rows a caller already holds (best projects, a level change, invite submissions): one
 * statement whatever their number, through the same helpers as the lists.
 */
export async function relationsOf(db: Executor, rows: Pick<ArtworkRow, 'id'>[], viewerId: number | null): Promise<ArtworkRelations> {
  const rel = emptyRelations();
  if (!rows.length) return rel;
  const selected = await db
    .select({ id: artworks.id, related: relatedColumn(viewerId) })
    .from(artworks)
    .where(
      inArray(
        artworks.id,
        rows.map((r) => r.id),
      ),
    );
  for (const { id, related } of selected) addRelated(rel, id, related);
  return rel;
}

import { createHash } from 'node:crypto';
import type { LicenceCode } from '@axoo/contract';
import { and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import {
  artworkCategories,
  artworkConcepts,
  artworkFields,
  artworks,
  artworkTags,
  artworkViews,
  categories,
  collections,
  concepts,
  fields,
  inviteApplications,
  tags,
  users,
} from '../../db/schema/index.ts';
import { type CardRow, type Related, type RelatedRows, splitRelated, withRelated, withViewerCollection } from '../artworks/read-model.ts';

export type Ordering = '-created' | 'created' | '-hit' | 'hit';

export interface ArtworkFilters {
  /** Already normalised by the service: trimmed, at least one character. */
  search?: string;
  createdFrom?: Date;
  category?: string;
  field?: string;
  concept?: string;
  colorId?: number;
  /** Issue #18: any of these licences (the generated `licence` column, its own partial index). */
  licences?: LicenceCode[];
  /** Issue #18: the picked colour (`#rrggbb`, lowercase) of the palette search; answered apart (gallery/palette.ts). */
  palette?: string;
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
const likeLiteral = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search terms shorter than this cannot use the trigram indexes (a trigram needs three characters). */
export const TRIGRAM_MIN = 3;

/**
 * Artworks whose tags, or whose author, match: `= any(array(…))` has PostgreSQL collect the (small)
 * match set once and fetch its artworks by index (primary key, author index); with `in (…)` it
 * may read the whole artworks table to hash-join a few thousand ids.
 */
const taggedWith = (cond: SQL) =>
  sql`${artworks.id} = any(array(select ${artworkTags.artworkId} from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId} where ${cond}))`;
const byAuthors = (cond: SQL) => sql`${artworks.authorId} = any(array(select ${users.id} from ${users} where ${cond}))`;

/** Conditions on `artworks`: the title, a tag name, or the author's name or username matches `cond`. */
function matching(cond: (column: SQL) => SQL): SQL[] {
  return [cond(sql`${artworks.title}`), taggedWith(cond(sql`${tags.name}`)), byAuthors(sql`${cond(sql`${users.name}`)} or ${cond(sql`${users.username}`)}`)];
}

/**
 * What a search term matches, as alternative conditions on `artworks` (any one suffices): title,
 * tag names, author name and username. Each is answered by its own index: pg_trgm GIN indexes
 * (ILIKE works for Hangul too) or unique btrees.
 * - 3+ characters: a substring anywhere (ILIKE '%term%').
 * - 2 characters: a word that starts with the term ('수채' finds '수채화'); pg_trgm pads word
 *   starts, so the pattern still yields trigrams where '%ab%' would yield none and scan.
 * - 1 character: a tag or a username exactly (unique btree indexes).
 */
function searchConditions(term: string): SQL[] {
  const length = [...term].length;
  if (length === 1) {
    const slug = term.toLowerCase().replaceAll('.', '');
    return [taggedWith(sql`${tags.name} = ${term}`), byAuthors(sql`${users.slug} = ${slug}`)];
  }
  const literal = likeLiteral(term);
  if (length < TRIGRAM_MIN) {
    const start = `${literal}%`;
    const word = `% ${literal}%`;
    return matching((column) => sql`(${column} ilike ${start} or ${column} ilike ${word})`);
  }
  const pattern = `%${literal}%`;
  return matching((column) => sql`${column} ilike ${pattern}`);
}

/** The WHERE of a list: who may see what (`visibility`) plus the chosen filters. */
export function artworkConditions(visibility: SQL | undefined, f: ArtworkFilters): SQL | undefined {
  const parts: SQL[] = visibility ? [visibility] : [];
  if (f.search) parts.push(sql`(${sql.join(searchConditions(f.search), sql` or `)})`);
  if (f.createdFrom) parts.push(gte(artworks.created, f.createdFrom));
  if (f.colorId !== undefined) parts.push(eq(artworks.colorId, f.colorId));
  if (f.licences?.length) parts.push(f.licences.length === 1 ? eq(artworks.licence, f.licences[0]) : inArray(artworks.licence, f.licences));
  if (f.category) {
    parts.push(
      sql`exists (select 1 from ${artworkCategories} join ${categories} on ${categories.id} = ${artworkCategories.categoryId}
            where ${artworkCategories.artworkId} = ${artworks.id} and ${categories.category} = ${f.category})`,
    );
  }
  if (f.field) {
    parts.push(
      sql`exists (select 1 from ${artworkFields} join ${fields} on ${fields.id} = ${artworkFields.fieldId}
            where ${artworkFields.artworkId} = ${artworks.id} and ${fields.field} = ${f.field})`,
    );
  }
  if (f.concept) {
    parts.push(
      sql`exists (select 1 from ${artworkConcepts} join ${concepts} on ${concepts.id} = ${artworkConcepts.conceptId}
            where ${artworkConcepts.artworkId} = ${artworks.id} and ${concepts.concept} = ${f.concept})`,
    );
  }
  return parts.length ? (and(...parts) as SQL) : undefined;
}

/**
 * A list's rows as `(id, created, hit)`, what ordering, paging and counting need. A scope is one
 * such set; several scopes must not overlap.
 */
export const rowsOf = (where: SQL): SQL =>
  sql`select ${artworks.id} as id, ${artworks.created} as created, ${artworks.hit} as hit from ${artworks} where ${where}`;

/**
 * The gallery's visible scope (`visibility`: the everyone-scope, `artworks.visible`) with the
 * filters, each answered by its best index (issue #5):
 * - a search is a UNION of one branch per match condition (title, tags, author), each driven by
 *   its own index and reading `created`/`hit` from the rows it fetches anyway; the (small) match
 *   set is then sorted. One OR, or `id in (matches)`, let PostgreSQL walk the whole visible index
 *   and hash-join the matches instead;
 * - a category without a search reads that category's own ordered partial index on
 *   artwork_categories, whose rows carry copies of the artwork's visible, created and hit
 *   (migration 0003_category_order): page 50 reads 1,200 index entries instead of walking the
 *   visible artworks and probing each one's categories until 1,200 match.
 * An author's own hidden scope stays one OR (artworkConditions): the author's few rows drive it.
 */
export function visibleRows(visibility: SQL, f: ArtworkFilters): SQL {
  const { search, ...others } = f;
  if (search) {
    const rest = artworkConditions(visibility, others) as SQL;
    return sql.join(
      searchConditions(search).map((match) => rowsOf(and(rest, match) as SQL)),
      sql` union `,
    );
  }
  if (f.category) {
    const { category, ...more } = others;
    const rest = artworkConditions(undefined, more);
    return sql`select ${artworkCategories.artworkId} as id, ${artworkCategories.created} as created, ${artworkCategories.hit} as hit
      from ${artworkCategories}
      where ${artworkCategories.visible}
        and ${artworkCategories.categoryId} = (select ${categories.id} from ${categories} where ${categories.category} = ${category})
        ${rest ? sql`and exists (select 1 from ${artworks} where ${artworks.id} = ${artworkCategories.artworkId} and ${rest})` : sql``}`;
  }
  return rowsOf(artworkConditions(visibility, f) as SQL);
}

/** Orderings match the partial indexes (created desc, id desc) and (hit desc, id desc). */
export function orderBy(ordering: Ordering): SQL[] {
  switch (ordering) {
    case '-hit':
      return [desc(artworks.hit), desc(artworks.id)];
    case 'hit':
      return [asc(artworks.hit), asc(artworks.id)];
    case 'created':
      return [asc(artworks.created), asc(artworks.id)];
    default:
      return [desc(artworks.created), desc(artworks.id)];
  }
}

/** How many rows the scopes (rowsOf, visibleRows) hold together. */
export async function countArtworks(db: Executor, scopes: SQL[]): Promise<number> {
  const parts = scopes.map((rows) => sql`(select count(*) from (${rows}) as scope)`);
  const [row] = await db.select({ n: sql<string>`${sql.join(parts, sql` + `)}` }).from(sql`(select 1) as one`);
  return Number(row?.n ?? 0);
}

const orderSql: Record<Ordering, SQL> = {
  '-created': sql.raw('created desc, id desc'),
  created: sql.raw('created asc, id asc'),
  '-hit': sql.raw('hit desc, id desc'),
  hit: sql.raw('hit asc, id asc'),
};

/** One row of a page as everyone sees it: which artwork, and its views. */
export interface PageRow {
  id: number;
  hit: number;
}

/** …and the viewer's collection entry for it. */
export interface PageMark extends PageRow {
  collection: number | null;
}

/**
 * One page of a list as marks, in order. The page's ids are picked first from the index alone (a
 * deep offset skips index entries, not table rows), then only those rows are read, and only for
 * what is not the same for everyone: `hit` and the viewer's collection entry (the cards themselves
 * come from the card store, cards.ts). With several scopes, each gives its own first offset+limit
 * rows in order and the merge keeps the page; that is exact because the scopes do not overlap.
 */
export async function pageMarks(db: Executor, scopes: SQL[], ordering: Ordering, limit: number, offset: number, viewerId: number | null): Promise<PageMark[]> {
  const order = orderSql[ordering];
  let ids: SQL;
  if (scopes.length === 1) {
    ids = sql`select id from (${scopes[0]}) as scope order by ${order} limit ${limit} offset ${offset}`;
  } else {
    const branches = scopes.map((rows) => sql`(select id, created, hit from (${rows}) as scope order by ${order} limit ${limit + offset})`);
    ids = sql`select id from (${sql.join(branches, sql` union all `)}) as merged order by ${order} limit ${limit} offset ${offset}`;
  }
  const query = db
    // Nested once: drizzle writes a single-table select's top-level columns without their table, and
    // `artwork_id = id` would then compare with the collection's own id.
    .select({ id: artworks.id, hit: artworks.hit, collection: sql<number | null>`${withViewerCollection(viewerId)}` })
    .from(artworks)
    .where(sql`${artworks.id} in (${ids})`)
    .orderBy(...orderBy(ordering));
  // A named statement per query shape (the values are parameters): PostgreSQL parses it once per connection.
  const name = `gallery_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20)}`;
  return (await query.prepare(name).execute()) as PageMark[];
}

/**
 * Issue #14: every visible match of a search, in the list's order, as one array: what the match-set
 * cache (state.ts) keeps so that each page of a search is a slice of it.
 */
export async function matchIds(db: Executor, visible: SQL, ordering: Ordering): Promise<number[]> {
  const [row] = await db.select({ ids: sql<number[]>`coalesce(array_agg(id order by ${orderSql[ordering]}), '{}')` }).from(sql`(${visible}) as scope`);
  return row?.ids ?? [];
}

/** The marks of given ids, in their order (one statement, prepared once per database; guest and member forms). */
export function prepareMarks(db: Db) {
  const page = sql`unnest(${sql.placeholder('ids')}::int[]) with ordinality as page(id, n)`;
  const marks = (viewer: SQL | null) =>
    db
      .select({ id: artworks.id, hit: artworks.hit, collection: sql<number | null>`${withViewerCollection(viewer)}` })
      .from(page)
      .innerJoin(artworks, sql`${artworks.id} = page.id`)
      .orderBy(sql`page.n`);
  return { guest: marks(null).prepare('gallery_marks_guest'), member: marks(sql`${sql.placeholder('viewer')}::int`).prepare('gallery_marks_member') };
}
export type MarkStatements = ReturnType<typeof prepareMarks>;

export async function marksOf(p: MarkStatements, ids: number[], viewerId: number | null): Promise<PageMark[]> {
  if (!ids.length) return [];
  return (viewerId === null ? await p.guest.execute({ ids }) : await p.member.execute({ ids, viewer: viewerId })) as PageMark[];
}

/** The viewer's collection entries by artwork id (issue #14: kept per viewer, merged into shared pages). */
export async function collectedBy(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await db.select({ id: collections.id, artworkId: collections.artworkId }).from(collections).where(eq(collections.userId, userId));
  return new Map(rows.map((r) => [r.artworkId, r.id]));
}

/** The cards' one statement (rows without their content, with their relations), prepared once per database. */
export function prepareCards(db: Db) {
  return db
    .select(withRelated(null, { content: false }))
    .from(artworks)
    .where(sql`${artworks.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('gallery_cards');
}
export type CardStatement = ReturnType<typeof prepareCards>;

/** The rows and relations of the cards a page lacks. */
export async function cardRows(statement: CardStatement, ids: number[]) {
  return splitRelated((await statement.execute({ ids })) as (CardRow & { related: Related })[]);
}

/** The detail's one statement (the viewer's marks are read apart: marksOf), prepared once per database. */
export function prepareDetail(db: Db) {
  return db
    .select(withRelated(null))
    .from(artworks)
    .where(eq(artworks.id, sql.placeholder('id')))
    .limit(1)
    .prepare('gallery_artwork');
}
export type DetailStatement = ReturnType<typeof prepareDetail>;

/** One artwork with everything the overlay shows, in one statement (prepared once per app: gallery-state). */
export async function findArtworkWithRelated(statement: DetailStatement, id: number) {
  const selected = await statement.execute({ id });
  return selected.length ? splitRelated(selected as RelatedRows) : null;
}

export async function findArtwork(db: Executor, id: number) {
  const [row] = await db.select().from(artworks).where(eq(artworks.id, id)).limit(1);
  return row ?? null;
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
    update ${artworks} set hit = hit + 1 where id in (select artwork_id from fresh) returning id`);
  const rows = 'rows' in result ? (result.rows as unknown[]) : (result as unknown[]);
  return rows.length > 0;
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select({ id: users.id, publicCollection: users.publicCollection }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Profile "Projects": the user's own artworks; drafts never show here. */
export const profileProjects = (userId: number, visibility?: SQL) => and(eq(artworks.authorId, userId), eq(artworks.draft, false), visibility) as SQL;

/** Profile "Collection": the artworks the user collected that the viewer may see. */
export const profileCollection = (userId: number, visibility: SQL) =>
  and(visibility, sql`exists (select 1 from ${collections} where ${collections.artworkId} = ${artworks.id} and ${collections.userId} = ${userId})`) as SQL;

/** Profile "My submission": the user's artworks submitted to an invite. */
export const profileApplications = (userId: number) =>
  and(eq(artworks.authorId, userId), sql`exists (select 1 from ${inviteApplications} where ${inviteApplications.artworkId} = ${artworks.id})`) as SQL;

/** The upload screen's open drafts. */
export const profileDrafts = (userId: number) => and(eq(artworks.authorId, userId), eq(artworks.draft, true)) as SQL;

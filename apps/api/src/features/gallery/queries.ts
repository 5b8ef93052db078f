import { createHash } from 'node:crypto';
import type { LicenceCode } from '@axoo/contract';
import { and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  artworkCategories,
  artworkConcepts,
  artworkFields,
  artworks,
  categories,
  collections,
  concepts,
  fields,
  inviteApplications,
  users,
} from '../../db/schema/index.ts';
import { withViewerCollection } from '../../domain/artworks/read-model.ts';
import type { PageMark } from '../../domain/cards/queries.ts';
import { artworkBranches, artworkMatches, entriesFound, entriesHeld, entryHolds, SEARCH_MATCHES_MAX, withGramIndex } from '../../domain/search/match.ts';

export { SEARCH_MATCHES_MAX };
import { type SearchWord, searchWords } from '../../domain/search/terms.ts';

/** `relevance` (issue #30.5) ranks a search's matches (domain/search `relevanceRank`); without a search it is `-created`. */
export type Ordering = '-created' | 'created' | '-hit' | 'hit' | 'relevance';

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
  /** Issue #35: only artworks whose shown images carry valid Content Credentials (the kept `credentials` column). */
  credentials?: boolean;
  /** Issue #31: general work only (`?rating=general`), and work made without AI only (`?ai_use=none`); partial indexes. */
  general?: boolean;
  noAi?: boolean;
  /** Issue #18: the picked colour (`#rrggbb`, lowercase) of the palette search; answered apart (gallery/palette.ts). */
  palette?: string;
}

/** Every word of a term on `artworks` (issue #30: the search module, domain/search). */
const searchCondition = (term: string): SQL => and(...searchWords(term).map(artworkMatches)) as SQL;

/** The WHERE of a list: who may see what (`visibility`) plus the chosen filters. */
export function artworkConditions(visibility: SQL | undefined, f: ArtworkFilters): SQL | undefined {
  const parts: SQL[] = visibility ? [visibility] : [];
  if (f.search) parts.push(searchCondition(f.search));
  if (f.createdFrom) parts.push(gte(artworks.created, f.createdFrom));
  if (f.colorId !== undefined) parts.push(eq(artworks.colorId, f.colorId));
  if (f.credentials) parts.push(eq(artworks.credentials, true));
  if (f.general) parts.push(eq(artworks.rating, 'general'));
  if (f.noAi) parts.push(eq(artworks.aiUse, 'none'));
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
 * - a search is a UNION of one branch per match condition of its longest word (title, tags, author;
 *   domain/search), each driven by
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
    // The longest word drives (one branch per text it may be in); the others filter what it finds.
    const [driver, ...more] = searchWords(search);
    const rest = and(artworkConditions(visibility, others), ...more.map(artworkMatches)) as SQL;
    return sql.join(
      artworkBranches(driver as SearchWord).map((match) => rowsOf(and(rest, match) as SQL)),
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
  relevance: sql.raw('created desc, id desc'),
  created: sql.raw('created asc, id asc'),
  '-hit': sql.raw('hit desc, id desc'),
  hit: sql.raw('hit asc, id asc'),
};

export type { PageMark, PageRow } from '../../domain/cards/queries.ts';

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

/** The match set of a broad search (searchMatches), which is never gathered. */
export const BROAD = -1;

/** Orderings by creation, which a search's entries carry (migration 0033); the others need the artworks. */
const byCreated = (ordering: Ordering) => ordering === '-created' || ordering === 'created' || ordering === 'relevance';

/**
 * The visible rows of a broad search tested row by row (no gram index), for a walk of an ordered index that stops
 * once a page is full: the entries' recency index for orderings by creation, else the list's own (most viewed), each
 * row's entry tested by key.
 */
export function heldRows(visibility: SQL, f: ArtworkFilters, ordering: Ordering): SQL {
  const { search, ...others } = f;
  const words = searchWords(search ?? '');
  if (byCreated(ordering)) return sql`select id, created, 0 as hit from (${entriesHeld(words, artworkConditions(undefined, others))}) as held`;
  return rowsOf(and(artworkConditions(visibility, others), entryHolds(words)) as SQL);
}

/**
 * Issue #30.7: a search's visible matches in the list's order, found through the entries' gram index at a bounded
 * cost: at most SEARCH_MATCHES_MAX entries are read (the longest word drives, the other words are tested on the
 * entries it finds); when that many came the term is broad and the answer is `[BROAD]`. A list by creation is
 * ordered from the entries alone; the others read the artworks of the matches (most viewed, relevance).
 */
export async function searchMatches(db: Executor, f: ArtworkFilters, ordering: Ordering, rank?: SQL): Promise<number[]> {
  const { search, ...others } = f;
  const found = entriesFound(searchWords(search ?? ''), artworkConditions(undefined, others));
  const order = rank ? sql`${rank}, ${orderSql[ordering]}` : orderSql[ordering];
  const fits = sql`(select count(*) from found) <= ${SEARCH_MATCHES_MAX}`;
  const ids =
    !rank && byCreated(ordering)
      ? sql`select coalesce(array_agg(id order by ${order}), '{}') from found where ${fits}`
      : sql`select coalesce(array_agg(${artworks.id} order by ${order}), '{}') from ${artworks} where ${fits} and ${artworks.id} in (select id from found)`;
  // One statement: the entries found (at most one past the cap), then, only when they fit, the ids in order.
  const result = await withGramIndex(db, (tx) =>
    tx.execute(sql`with found as materialized (
      select id, created from (${found}) as found limit ${SEARCH_MATCHES_MAX + 1})
    select (select count(*) from found)::int as found, (${ids}) as ids`),
  );
  const [row] = ('rows' in result ? result.rows : result) as { found: number; ids: number[] }[];
  return !row ? [] : row.found > SEARCH_MATCHES_MAX ? [BROAD] : row.ids;
}

export async function findArtwork(db: Executor, id: number) {
  const [row] = await db.select().from(artworks).where(eq(artworks.id, id)).limit(1);
  return row ?? null;
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

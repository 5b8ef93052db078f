import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
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
import { splitRelated, withRelated } from './relations.ts';

export type Ordering = '-created' | 'created' | '-hit' | 'hit';

export interface ArtworkFilters {
  /** Already normalised by the service: trimmed, at least one character. */
  search?: string;
  createdFrom?: Date;
  category?: string;
  field?: string;
  concept?: string;
  colorId?: number;
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
const likeLiteral = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search terms shorter than this cannot use the trigram indexes (a trigram needs three characters). */
export const TRIGRAM_MIN = 3;

/** Artwork ids whose title, tag names, or author name or username match `cond` (one pattern per call). */
function matchingIds(cond: (column: SQL) => SQL): SQL {
  return sql`(
    select ${artworks.id} from ${artworks} where ${cond(sql`${artworks.title}`)}
    union select ${artworkTags.artworkId} from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId} where ${cond(sql`${tags.name}`)}
    union select ${artworks.id} from ${artworks} join ${users} on ${users.id} = ${artworks.authorId}
      where ${cond(sql`${users.name}`)} or ${cond(sql`${users.username}`)}
  )`;
}

/**
 * Artwork ids matching a search term: title, tag names, author name and username.
 * Each branch is answered by its own pg_trgm GIN index (ILIKE works for Hangul too); a UNION
 * keeps every branch indexable, where one OR over a join would scan the table.
 * - 3+ characters: a substring anywhere (ILIKE '%term%').
 * - 2 characters: a word that starts with the term ('수채' finds '수채화'); pg_trgm pads word
 *   starts, so the pattern still yields trigrams where '%ab%' would yield none and scan.
 * - 1 character: a tag or a username exactly (unique btree indexes).
 */
function searchIds(term: string): SQL {
  const length = [...term].length;
  if (length === 1) {
    const slug = term.toLowerCase().replaceAll('.', '');
    return sql`(
      select ${artworkTags.artworkId} from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId} where ${tags.name} = ${term}
      union select ${artworks.id} from ${artworks} join ${users} on ${users.id} = ${artworks.authorId} where ${users.slug} = ${slug}
    )`;
  }
  const literal = likeLiteral(term);
  if (length < TRIGRAM_MIN) {
    const start = `${literal}%`;
    const word = `% ${literal}%`;
    return matchingIds((column) => sql`(${column} ilike ${start} or ${column} ilike ${word})`);
  }
  const pattern = `%${literal}%`;
  return matchingIds((column) => sql`${column} ilike ${pattern}`);
}

/** The WHERE of a gallery list: who may see what (`visibility`) plus the chosen filters. */
export function artworkConditions(visibility: SQL, f: ArtworkFilters): SQL {
  const parts: SQL[] = [visibility];
  if (f.search) parts.push(sql`${artworks.id} in ${searchIds(f.search)}`);
  if (f.createdFrom) parts.push(gte(artworks.created, f.createdFrom));
  if (f.colorId !== undefined) parts.push(eq(artworks.colorId, f.colorId));
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
  return and(...parts) as SQL;
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

/**
 * A list's rows come from one or more disjoint scopes (SQL conditions): for a guest just the
 * visible artworks; for a logged-in user also their own hidden ones. Each scope is answered by
 * its own index and the two are merged, where one OR would defeat the partial indexes.
 */
export async function countArtworks(db: Executor, scopes: SQL[]): Promise<number> {
  const parts = scopes.map((where) => sql`(select count(*) from ${artworks} where ${where})`);
  const [row] = await db.select({ n: sql<string>`${sql.join(parts, sql` + `)}` }).from(sql`(select 1) as one`);
  return Number(row?.n ?? 0);
}

const orderSql: Record<Ordering, SQL> = {
  '-created': sql.raw('created desc, id desc'),
  created: sql.raw('created asc, id asc'),
  '-hit': sql.raw('hit desc, id desc'),
  hit: sql.raw('hit asc, id asc'),
};

/**
 * One page of artwork rows. The page's ids are picked first from the index alone (a deep offset
 * skips index entries, not table rows), then only those rows are read: page 50 costs about page 1.
 * With several scopes, each gives its own first offset+limit rows in order and the merge keeps the
 * page; that is exact because the scopes do not overlap.
 */
export async function pageOfArtworks(db: Executor, scopes: SQL[], ordering: Ordering, limit: number, offset: number, viewerId: number | null) {
  const order = orderSql[ordering];
  let ids: SQL;
  if (scopes.length === 1) {
    ids = sql`select id from ${artworks} where ${scopes[0]} order by ${order} limit ${limit} offset ${offset}`;
  } else {
    const branches = scopes.map((where) => sql`(select id, created, hit from ${artworks} where ${where} order by ${order} limit ${limit + offset})`);
    ids = sql`select id from (${sql.join(branches, sql` union all `)}) as merged order by ${order} limit ${limit} offset ${offset}`;
  }
  const query = db
    .select(withRelated(viewerId))
    .from(artworks)
    .where(sql`${artworks.id} in (${ids})`)
    .orderBy(...orderBy(ordering));
  // A named statement per query shape (the values are parameters): PostgreSQL parses it once per
  // connection and can keep its plan, where planning this statement costs as much as running it.
  const name = `gallery_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20)}`;
  const selected = await query.prepare(name).execute();
  return splitRelated(selected as Parameters<typeof splitRelated>[0]);
}

/** The detail's one statement, prepared once per database (guest and member forms): no planning per request. */
function prepareDetail(db: Db) {
  return {
    guest: db
      .select(withRelated(null))
      .from(artworks)
      .where(eq(artworks.id, sql.placeholder('id')))
      .limit(1)
      .prepare('gallery_artwork_guest'),
    member: db
      .select(withRelated(sql`${sql.placeholder('viewer')}::int`))
      .from(artworks)
      .where(eq(artworks.id, sql.placeholder('id')))
      .limit(1)
      .prepare('gallery_artwork_member'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof prepareDetail>>();

/** One artwork with everything the overlay shows, in one statement. */
export async function findArtworkWithRelated(db: Db, id: number, viewerId: number | null) {
  let p = prepared.get(db);
  if (!p) {
    p = prepareDetail(db);
    prepared.set(db, p);
  }
  const selected = viewerId === null ? await p.guest.execute({ id }) : await p.member.execute({ id, viewer: viewerId });
  return selected.length ? splitRelated(selected as Parameters<typeof splitRelated>[0]) : null;
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

import { SUGGEST_MAX, type SearchSuggestions } from '@axoo/contract';
import { and, asc, desc, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, tags, users } from '../../db/schema/index.ts';
import { presentUser } from '../users/present.ts';
import { holdsEvery, SEARCHED, userMatches, wordMatches } from './match.ts';
import type { SearchWord } from './terms.ts';

const everyWord = (text: typeof SEARCHED.title, words: SearchWord[]) => and(...words.map((word) => wordMatches(text, word)));
const hasVisibleWork = sql`exists (select 1 from ${artworks} where ${artworks.authorId} = ${users.id} and ${artworks.visible})`;
const rowsOf = <T>(result: unknown) => ('rows' in (result as object) ? (result as { rows: T[] }).rows : (result as T[]));

/** How far down the most viewed visible artworks the first look for titles reads (index-only, titles included). */
export const TITLE_WALK = 1_000;
/** A term whose titles the gram index finds at most this many times is ranked from all of them. */
export const TITLE_GATHER_MAX = 500;

type TitleRow = { id: number; title: string; hit: number };

/**
 * The SUGGEST_MAX most viewed visible titles holding every word, exactly, at a bounded cost whatever the term
 * (issue #30.7, suggestions within a detail request when cold):
 * 1. the first TITLE_WALK rows of the most-viewed index (it carries the titles, migration 0030), tested as read:
 *    a term many titles hold has its top titles there;
 * 2. otherwise the gram index's matches, when there are at most TITLE_GATHER_MAX, ranked whole;
 * 3. otherwise (many matches, few among the most viewed) the index walked on until the list is full: the share
 *    of matching rows is then at least TITLE_GATHER_MAX in the table, so the walk stays short.
 */
export async function titleSuggestions(db: Executor, words: SearchWord[], bounds = { walk: TITLE_WALK, gather: TITLE_GATHER_MAX }) {
  const walk = (limit: SQL) =>
    db.execute(sql`select id, title, hit from (select ${artworks.id} as id, ${artworks.title} as title, ${artworks.hit} as hit from ${artworks}
        where ${artworks.visible} order by ${artworks.hit} desc, ${artworks.id} desc ${limit}) as walked
      where ${holdsEvery(sql.raw('walked.title'), words)} limit ${SUGGEST_MAX}`);
  const first = rowsOf<TitleRow>(await walk(sql`limit ${bounds.walk}`));
  if (first.length === SUGGEST_MAX) return first;
  const found = await db
    .select({ id: artworks.id, title: artworks.title, hit: artworks.hit })
    .from(artworks)
    .where(and(sql`${artworks.visible}`, everyWord(SEARCHED.title, words)))
    .limit(bounds.gather + 1);
  if (found.length <= bounds.gather) return found.sort((a, b) => b.hit - a.hit || b.id - a.id).slice(0, SUGGEST_MAX);
  return rowsOf<TitleRow>(await walk(sql``));
}

/**
 * Issue #30.3: what a search box offers while someone types: artists (with visible work, most followed first),
 * tags (by how many visible artworks carry them, a count the database keeps) and titles (visible artworks, most
 * viewed first), at most SUGGEST_MAX each. Visible work only, the same for every viewer.
 */
export async function suggestions(db: Executor, words: SearchWord[]): Promise<SearchSuggestions> {
  if (!words.length) return { artists: [], tags: [], titles: [] };
  const [artists, tagRows, titles] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, name: users.name, slug: users.slug, croppedAvatar: users.croppedAvatar })
      .from(users)
      .where(and(userMatches(words), hasVisibleWork))
      .orderBy(desc(users.followersCount), desc(users.id))
      .limit(SUGGEST_MAX),
    db
      .select({ name: tags.name, count: tags.visibleCount })
      .from(tags)
      .where(and(gt(tags.visibleCount, 0), everyWord(SEARCHED.tag, words)))
      .orderBy(desc(tags.visibleCount), asc(tags.name))
      .limit(SUGGEST_MAX),
    titleSuggestions(db, words),
  ]);
  return {
    artists: artists.map((user) => presentUser.owner(user)),
    tags: tagRows,
    titles: titles.map(({ id, title }) => ({ id, title })),
  };
}

/** A term that did-you-mean may correct: Latin letters, digits and spaces (issue #30.4). */
const LATIN = /^[a-z0-9 '&.-]+$/i;

/**
 * Issue #30.4: when a Latin term finds nothing, a close term that does find visible work: a tag or a username
 * by trigram similarity (pg_trgm's `%`, through their trigram indexes), the closest first. Null when none.
 */
export async function didYouMean(db: Executor, term: string): Promise<string | null> {
  if (!LATIN.test(term) || term.length < 3) return null;
  const result = await db.execute(sql`select candidate from (
      (select ${tags.name} as candidate, similarity(${tags.name}, ${term}) as score from ${tags}
        where ${tags.name} % ${term} and ${tags.visibleCount} > 0
        order by score desc limit 3)
      union all
      (select ${users.username}, similarity(${users.username}, ${term}) from ${users}
        where ${users.username} % ${term} and ${hasVisibleWork}
        order by 2 desc limit 3)
    ) as close where lower(candidate) <> lower(${term}) order by score desc, candidate limit 1`);
  return rowsOf<{ candidate: string }>(result)[0]?.candidate ?? null;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworkSearch, artworks, artworkTags, tags, users } from '../../db/schema/index.ts';
import { type Alternative, type SearchWord, syllableRange } from './terms.ts';

/**
 * Issue #30: the one seam between the product and its search engine (PostgreSQL here). Features ask for the
 * conditions of a parsed term (terms.ts) on what they list; nothing else knows how texts are matched, so a
 * dedicated engine could answer these questions instead.
 *
 * The searched texts, each as the very expression its GIN index of grams is built on (migration 0013).
 */
export const SEARCHED = {
  title: sql`${artworks.title}`,
  tag: sql`${tags.name}`,
  user: sql`(${users.name} || ' ' || ${users.username})`,
};

/**
 * Issue #30.7: a search whose gram indexes find more rows than this is broad. Its match set is not gathered (every
 * match fetched and sorted before the first page: 3.5 s for 'a' on 100,000 artworks); its pages are found by walking
 * the entries' recency index (`entriesHeld`), or the list's own ordered index (`entryHolds`), and it lists at most
 * this many artworks.
 */
export const SEARCH_MATCHES_MAX = 2_000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** In a PostgreSQL regular expression, every character but letters and digits is taken literally. */
const escapeRegex = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);
const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;

/** The syllables starting with an initial consonant, or that consonant itself, as a regular expression class. */
function initialClass(initial: string): string {
  const [first, last] = syllableRange(initial);
  return `[${first}-${last}${initial}]`;
}

/**
 * One alternative on one text already at hand, without its grams: the same rows as `alternative` (the 초성 as a
 * class of syllables per consonant, which is what `search_choseong` … like means), for a walk of an ordered index,
 * where computing a text's grams per row (about 0.1 ms) would cost more than the test itself.
 */
function heldAlternative(text: SQL, alt: Alternative): SQL {
  switch (alt.kind) {
    case 'text':
      return sql`${text} ilike ${`%${escapeLike(alt.word)}%`}`;
    case 'initials':
      return sql`lower(${text}) ~ ${[...alt.word].map(initialClass).join('')}`;
    case 'typing':
      return sql`lower(${text}) ~ ${`${escapeRegex(alt.before)}${initialClass(alt.initial)}`}`;
  }
}

/** A word on one text at hand: any of its alternatives, tested on the text alone (no index). */
const wordHolds = (text: SQL, word: SearchWord): SQL =>
  sql`(${sql.join(
    word.alternatives.map((alt) => heldAlternative(text, alt)),
    sql` or `,
  )})`;

/** Every word on one text at hand, tested on the text alone (no index): for walks of an ordered index. */
export const holdsEvery = (text: SQL, words: SearchWord[]): SQL =>
  sql`(${sql.join(
    words.map((word) => wordHolds(text, word)),
    sql` and `,
  )})`;

/** The grams one alternative's texts must hold, as the condition their GIN index answers. */
const gramsHeld = (text: SQL, alt: Alternative): SQL => sql`search_grams(${text}) @> ${textArray(alt.grams)}`;
const anyOf = (parts: SQL[]): SQL => (parts.length === 1 ? (parts[0] as SQL) : sql`(${sql.join(parts, sql` or `)})`);

/**
 * A word on one searched text: any of its alternatives, as the grams from the index, then the exact pattern on the
 * rows found (a regular expression for 초성: `search_choseong` per row cost 0.1 ms, ten times the expression). Written
 * as (any alternative's grams) and (any alternative's pattern), which is the same rows since a pattern's match holds
 * its grams: so the grams are only ever the index's condition. As (grams and pattern) or (grams and pattern), the
 * planner read both alternatives' rows from the index and then computed each row's grams again to tell which one it
 * matched (0.2 ms a row: 390 ms for '빛', which is also 비 followed by a syllable starting with ㅊ).
 */
export function wordMatches(text: SQL, word: SearchWord): SQL {
  return sql`(${anyOf(word.alternatives.map((alt) => gramsHeld(text, alt)))} and ${wordHolds(text, word)})`;
}

/**
 * Artworks a word finds, as alternative conditions on `artworks` (any one suffices), each answered by its own
 * index: the title, a tag name, the author's name or username. Tags and authors are collected first
 * (`= any(array(…))`), so PostgreSQL fetches their artworks by index instead of hash-joining the table.
 */
export function artworkBranches(word: SearchWord): SQL[] {
  return [
    wordMatches(SEARCHED.title, word),
    sql`${artworks.id} = any(array(select ${artworkTags.artworkId} from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId} where ${wordMatches(SEARCHED.tag, word)}))`,
    sql`${artworks.authorId} = any(array(select ${users.id} from ${users} where ${wordMatches(SEARCHED.user, word)}))`,
  ];
}

/**
 * Issue #30.7: what the gallery searches, the visible artworks' entries (`artwork_search`, migration 0033: one per
 * visible artwork, kept by triggers, its title, tags and author as one haystack, a line each). Being an entry is
 * being visible; `filter` (the list's other filters, on `artworks`) is tested on the entries' artworks by key.
 */
const HAYSTACK = sql`${artworkSearch.haystack}`;
const entries = (where: SQL[], filter: SQL | undefined): SQL => {
  if (filter) where.push(sql`exists (select 1 from ${artworks} where ${artworks.id} = ${artworkSearch.artworkId} and ${filter})`);
  return sql`select ${artworkSearch.artworkId} as id, ${artworkSearch.created} as created from ${artworkSearch} where ${sql.join(where, sql` and `)}`;
};

/**
 * The entries (`id, created`) holding every word: the longest through the gram index, the others tested on what it
 * finds. A LIMIT over it stops the index's rows as they come: how the gallery learns at a bounded cost whether a
 * term is narrow (all its entries fit) or broad.
 */
export function entriesFound(words: SearchWord[], filter?: SQL): SQL {
  const [driver, ...more] = words;
  const where = [wordMatches(HAYSTACK, driver as SearchWord)];
  if (more.length) where.push(holdsEvery(HAYSTACK, more));
  return entries(where, filter);
}

/**
 * Runs a first look (`entriesFound` under a LIMIT) where the gram index is the only way to read the entries, in this
 * process alone. The planner prices a bitmap scan as if it computed every row's grams again (the index condition is
 * its recheck), so for a term in most entries ('a') it chose to read entries in order and compute `search_grams` on
 * each until 2,001 matched: 0.2 ms a row, 400-600 ms. With sequential and plain index scans off for this one
 * transaction, it reads the term's grams from the index and the matching entries by their positions, whose grams are
 * never computed. And with no parallel workers: starting one cost more than the whole look (10 ms), up to 200 ms on a
 * busy machine.
 */
export function withGramIndex<T>(db: Executor, look: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return look(tx);
  });
}

/** The same entries tested one by one (no gram index): a broad term's walk of the entries' recency index. */
export const entriesHeld = (words: SearchWord[], filter?: SQL): SQL => entries([holdsEvery(HAYSTACK, words)], filter);

/** An artwork whose entry holds every word, tested by key: a broad term's walk of an artworks index (most viewed). */
export const entryHolds = (words: SearchWord[]): SQL =>
  sql`exists (select 1 from ${artworkSearch} where ${artworkSearch.artworkId} = ${artworks.id} and ${holdsEvery(HAYSTACK, words)})`;

/** An artwork that a word finds anywhere (title, tags, author). */
export const artworkMatches = (word: SearchWord): SQL => sql`(${sql.join(artworkBranches(word), sql` or `)})`;

/** Users (artists) whose name or username holds every word. */
export const userMatches = (words: SearchWord[]): SQL =>
  sql`(${sql.join(
    words.map((word) => wordMatches(SEARCHED.user, word)),
    sql` and `,
  )})`;

/**
 * Issue #30.5, `ordering=relevance`: 0 the title is the term, 1 the title starts with it, 2 the title holds
 * every word, 3 a tag holds one, 4 the rest (the author); the caller orders newer first within a rank.
 * Plain rechecks only (no grams): it is computed for the matches alone.
 */
export function relevanceRank(term: string, words: SearchWord[]): SQL {
  const plain = words.map((w) => w.word).filter(Boolean);
  const titleHolds = plain.map((w) => sql`${artworks.title} ilike ${`%${escapeLike(w)}%`}`);
  const tagHolds = plain.map((w) => sql`${tags.name} ilike ${`%${escapeLike(w)}%`}`);
  return sql`case
    when lower(${artworks.title}) = lower(${term}) then 0
    when ${artworks.title} ilike ${`${escapeLike(term)}%`} then 1
    when ${sql.join(titleHolds, sql` and `)} then 2
    when exists (select 1 from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId}
      where ${artworkTags.artworkId} = ${artworks.id} and (${sql.join(tagHolds, sql` or `)})) then 3
    else 4 end`;
}

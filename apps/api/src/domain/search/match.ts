import { type SQL, sql } from 'drizzle-orm';
import { artworks, artworkTags, tags, users } from '../../db/schema/index.ts';
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
 * the list's own ordered index (`artworkHolds`), and it lists at most this many artworks.
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

/**
 * An artwork row that a word finds (title, a tag, the author), tested on that row alone: what a walk of the list's
 * own ordered index filters with (issue #30.7, a term too broad for its match set). The tags and the author are
 * read per row by key (correlated subqueries), not collected for every match first.
 */
export const artworkHolds = (word: SearchWord): SQL => sql`(${wordHolds(SEARCHED.title, word)}
  or coalesce((select bool_or(${wordHolds(SEARCHED.tag, word)}) from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId}
    where ${artworkTags.artworkId} = ${artworks.id}), false)
  or coalesce((select ${wordHolds(SEARCHED.user, word)} from ${users} where ${users.id} = ${artworks.authorId}), false))`;

/**
 * One alternative on one text: its grams from the index, then the exact pattern on the rows found (a regular
 * expression for 초성: `search_choseong` per row cost 0.1 ms, ten times the expression).
 */
const alternative = (text: SQL, alt: Alternative): SQL => sql`(search_grams(${text}) @> ${textArray(alt.grams)} and ${heldAlternative(text, alt)})`;

/** A word on one searched text: any of its alternatives. */
export function wordMatches(text: SQL, word: SearchWord): SQL {
  const alternatives = word.alternatives.map((alt) => alternative(text, alt));
  return alternatives.length === 1 ? (alternatives[0] as SQL) : sql`(${sql.join(alternatives, sql` or `)})`;
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
 * Issue #30.7: the ids of the artworks (meeting `rest`) that a word's indexes find, per searched text, as one
 * `union all` whose branches are joins down to the artworks (no array collected first), so that a LIMIT over it
 * stops as soon as that many rows came: how the gallery learns, at a bounded cost, whether a term is narrow (all
 * its matches fit) or broad. An artwork may come more than once.
 */
export const artworkIdsFound = (word: SearchWord, rest: SQL): SQL => sql`select ${artworks.id} as id from ${artworks}
    where ${rest} and ${wordMatches(SEARCHED.title, word)}
  union all
  select ${artworks.id} from ${tags} join ${artworkTags} on ${artworkTags.tagId} = ${tags.id} join ${artworks} on ${artworks.id} = ${artworkTags.artworkId}
    where ${wordMatches(SEARCHED.tag, word)} and ${rest}
  union all
  select ${artworks.id} from ${users} join ${artworks} on ${artworks.authorId} = ${users.id}
    where ${wordMatches(SEARCHED.user, word)} and ${rest}`;

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

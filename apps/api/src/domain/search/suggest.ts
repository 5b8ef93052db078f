import { SUGGEST_MAX, type SearchSuggestions } from '@axoo/contract';
import { and, desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, artworkTags, tags, users } from '../../db/schema/index.ts';
import { presentUser } from '../users/present.ts';
import { SEARCHED, userMatches, wordMatches } from './match.ts';
import type { SearchWord } from './terms.ts';

/** Tags whose name holds every word are counted among this many at most (the counting reads their artworks). */
const TAG_CANDIDATES = 50;

const everyWord = (text: typeof SEARCHED.title, words: SearchWord[]) => and(...words.map((word) => wordMatches(text, word)));
const hasVisibleWork = sql`exists (select 1 from ${artworks} where ${artworks.authorId} = ${users.id} and ${artworks.visible})`;

/**
 * Issue #30.3: what a search box offers while someone types: artists (with visible work, most followed first),
 * tags (by how many visible artworks carry them) and titles (visible artworks, most viewed first), at most
 * SUGGEST_MAX each. Visible work only, the same for every viewer.
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
    db.execute(sql`select name, count from (
        select candidates.name, (select count(*)::int from ${artworkTags} join ${artworks} on ${artworks.id} = ${artworkTags.artworkId}
          where ${artworkTags.tagId} = candidates.id and ${artworks.visible}) as count
        from (select ${tags.id} as id, ${tags.name} as name from ${tags} where ${everyWord(SEARCHED.tag, words)} limit ${TAG_CANDIDATES}) as candidates
      ) as counted where count > 0 order by count desc, name limit ${SUGGEST_MAX}`),
    db
      .select({ id: artworks.id, title: artworks.title })
      .from(artworks)
      .where(and(sql`${artworks.visible}`, everyWord(SEARCHED.title, words)))
      .orderBy(desc(artworks.hit), desc(artworks.id))
      .limit(SUGGEST_MAX),
  ]);
  const tagList = ('rows' in tagRows ? tagRows.rows : tagRows) as { name: string; count: number }[];
  return {
    artists: artists.map((user) => presentUser.owner(user)),
    tags: tagList.map((t) => ({ name: t.name, count: Number(t.count) })),
    titles,
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
        where ${tags.name} % ${term}
          and exists (select 1 from ${artworkTags} join ${artworks} on ${artworks.id} = ${artworkTags.artworkId}
            where ${artworkTags.tagId} = ${tags.id} and ${artworks.visible})
        order by score desc limit 3)
      union all
      (select ${users.username}, similarity(${users.username}, ${term}) from ${users}
        where ${users.username} % ${term} and ${hasVisibleWork}
        order by 2 desc limit 3)
    ) as close where lower(candidate) <> lower(${term}) order by score desc, candidate limit 1`);
  const rows = ('rows' in result ? result.rows : result) as { candidate: string }[];
  return rows[0]?.candidate ?? null;
}

import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium } from '../../../test/factories.ts';
import { artworks, tags, users } from '../../db/schema/index.ts';
import { artworkBranches, artworkHolds, artworkIdsFound, artworkMatches, SEARCH_MATCHES_MAX, SEARCHED, userMatches, wordMatches } from './match.ts';
import { type SearchWord, searchWords } from './terms.ts';

/**
 * Issue #30: on PostgreSQL, a search of any length is answered from the gram indexes, never by reading every
 * artwork: the plans of 1-, 2- and 3-character terms, 초성, a typing state and a bad term over 20,000 artworks.
 */
let app: FastifyInstance;
const rowsOf = (result: unknown) => ('rows' in (result as object) ? (result as { rows: unknown[] }).rows : (result as unknown[]));

beforeAll(async () => {
  app = await buildTestApp();
  const author = await buildPremium(app, { name: '작가', username: 'planner' });
  const sample = await buildArtwork(app, author, { title: '새벽 밤바다 연작' });
  // Titles of random syllables and letters, so that no gram is everywhere.
  // In batches of 1,000: maintaining the gram indexes of 5,000 rows outlasted the 10 s statement timeout on a busy machine.
  for (let batch = 0; batch < 20; batch++) {
    await app.db.execute(sql`insert into ${artworks} (author_id, title, content, licence_chosen, draft, published, cover, raw_cover, cropped_cover, width, height, published_at)
    select ${author.id}, (select string_agg(case when random() < 0.7 then chr(44032 + (random() * 11171)::int) else chr(97 + (random() * 25)::int) end, '')
      from generate_series(1, 6 + (i % 10)) where i > 0), '', true, false, true, ${sample.cover}, ${sample.rawCover}, ${sample.croppedCover}, 100, 100, now()
    from generate_series(1, 1000) as i`);
  }
  await app.db.execute(sql`analyze`);
}, 300_000);
afterAll(() => app.close());

/** The plan of a select; `forced`: with sequential scans priced out, which proves an index path exists at all. */
async function plan(where: SQL, table: typeof artworks | typeof users | typeof tags = artworks, forced = false): Promise<string> {
  return app.db.transaction(async (tx) => {
    if (forced) await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain select id from ${table} where ${where}`);
    return rowsOf(result)
      .map((row) => Object.values(row as object)[0])
      .join('\n');
  });
}

describe('search plans on PostgreSQL (issue #30)', () => {
  it('reads artworks through the gram index for every kind of term', async () => {
    for (const term of ['바', '바다', '밤바다', 'k', 'ab', 'ㅂㄷ', '바ㄷ', '밤받', '!!', '%_']) {
      const [word] = searchWords(term) as [SearchWord];
      // The gallery's title branch (features/gallery visibleRows: one branch per searched text) at its real row count.
      const [title, , authored] = artworkBranches(word);
      const text = await plan(sql`${artworks.visible} and ${title}`);
      // A term of three characters or more may take the title's trigram index instead, when it is narrower.
      expect(text, term).toMatch(term.length < 3 ? /artworks_visible_title_grams/ : /artworks_visible_title_(grams|trgm)/);
      expect(text, term).not.toMatch(/Seq Scan on artworks/);
      // The tag and author branches: their (small) tables have an index path too.
      expect(await plan(sql`${artworks.visible} and ${authored}`, artworks, true), term).toContain('users_search_grams');
      expect(await plan(wordMatches(SEARCHED.tag, word), tags, true), term).toMatch(/tags_name_(grams|trgm)/);
    }
  });

  it("bounds the gallery's first look at a term to the gram indexes, for narrow, broad and bad terms (issue #30.7)", async () => {
    for (const term of ['바', '바다', 'k', 'a', 'ㅂㄷ', '바ㄷ', '!!', '%_', '.'.repeat(99), '가나'.repeat(49)]) {
      const [word] = searchWords(term) as [SearchWord];
      const result = await app.db.execute(
        sql`explain (analyze, costs off) select array(select id from (${artworkIdsFound(word, sql`${artworks.visible}`)}) as found limit ${SEARCH_MATCHES_MAX + 1})`,
      );
      const lines = rowsOf(result).map((row) => String(Object.values(row as object)[0]));
      expect(lines.join('\n'), term).toMatch(/artworks_visible_title_(grams|trgm)/);
      // No artwork is read past the limit: a sequential read (the one author of every artwork here) stops with it.
      lines.forEach((line, i) => {
        if (!/Seq Scan on artworks/.test(line) || /never executed/.test(line)) return;
        const read = Number(/rows=(\d+)/.exec(line)?.[1]) + Number(/Rows Removed by Filter: (\d+)/.exec(lines[i + 2] ?? '')?.[1] ?? 0);
        expect(read, `${term}: ${line}`).toBeLessThanOrEqual(2 * (SEARCH_MATCHES_MAX + 1));
      });
    }
  });

  it('walks the recency index for a broad term, and stops at a page', async () => {
    // 'a' is in the author's username: every one of the 20,000 artworks matches.
    const result = await app.db.execute(
      // As the gallery's page statement walks it (features/gallery heldRows and pageMarks).
      sql`explain analyze select id from (select ${artworks.id} as id, ${artworks.created} as created from ${artworks}
        where ${artworks.visible} and ${artworkHolds(searchWords('a')[0] as SearchWord)}) as scope order by created desc, id desc limit 24`,
    );
    const text = rowsOf(result)
      .map((row) => Object.values(row as object)[0])
      .join('\n');
    expect(text).toContain('Index Scan using artworks_visible_recent_idx');
    expect(text).not.toMatch(/Seq Scan on artworks|Sort/);
    expect(text).toMatch(/artworks_visible_recent_idx on artworks\s+\(cost=[^)]*\) \(actual time=[^)]* rows=24 /);
  });

  it('reads users through theirs', async () => {
    const text = await plan(userMatches(searchWords('작')), users, true);
    expect(text).toContain('users_search_grams');
    expect(text).not.toMatch(/Seq Scan on users/);
  });

  it('finds what it should among them', async () => {
    const [word] = searchWords('밤바다');
    const found = rowsOf(await app.db.execute(sql`select title from ${artworks} where ${artworks.visible} and ${artworkMatches(word as never)}`));
    expect(found.map((r) => (r as { title: string }).title)).toContain('새벽 밤바다 연작');
  });
});

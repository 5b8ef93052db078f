import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium } from '../../../test/factories.ts';
import { artworks, tags, users } from '../../db/schema/index.ts';
import { artworkBranches, artworkMatches, entriesFound, entriesHeld, SEARCH_MATCHES_MAX, SEARCHED, userMatches, withGramIndex, wordMatches } from './match.ts';
import { type SearchWord, searchWords } from './terms.ts';

/**
 * Issue #30: on PostgreSQL, a search of any length is answered from the gram indexes, never by reading every
 * artwork: the plans of 1-, 2- and 3-character terms, 초성, a typing state and a bad term over 20,000 artworks.
 */
let app: FastifyInstance;
const rowsOf = (result: unknown) => ('rows' in (result as object) ? (result as { rows: unknown[] }).rows : (result as unknown[]));
/** An EXPLAIN's lines as one text. */
const planText = (result: unknown) =>
  rowsOf(result)
    .map((row) => String(Object.values(row as object)[0]))
    .join('\n');

beforeAll(async () => {
  app = await buildTestApp();
  const author = await buildPremium(app, { name: '작가', username: 'planner' });
  const sample = await buildArtwork(app, author, { title: '새벽 밤바다 연작' });
  // Titles of random syllables and letters, so that no gram is everywhere.
  // In batches of 500: maintaining the gram indexes (and the search entries' own) of 1,000 rows outlasted the 10 s
  // statement timeout on a busy machine.
  for (let batch = 0; batch < 40; batch++) {
    await app.db.execute(sql`insert into ${artworks} (author_id, title, content, licence_chosen, draft, published, cover, raw_cover, cropped_cover, width, height, published_at)
    select ${author.id}, (select string_agg(case when random() < 0.7 then chr(44032 + (random() * 11171)::int) else chr(97 + (random() * 25)::int) end, '')
      from generate_series(1, 6 + (i % 10)) where i > 0), '', true, false, true, ${sample.cover}, ${sample.rawCover}, ${sample.croppedCover}, 100, 100, now()
    from generate_series(1, 500) as i`);
  }
  await app.db.execute(sql`analyze artworks, artwork_search, tags, users`);
}, 300_000);
afterAll(() => app.close());

/** The plan of a select; `forced`: with sequential scans priced out, which proves an index path exists at all. */
async function plan(where: SQL, table: typeof artworks | typeof users | typeof tags = artworks, forced = false): Promise<string> {
  return app.db.transaction(async (tx) => {
    if (forced) await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain select id from ${table} where ${where}`);
    return planText(result);
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

  it("bounds the gallery's first look at a term to the entries' gram index, for narrow, broad and bad terms (issue #30.7)", async () => {
    for (const term of ['바', '바다', 'k', 'a', 'ㅂㄷ', '바ㄷ', '!!', '%_', '.'.repeat(99), '가나'.repeat(49), '바다 k']) {
      // As the gallery runs it (features/gallery searchMatches).
      const result = await withGramIndex(app.db, (tx) =>
        tx.execute(
          sql`explain (analyze, costs off) select array(select id from (${entriesFound(searchWords(term))}) as found limit ${SEARCH_MATCHES_MAX + 1})`,
        ),
      );
      const text = planText(result);
      expect(text, term).toContain('Bitmap Index Scan on artwork_search_grams');
      // The artworks are not read at all, nor the entries whole.
      expect(text, term).not.toMatch(/Seq Scan|on artworks/);
    }
    // With another filter of the list, each entry found is tested on its artwork by key.
    const filtered = await withGramIndex(app.db, (tx) =>
      tx.execute(
        sql`explain (costs off) select id from (${entriesFound(searchWords('바다'), sql`${artworks.rating} = 'general'`)}) as found limit ${SEARCH_MATCHES_MAX + 1}`,
      ),
    );
    const text = planText(filtered);
    expect(text).toContain('artwork_search_grams');
    expect(text).toMatch(/(Index|Bitmap Index) Scan (using|on) artworks_pkey/);
  });

  it('walks the recency index for a broad term, and stops at a page', async () => {
    // 'a' is in the author's username: every one of the 20,000 artworks matches.
    const result = await app.db.execute(
      // As the gallery's page statement walks it (features/gallery heldRows and pageMarks).
      sql`explain analyze select id from (${entriesHeld(searchWords('a'))}) as scope order by created desc, id desc limit 24`,
    );
    const text = planText(result);
    expect(text).toContain('Index Scan using artwork_search_recent_idx');
    expect(text).not.toMatch(/Seq Scan|Sort|on artworks/);
    expect(text).toMatch(/artwork_search_recent_idx on artwork_search\s+\(cost=[^)]*\) \(actual time=[^)]* rows=24 /);
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

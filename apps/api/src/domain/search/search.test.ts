import type { FastifyInstance } from 'fastify';
import { getChoseong } from 'es-hangul';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs } from '../../../test/factories.ts';
import { SEARCH_MATCHES_MAX } from './match.ts';

/** Issue #30 points 1, 2 and 9: any syllable anywhere, 초성 and typing states, on PGlite and (npm run test:pg) PostgreSQL. */
let app: FastifyInstance;
let sea: { id: number };
let flowers: { id: number };
let ink: { id: number };
let river: { id: number };
let hidden: { id: number };
let painter: { id: number };

beforeAll(async () => {
  app = await buildTestApp();
  const artist = await buildPremium(app, { name: '이서연', username: 'seoyeon' });
  painter = await buildPremium(app, { name: 'Mina Park', username: 'inkmina' });
  const outsider = await buildUser(app, { name: '숨은 작가', username: 'hiddenone' });
  sea = await buildArtwork(app, artist, { title: '새벽 밤바다 연작', tagNames: ['seascape'] });
  flowers = await buildArtwork(app, artist, { title: 'Field study', tagNames: ['들꽃'] });
  ink = await buildArtwork(app, artist, { title: 'Inkwell', tagNames: [] });
  river = await buildArtwork(app, artist, { title: '한강의 저녁', tagNames: ['river'] });
  hidden = await buildArtwork(app, outsider, { title: '비밀 바다 Inkwell' });
}, 120_000);
afterAll(() => app.close());

const ids = (res: { json(): { results: { id: number }[] } }) => res.json().results.map((a) => a.id);
const search = async (term: string, agent?: Agent) => {
  const url = `/api/v1/artworks/?search=${encodeURIComponent(term)}`;
  const res = agent ? await agent.get(url) : await app.inject(url);
  expect(res.statusCode).toBe(200);
  return ids(res).sort((x: number, y: number) => x - y);
};

describe('artworks ?search= of any length (issue #30)', () => {
  it('finds a term of one or two characters, Hangul or Latin, anywhere in a title, a tag or an author', async () => {
    expect(await search('바다')).toEqual([sea.id]);
    expect(await search('꽃')).toEqual([flowers.id]);
    expect(await search('ink')).toEqual([ink.id]);
    expect(await search('INK')).toEqual([ink.id]);
    expect(await search('벽')).toEqual([sea.id]);
    expect(await search('cap')).toEqual([sea.id]);
    // The author's name or username, anywhere in it: every visible work of theirs.
    expect(await search('서연')).toEqual([sea.id, flowers.id, ink.id, river.id]);
    expect(await search('eoy')).toEqual([sea.id, flowers.id, ink.id, river.id]);
  });

  it('needs every word of a mixed term, each anywhere', async () => {
    expect(await search('한강 river')).toEqual([river.id]);
    expect(await search('river 한강')).toEqual([river.id]);
    expect(await search('한강 sea')).toEqual([]);
    expect(await search('새벽 seascape')).toEqual([sea.id]);
  });

  it('matches 초성 and a syllable being typed', async () => {
    expect(await search('ㅂㄷ')).toEqual([sea.id]);
    expect(await search('ㅅㅂ ㅂㅂㄷ')).toEqual([sea.id]);
    expect(await search('ㄷㄲ')).toEqual([flowers.id]);
    expect(await search('바ㄷ')).toEqual([sea.id]);
    expect(await search('밤받')).toEqual([sea.id]);
    expect(await search('한강ㅇ')).toEqual([river.id]);
    expect(await search('한가ㅇ')).toEqual([]);
    expect(await search('ㅎㄱ river')).toEqual([river.id]);
    expect(await search('ㅂㅈ')).toEqual([]);
  });

  it('shows guests and members the same, and never a hidden artwork to others', async () => {
    const member = new Agent(app);
    await loginAs(member, await buildUser(app));
    for (const term of ['바다', 'Inkwell', 'ㅂㄷ', '비밀']) expect(await search(term, member)).toEqual(await search(term));
    expect(await search('비밀')).toEqual([]);
    expect(await search('Inkwell')).toEqual([ink.id]);
    expect(await search('바다')).not.toContain(hidden.id);
  });

  it('answers bad input with a 400 in the language asked, or with nothing, never a 500', async () => {
    const ask = (term: string) => app.inject({ url: `/api/v1/artworks/?search=${encodeURIComponent(term)}`, headers: { 'accept-language': 'ko' } });
    const control = await ask('바\u0007다');
    expect(control.statusCode).toBe(400);
    expect(control.json().search).toEqual(['검색어에 제어 문자를 넣을 수 없습니다.']);
    expect((await ask('바\t다')).statusCode).toBe(400);
    expect((await ask('가'.repeat(101))).json().search).toEqual(['검색어는 100자 이하로 입력하세요.']);
    // Spaces only: a 400 in both languages, on every searching route, never a listing of everything.
    const blank = await ask('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().search).toEqual(['검색어를 입력하세요. 공백만으로는 검색할 수 없습니다.']);
    const english = await app.inject({ url: '/api/v1/artists/?search=%20%E3%80%80', headers: { 'accept-language': 'en' } });
    expect(english.statusCode).toBe(400);
    expect(english.json().search).toEqual(['Enter a search term: spaces alone cannot be searched.']);
    expect((await app.inject('/api/v1/search/suggest/?q=%20%20')).statusCode).toBe(400);
    // An empty term is no term.
    expect((await app.inject('/api/v1/artworks/?search=')).statusCode).toBe(200);
    expect(await search('!!!')).toEqual([]);
    expect(await search('%_\\')).toEqual([]);
    expect(await search('.*[')).toEqual([]);
    expect(await search(`ㅂ${'('.repeat(10)}ㄷ`)).toEqual([]);
  });
});

describe('a broad term (issue #30.7: more matches than the gallery gathers)', () => {
  let newest: number[];
  let secret: number;
  beforeAll(async () => {
    const author = await buildPremium(app, { name: '물결 작가', username: 'waves' });
    const sample = await buildArtwork(app, author, { title: '물결 0' });
    const inserted =
      await app.db.execute(sql`insert into artworks (author_id, title, content, licence_chosen, draft, published, cover, raw_cover, cropped_cover, width, height, published_at, created)
      select ${author.id}, '물결 ' || i, '', true, false, true, ${sample.cover}, ${sample.rawCover}, ${sample.croppedCover}, 100, 100, now(), now() - i * interval '1 minute'
      from generate_series(1, ${SEARCH_MATCHES_MAX + 100}) as i returning id`);
    newest = (('rows' in inserted ? inserted.rows : inserted) as { id: number }[]).map((r) => r.id).slice(0, 30);
    // An unpublished artwork of the same words, newer than all: never listed.
    const hiddenOne = await buildArtwork(app, author, { title: '물결 비밀' });
    await app.db.execute(sql`update artworks set published = false, created = now() + interval '1 day' where id = ${hiddenOne.id}`);
    secret = hiddenOne.id;
  }, 120_000);

  const page = async (query: string) => {
    const res = await app.inject(`/api/v1/artworks/?search=${encodeURIComponent('물결')}&${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { count: number; next: string | null; results: { id: number }[] };
  };

  it('lists its newest matches page by page, capped, never a hidden one', async () => {
    const first = await page('limit=24');
    expect(first.count).toBe(SEARCH_MATCHES_MAX);
    // '물결 0' (now) comes first, then the inserted ones, newest first.
    expect(first.results.map((a) => a.id).slice(1)).toEqual(newest.slice(0, 23));
    expect(first.results.map((a) => a.id)).not.toContain(secret);
    const second = await page('limit=24&offset=24');
    expect(second.results.map((a) => a.id).slice(0, 7)).toEqual(newest.slice(23, 30));
    const last = await page(`limit=24&offset=${SEARCH_MATCHES_MAX - 10}`);
    expect(last.results).toHaveLength(10);
    expect(last.next).toBeNull();
    expect((await page(`limit=24&offset=${SEARCH_MATCHES_MAX}`)).results).toEqual([]);
    // Relevance of a broad term: newest first; Most Viewed walks its own order.
    expect((await page('limit=5&ordering=relevance')).results.map((a) => a.id).slice(1)).toEqual(newest.slice(0, 4));
    expect((await page('limit=5&ordering=-hit')).results).toHaveLength(5);
    // A second word narrows the walk; 초성 and a syllable being typed walk too.
    expect((await page('limit=5')).results).toHaveLength(5);
    const ask = async (term: string) =>
      ((await app.inject(`/api/v1/artworks/?search=${encodeURIComponent(term)}&limit=3`)).json().results as { id: number }[]).map((a) => a.id);
    expect(await ask('ㅁㄱ 1999')).toHaveLength(1);
    expect((await ask('ㅁㄱ')).slice(1)).toEqual(newest.slice(0, 2));
    expect((await ask('물ㄱ')).slice(1)).toEqual(newest.slice(0, 2));
    expect(await ask('물결 1')).toEqual([newest[0], newest[9], newest[10]]);
  });
});

describe("the search entries follow whatever changes an artwork's searched texts (issue #30.7, migration 0033)", () => {
  const entryOf = async (id: number) => {
    const rows = await app.db.execute(sql`select haystack from artwork_search where artwork_id = ${id}`);
    return (('rows' in rows ? rows.rows : rows) as { haystack: string }[])[0]?.haystack;
  };
  it('keeps one entry per visible artwork: its title, tags and author, through edits, hiding and deleting', async () => {
    const author = await buildPremium(app, { name: '파도 작가', username: 'surfer' });
    const work = await buildArtwork(app, author, { title: '해질녘 파도', tagNames: ['노을'] });
    expect(await entryOf(work.id)).toBe('해질녘 파도\n노을\n파도 작가 surfer');
    expect(await search('질녘')).toEqual([work.id]);
    // Retitled, retagged (one statement each way, as the editor saves), a tag renamed, the author renamed.
    await app.db.execute(sql`update artworks set title = '새벽 물안개' where id = ${work.id}`);
    await app.db.execute(sql`delete from artwork_tags where artwork_id = ${work.id}`);
    await app.db.execute(sql`insert into tags (name) values ('윤슬'), ('안개꽃') on conflict do nothing`);
    await app.db.execute(sql`insert into artwork_tags (artwork_id, tag_id, position) select ${work.id}, id, 0 from tags where name in ('윤슬', '안개꽃')`);
    // (Each term asked once: the gallery keeps a term's matches for a few seconds.)
    expect(await search('해질')).toEqual([]);
    expect(await search('개꽃')).toEqual([work.id]);
    await app.db.execute(sql`update tags set name = '반짝윤슬' where name = '윤슬'`);
    await app.db.execute(sql`update users set name = '바람 작가', username = 'windy' where id = ${author.id}`);
    expect(await entryOf(work.id)).toBe('새벽 물안개\n반짝윤슬\n안개꽃\n바람 작가 windy');
    expect(await search('짝윤')).toEqual([work.id]);
    expect(await search('windy')).toEqual([work.id]);
    expect(await search('surfer')).toEqual([]);
    // Hidden (unpublished), then back; deleted: no entry, never found.
    await app.db.execute(sql`update artworks set published = false where id = ${work.id}`);
    expect(await entryOf(work.id)).toBeUndefined();
    expect(await search('물안개')).toEqual([]);
    await app.db.execute(sql`update artworks set published = true where id = ${work.id}`);
    expect(await search('안개')).toEqual([work.id]);
    await app.db.execute(sql`delete from artworks where id = ${work.id}`);
    expect(await entryOf(work.id)).toBeUndefined();
    // Every visible artwork has its entry, and nothing else has one.
    const counts = await app.db.execute(sql`select (select count(*) from artworks where visible)::int as visible,
      (select count(*) from artwork_search)::int as entries,
      (select count(*) from artwork_search s join artworks a on a.id = s.artwork_id where a.visible)::int as kept`);
    const row = (('rows' in counts ? counts.rows : counts) as { visible: number; entries: number; kept: number }[])[0];
    expect(row?.entries).toBe(row?.visible);
    expect(row?.kept).toBe(row?.visible);
  });
});

describe('artists ?search= (issue #30)', () => {
  it('finds a name or username from one character, 초성 too', async () => {
    const artists = async (term: string) => ids(await app.inject(`/api/v1/artists/?search=${encodeURIComponent(term)}`));
    expect(await artists('k m')).toEqual([painter.id]);
    expect(await artists('nkm')).toEqual([painter.id]);
    expect((await artists('서')).length).toBe(1);
    expect((await artists('ㅇㅅㅇ')).length).toBe(1);
    expect(await artists('zz')).toEqual([]);
  });
});

describe("the database's 초성 (migration 0013)", () => {
  it("agrees with es-hangul's getChoseong on all 11,172 syllables", async () => {
    const all = Array.from({ length: 11_172 }, (_, i) => String.fromCodePoint(0xac00 + i)).join('');
    const rows = await app.db.execute<{ initials: string }>(sql`select search_choseong(${all}) as initials`);
    const initials = ('rows' in rows ? rows.rows : rows)[0] as { initials: string };
    expect(initials.initials).toBe(getChoseong(all));
  });
});

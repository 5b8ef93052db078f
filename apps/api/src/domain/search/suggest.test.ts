import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, type UserRow } from '../../../test/factories.ts';
import { artworks, artworkTags, tags } from '../../db/schema/index.ts';
import { titleSuggestions } from './suggest.ts';
import { searchWords } from './terms.ts';

/**
 * Issue #30.3 and #30.7: suggestions answer from what the database keeps (a tag's count of visible artworks, kept
 * by the triggers of migration 0030) and find titles by the cheapest of three exact paths. PGlite, and PostgreSQL
 * with npm run test:pg.
 */
let app: FastifyInstance;
let artist: UserRow;

beforeAll(async () => {
  app = await buildTestApp();
  artist = await buildPremium(app, { name: '제안 작가', username: 'suggestartist' });
}, 120_000);
afterAll(() => app.close());

const countOf = async (name: string) => (await app.db.select({ n: tags.visibleCount }).from(tags).where(eq(tags.name, name)))[0]?.n;

describe("a tag's count of visible artworks (migration 0030)", () => {
  it('follows tagging, untagging, publishing, hiding and deleting, whichever path changes them', async () => {
    const draft = await buildArtwork(app, artist, { draft: true, published: false, tagNames: ['물결'] });
    expect(draft.visible).toBe(false);
    expect(await countOf('물결')).toBe(0);
    const shown = await buildArtwork(app, artist, { tagNames: ['물결'] });
    expect(await countOf('물결')).toBe(1);
    await app.db.update(artworks).set({ draft: false, published: true }).where(eq(artworks.id, draft.id));
    expect(await countOf('물결')).toBe(2);
    await app.db.update(artworks).set({ moderationState: 'hidden' }).where(eq(artworks.id, shown.id));
    expect(await countOf('물결')).toBe(1);
    await app.db.update(artworks).set({ moderationState: 'none' }).where(eq(artworks.id, shown.id));
    expect(await countOf('물결')).toBe(2);
    await app.db.delete(artworkTags).where(eq(artworkTags.artworkId, shown.id));
    expect(await countOf('물결')).toBe(1);
    // Deleting a visible artwork takes its tags off once (its own trigger), not again when its tags go by cascade.
    await app.db.delete(artworks).where(eq(artworks.id, draft.id));
    expect(await countOf('물결')).toBe(0);
    await app.db.delete(artworks).where(eq(artworks.id, shown.id));
    expect(await countOf('물결')).toBe(0);
  });
});

describe('title suggestions: the most viewed visible titles holding every word, by any path', () => {
  let expected: (term: string) => Promise<number[]>;

  beforeAll(async () => {
    // 12 '노을' titles among the least viewed, 3 '새벽' titles, and 20 others above them all.
    for (let i = 0; i < 12; i++) await buildArtwork(app, artist, { title: `노을 ${i}`, hit: 100 + i });
    for (let i = 0; i < 3; i++) await buildArtwork(app, artist, { title: `새벽 ${i}`, hit: 300 + i });
    for (let i = 0; i < 20; i++) await buildArtwork(app, artist, { title: `파도 ${i}`, hit: 1_000 + i });
    await buildArtwork(app, artist, { title: '노을 숨김', hit: 5_000, draft: true, published: false });
    expected = async (term: string) => {
      const rows = await app.db.select({ id: artworks.id, title: artworks.title, hit: artworks.hit, visible: artworks.visible }).from(artworks);
      return rows
        .filter((r) => r.visible && r.title.includes(term))
        .sort((a, b) => b.hit - a.hit || b.id - a.id)
        .slice(0, 8)
        .map((r) => r.id);
    };
  });

  const found = async (term: string, bounds: { walk: number; gather: number }) => (await titleSuggestions(app.db, searchWords(term), bounds)).map((r) => r.id);

  it('stops in the first look when the most viewed rows hold a full list', async () => {
    expect(await found('파도', { walk: 10, gather: 5 })).toEqual(await expected('파도'));
  });

  it('ranks a narrow term whole from the gram index', async () => {
    expect(await found('새벽', { walk: 10, gather: 5 })).toEqual(await expected('새벽'));
    expect((await expected('새벽')).length).toBe(3);
  });

  it('walks on for a broad term that the most viewed rows hold too few of, never a hidden title', async () => {
    const list = await found('노을', { walk: 10, gather: 5 });
    expect(list).toEqual(await expected('노을'));
    expect(list).toHaveLength(8);
  });

  it('answers the same with the product bounds', async () => {
    for (const term of ['파도', '새벽', '노을', 'ㄴㅇ', '노으']) {
      expect(await found(term, { walk: 1_000, gather: 500 })).toEqual(await found(term, { walk: 3, gather: 2 }));
    }
  });
});

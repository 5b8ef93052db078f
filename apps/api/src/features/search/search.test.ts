import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, type UserRow } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';

/** Issue #30 points 3, 4 and 5: suggestions, did you mean, relevance (PGlite; PostgreSQL with npm run test:pg). */
let app: FastifyInstance;
let famous: UserRow;
let quiet: UserRow;
const art: Record<string, { id: number }> = {};

beforeAll(async () => {
  app = await buildTestApp();
  famous = await buildPremium(app, { name: '바다 작가', username: 'seapainter' });
  quiet = await buildPremium(app, { name: '바다 소년', username: 'quietsea' });
  const outsider = await buildUser(app, { name: '바다 비밀', username: 'secretsea' });
  await app.db.update(users).set({ followersCount: 50 }).where(eq(users.id, famous.id));
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);
  art.exact = await buildArtwork(app, quiet, { title: '바다', created: days(30), hit: 1, tagNames: ['watercolor'] });
  art.start = await buildArtwork(app, quiet, { title: '바다 위의 배', created: days(20), hit: 5, tagNames: ['watercolor'] });
  art.inside = await buildArtwork(app, quiet, { title: '새벽 밤바다', created: days(10), hit: 90, tagNames: ['ink'] });
  art.tagged = await buildArtwork(app, famous, { title: 'Harbour', created: days(5), hit: 3, tagNames: ['바다풍경'] });
  art.author = await buildArtwork(app, famous, { title: 'Untitled', created: days(1), hit: 2 });
  art.hidden = await buildArtwork(app, outsider, { title: '바다 숨김', hit: 1000, tagNames: ['바다비밀', 'watercolour-secret'] });
}, 120_000);
afterAll(() => app.close());

describe('GET /api/v1/search/suggest/ (issue #30.3)', () => {
  it('offers artists, tags and titles of visible work, ranked by use, never hidden work', async () => {
    const res = await app.inject(`/api/v1/search/suggest/?q=${encodeURIComponent('바다')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.artists.map((a: { id: number }) => a.id)).toEqual([famous.id, quiet.id]);
    expect(body.artists[0]).toEqual({ id: famous.id, slug: famous.slug, name: '바다 작가', username: 'seapainter', cropped_avatar: '' });
    expect(body.tags).toEqual([{ name: '바다풍경', count: 1 }]);
    expect(body.titles.map((t: { id: number }) => t.id)).toEqual([art.inside.id, art.start.id, art.exact.id]);
    expect(JSON.stringify(body)).not.toContain('숨김');
    expect(JSON.stringify(body)).not.toContain('비밀');
  });

  it('understands 초성 and typing, and answers an empty term with nothing, spaces only with a 400', async () => {
    const initials = (await app.inject(`/api/v1/search/suggest/?q=${encodeURIComponent('ㅂㄷ')}`)).json();
    expect(initials.titles.length).toBe(3);
    const typing = (await app.inject(`/api/v1/search/suggest/?q=${encodeURIComponent('watercol')}`)).json();
    expect(typing.tags).toEqual([{ name: 'watercolor', count: 2 }]);
    expect((await app.inject('/api/v1/search/suggest/?q=')).json()).toEqual({ artists: [], tags: [], titles: [] });
    // Spaces only are a 400, as on the gallery (the search box trims and never asks).
    expect((await app.inject('/api/v1/search/suggest/?q=%20')).statusCode).toBe(400);
    const bad = await app.inject({ url: '/api/v1/search/suggest/?q=%07', headers: { 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().q).toEqual(['Search terms cannot contain control characters.']);
  });
});

describe('did you mean (issue #30.4)', () => {
  it('carries a close term that finds visible work when a Latin term finds nothing', async () => {
    const res = (await app.inject('/api/v1/artworks/?search=watercolr')).json();
    expect(res.count).toBe(0);
    expect(res.suggestion).toBe('watercolor');
    expect((await app.inject('/api/v1/artworks/?search=seapaintr')).json().suggestion).toBe('seapainter');
    // A term that finds work, or Hangul, carries none; nor does a tag only hidden work has.
    expect((await app.inject('/api/v1/artworks/?search=watercolor')).json()).not.toHaveProperty('suggestion');
    expect((await app.inject(`/api/v1/artworks/?search=${encodeURIComponent('바닿')}`)).json()).not.toHaveProperty('suggestion');
    expect((await app.inject('/api/v1/artworks/?search=secretse')).json().suggestion).toBeUndefined();
  });
});

describe('ordering=relevance (issue #30.5)', () => {
  it('puts the exact title first, then a title start, the title anywhere, a tag, the author', async () => {
    const res = await app.inject(`/api/v1/artworks/?search=${encodeURIComponent('바다')}&ordering=relevance`);
    expect(res.json().results.map((a: { id: number }) => a.id)).toEqual([art.exact.id, art.start.id, art.inside.id, art.tagged.id, art.author.id]);
    const plain = await app.inject('/api/v1/artworks/?ordering=relevance');
    expect(plain.json().results[0].id).toBe(art.author.id);
    expect(plain.json().results.map((a: { id: number }) => a.id)).not.toContain(art.hidden.id);
  });
});

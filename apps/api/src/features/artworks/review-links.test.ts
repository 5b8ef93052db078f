import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { reviewLinks } from '../../db/schema/index.ts';

/** Issue #34 (3) review links (PGlite in `npm test`, PostgreSQL in `npm run test:pg`). */
let app: FastifyInstance;
let author: UserRow;
let owner: Agent;
let stranger: Agent;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app);
  owner = new Agent(app, 'en');
  await loginAs(owner, author);
  stranger = new Agent(app, 'ko');
  await loginAs(stranger, await buildUser(app));
});
afterAll(() => app.close());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const pathOf = (url: string) => new URL(url).pathname;
const apiOf = (url: string) => `/api/v1${pathOf(url)}`;

describe('review links (issue #34.3)', () => {
  it('shows a draft read-only to whoever holds the URL, lists and revokes; the URL then answers 410', async () => {
    const draft = await buildArtwork(app, author, { title: 'Unseen draft', draft: true });
    expect((await app.inject({ url: `/api/v1/artworks/${draft.id}/` })).statusCode).toBe(404);
    const created = await owner.post(`/api/v1/artworks/${draft.id}/review-links/`, { expires: inDays(7) });
    expect(created.statusCode).toBe(201);
    const link = created.json() as { id: number; url: string };
    expect(link.url).toMatch(/\/review\/[A-Za-z0-9_-]{32}\/$/);

    // A guest with the URL: the project, its content, and nothing cached or indexed.
    const seen = await app.inject({ url: apiOf(link.url) });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id: draft.id, title: 'Unseen draft', draft: true });
    expect(seen.json().content).toContain('<img');
    expect(seen.headers['x-robots-tag']).toMatch(/^noindex, nofollow\b/);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    const page = await app.inject({ url: pathOf(link.url), headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    // Never in share previews: the page's preview names nothing of the project.
    expect(page.body).not.toContain('Unseen draft');
    expect(page.body).not.toMatch(/og:image/);

    const listed = (await owner.get(`/api/v1/artworks/${draft.id}/review-links/`)).json();
    expect(listed).toEqual([expect.objectContaining({ id: link.id, url: link.url, active: true, revoked: null })]);

    expect((await owner.delete(`/api/v1/review-links/${link.id}/`)).statusCode).toBe(204);
    const goneEn = await app.inject({ url: apiOf(link.url), headers: { 'accept-language': 'en' } });
    expect(goneEn.statusCode).toBe(410);
    expect(goneEn.json().detail).toBe('This review link has expired or was revoked.');
    const goneKo = await app.inject({ url: apiOf(link.url), headers: { 'accept-language': 'ko' } });
    expect(goneKo.json().detail).toBe('이 검토 링크는 만료되었거나 취소되었습니다.');
    expect((await app.inject({ url: pathOf(link.url), headers: { accept: 'text/html' } })).statusCode).toBe(410);
    expect((await owner.get(`/api/v1/artworks/${draft.id}/review-links/`)).json()[0]).toMatchObject({ active: false });
    // A second revoke: nothing left to revoke.
    expect((await owner.delete(`/api/v1/review-links/${link.id}/`)).statusCode).toBe(404);
  });

  it('an expired link answers 410; an unknown or malformed token 404', async () => {
    const work = await buildArtwork(app, author, { published: false });
    const link = (await owner.post(`/api/v1/artworks/${work.id}/review-links/`, { expires: inDays(1) })).json();
    expect((await app.inject({ url: apiOf(link.url) })).statusCode).toBe(200);
    await app.db
      .update(reviewLinks)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(reviewLinks.id, link.id));
    expect((await app.inject({ url: apiOf(link.url) })).statusCode).toBe(410);
    expect((await app.inject({ url: '/api/v1/review/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/review/x%27%3B/' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/review/nope/', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });

  it.each([
    ['en', () => new Date(Date.now() - 60_000).toISOString(), 'The expiry must be in the future.'],
    ['ko', () => inDays(400), '검토 링크는 최대 1년까지 유효합니다.'],
    ['en', () => 'soon', 'Enter a valid date and time.'],
  ])('%s: a bad expiry is a 400 under expires', async (lang, expires, message) => {
    const work = await buildArtwork(app, author, { draft: true });
    const as = new Agent(app, lang as 'ko' | 'en');
    await loginAs(as, author);
    const res = await as.post(`/api/v1/artworks/${work.id}/review-links/`, { expires: expires() });
    expect(res.statusCode).toBe(400);
    expect(res.json().expires).toEqual([message]);
  });

  it('only the author creates, lists and revokes', async () => {
    const work = await buildArtwork(app, author, { draft: true });
    const link = (await owner.post(`/api/v1/artworks/${work.id}/review-links/`, { expires: inDays(2) })).json();
    expect((await stranger.post(`/api/v1/artworks/${work.id}/review-links/`, { expires: inDays(2) })).statusCode).toBe(403);
    expect((await stranger.get(`/api/v1/artworks/${work.id}/review-links/`)).statusCode).toBe(403);
    expect((await stranger.delete(`/api/v1/review-links/${link.id}/`)).statusCode).toBe(403);
    const guest = new Agent(app, 'en');
    expect((await guest.get(`/api/v1/artworks/${work.id}/review-links/`)).statusCode).toBe(403);
    expect((await app.inject({ url: apiOf(link.url) })).statusCode).toBe(200);
  });
});

import { artworkPath } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { makeImage } from '../../../test/images.ts';
import { artworks, follows } from '../../db/schema/index.ts';

/**
 * Issue #31, content rating and AI-use labels: a mature work's cover, crops and content images never reach a viewer
 * who has not opted in (guests never can), in any answer or page; they receive the server's blurred copy instead.
 * Every original key of the mature work holds the word "unblurred", so one `not.toContain` checks a whole answer.
 */
let app: FastifyInstance;
let author: UserRow;
let member: UserRow;
let mature: { id: number };
let general: { id: number };
const agents: Record<'guest' | 'member' | 'owner', Agent> = {} as never;
const SECRET = 'unblurred';

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app, { slug: 'ratedartist', username: 'ratedartist' });
  member = await buildUser(app);
  await app.db.insert(follows).values({ followerId: member.id, artistId: author.id });
  agents.guest = new Agent(app, 'en');
  agents.member = new Agent(app, 'en');
  await loginAs(agents.member, member);
  agents.owner = new Agent(app, 'ko');
  await loginAs(agents.owner, author);
  const keys = { cover: 'artworks/r/unblurred-cover.png', rawCover: 'artworks/r/unblurred-raw.png', croppedCover: 'artworks/r/unblurred-crop.png' };
  for (const key of Object.values(keys)) await app.storage.put(key, await makeImage(900, 600, 'png', '#2e86de'), 'image/png');
  const work = await buildArtwork(app, author, {
    ...keys,
    title: 'Nightbloom',
    content: '<p><img src="/media/artworks/r/unblurred-body.png"></p>',
    level: 5,
    tagNames: ['nightbloom'],
  });
  general = await buildArtwork(app, author, { title: 'Nightbloom general', level: 5, tagNames: ['nightbloom'] });
  // Rated through the API, as the editor does it: the save makes the blurred copy.
  const res = await agents.owner.put(`/api/v1/artworks/${work.id}/`, { rating: 'mature', ai_use: 'generated' });
  expect(res.statusCode).toBe(200);
  mature = { id: work.id };
  await app.jobs.drain();
});
afterAll(() => app.close());

const ids = (body: { results: { id: number }[] }) => body.results.map((a) => a.id);

describe('rating and AI use are saved with the artwork (issue #31)', () => {
  it('the author sees the work as it is, with its labels; a blurred JPEG was stored beside the cover', async () => {
    const body = (await agents.owner.get(`/api/v1/artworks/${mature.id}/`)).json();
    expect(body).toMatchObject({ rating: 'mature', ai_use: 'generated', blurred: false, cropped_cover: 'artworks/r/unblurred-crop.png' });
    expect(body.content).toContain('unblurred-body.png');
    const [row] = await app.db.select().from(artworks).where(eq(artworks.id, mature.id));
    expect(row.blurredCover).toMatch(/^artworks\/r\/[0-9a-f]{32}_blurred\.jpg$/);
    const bytes = await app.storage.get(row.blurredCover);
    expect(bytes).not.toBeNull();
    const meta = await sharp(bytes as Buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeLessThanOrEqual(480);
  });

  it('a new image for a mature work gets a new blurred copy, the old one is queued for deletion', async () => {
    const work = await buildArtwork(app, author, { rating: 'mature', cover: 'artworks/q/a.png', croppedCover: 'artworks/q/a.png' });
    for (const key of ['artworks/q/a.png', 'artworks/q/b.png']) await app.storage.put(key, await makeImage(300, 200, 'png'), 'image/png');
    const blurredOf = async () => (await app.db.select().from(artworks).where(eq(artworks.id, work.id)))[0].blurredCover;
    await agents.owner.put(`/api/v1/artworks/${work.id}/`, { rating: 'mature' });
    const first = await blurredOf();
    expect(first).toMatch(/^artworks\/q\/[0-9a-f]{32}_blurred\.jpg$/);
    // A save that changes no image keeps the copy.
    await agents.owner.put(`/api/v1/artworks/${work.id}/`, { title: 'Renamed' });
    expect(await blurredOf()).toBe(first);
    await app.db.update(artworks).set({ croppedCover: 'artworks/q/b.png', cover: 'artworks/q/b.png' }).where(eq(artworks.id, work.id));
    await agents.owner.put(`/api/v1/artworks/${work.id}/`, { title: 'Renamed again' });
    const second = await blurredOf();
    expect(second).toMatch(/^artworks\/q\/[0-9a-f]{32}_blurred\.jpg$/);
    expect(second).not.toBe(first);
    expect(await app.storage.get(second)).not.toBeNull();
    await app.jobs.drain();
    expect(await app.storage.get(first)).toBeNull();
  });

  it('bad choices are a 400 under their field, in the request language', async () => {
    const res = await agents.owner.put(`/api/v1/artworks/${general.id}/`, { rating: 'adult', ai_use: 'some' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['ai_use', 'rating']);
    expect(JSON.stringify(res.json())).toMatch(/[가-힣]/);
  });
});

describe('a viewer who has not opted in never receives the unblurred images (issue #31)', () => {
  const lists = [
    '/api/v1/artworks/',
    '/api/v1/artworks/?search=Nightbloom',
    '/api/v1/artworks/?categories__category=painting',
    '/api/v1/artworks/?ordering=-hit',
  ];

  it.each(['guest', 'member'] as const)('%s: the gallery, searches, the detail, the profile, the home page', async (who) => {
    const agent = agents[who];
    for (const url of [...lists, `/api/v1/users/${author.id}/artworks/`]) {
      const res = await agent.get(url);
      expect(ids(res.json()), url).toContain(mature.id);
      expect(res.body, url).not.toContain(SECRET);
      expect(res.body, url).toContain('"blurred":true');
    }
    const detail = await agent.get(`/api/v1/artworks/${mature.id}/`);
    expect(detail.json()).toMatchObject({ rating: 'mature', ai_use: 'generated', blurred: true, content: '' });
    expect(detail.json().cover).toMatch(/_blurred\.jpg$/);
    expect(detail.body).not.toContain(SECRET);
    const site = await agent.get('/api/v1/site/');
    expect(site.body).toContain(`"id":${mature.id}`);
    expect(site.body).not.toContain(SECRET);
  });

  it("the blurred copy's name tells nothing of the original's", async () => {
    const body = (await agents.guest.get(`/api/v1/artworks/${mature.id}/`)).json();
    expect(new Set([body.cover, body.raw_cover, body.cropped_cover])).toEqual(new Set([body.cover]));
    expect(body.cover).toMatch(/^artworks\/r\/[0-9a-f]{32}_blurred\.jpg$/);
    expect((await agents.guest.get(`/media/${body.cover}`)).statusCode).toBe(200);
  });

  it('the Following feed of a member who has not opted in', async () => {
    const res = await agents.member.get('/api/v1/feed/');
    expect(ids(res.json())).toContain(mature.id);
    expect(res.body).not.toContain(SECRET);
  });

  it('share previews (og:image), the page, oEmbed, sitemaps and Atom feeds', async () => {
    const html = (await app.inject({ url: artworkPath(mature.id), headers: { accept: 'text/html' } })).body;
    expect(html).toContain('og:image');
    expect(html).toContain('_blurred.jpg');
    expect(html).not.toContain(SECRET);
    const oembed = await app.inject({ url: `/api/oembed?url=${encodeURIComponent(`http://localhost${artworkPath(mature.id)}`)}&format=json` });
    expect(oembed.statusCode).toBe(200);
    expect(oembed.body).not.toContain(SECRET);
    for (const url of ['/sitemaps/artworks-1.xml', '/feeds/artworks.atom', `/${author.slug}/feed.atom`]) {
      const res = await app.inject({ url });
      expect(res.body, url).toContain(artworkPath(mature.id));
      expect(res.body, url).toContain('_blurred.jpg');
      expect(res.body, url).not.toContain(SECRET);
    }
  });
});

describe('opting in (show_mature on the account)', () => {
  it('is off by default, on by the account page, and then shows the work as it is', async () => {
    expect((await agents.member.get('/api/v1/users/me/')).json()).toMatchObject({ show_mature: false });
    const res = await agents.member.put(`/api/v1/users/${member.id}/`, { show_mature: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ show_mature: true });
    const detail = (await agents.member.get(`/api/v1/artworks/${mature.id}/`)).json();
    expect(detail).toMatchObject({ blurred: false, cropped_cover: 'artworks/r/unblurred-crop.png' });
    expect(detail.content).toContain('unblurred-body.png');
    expect((await agents.member.get('/api/v1/artworks/?search=Nightbloom')).body).toContain('unblurred-crop.png');
    // The guests' shared answers are untouched by a member's choice.
    expect((await agents.guest.get('/api/v1/artworks/?search=Nightbloom')).body).not.toContain(SECRET);
    expect((await agents.guest.get(`/api/v1/artworks/${mature.id}/`)).json()).toMatchObject({ blurred: true });
    // Share previews and the home page stay blurred for everyone.
    expect((await agents.member.get('/api/v1/site/')).body).not.toContain(SECRET);
    await agents.member.put(`/api/v1/users/${member.id}/`, { show_mature: false });
    expect((await agents.member.get(`/api/v1/artworks/${mature.id}/`)).json()).toMatchObject({ blurred: true });
  });

  it('a wrong type is a 400 under show_mature', async () => {
    const res = await agents.member.put(`/api/v1/users/${member.id}/`, { show_mature: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['show_mature']);
  });
});

describe('gallery filters ?rating=general and ?ai_use=none', () => {
  it('leave out mature work and work made with AI', async () => {
    const assisted = await buildArtwork(app, author, { title: 'Nightbloom assisted', aiUse: 'assisted', tagNames: ['nightbloom'] });
    const all = ids((await agents.guest.get('/api/v1/artworks/?search=Nightbloom')).json());
    expect(all).toEqual(expect.arrayContaining([mature.id, general.id, assisted.id]));
    const safe = ids((await agents.guest.get('/api/v1/artworks/?search=Nightbloom&rating=general')).json());
    expect(safe).toEqual(expect.arrayContaining([general.id, assisted.id]));
    expect(safe).not.toContain(mature.id);
    const noAi = ids((await agents.guest.get('/api/v1/artworks/?search=Nightbloom&ai_use=none')).json());
    expect(noAi).toContain(general.id);
    expect(noAi).not.toContain(mature.id);
    expect(noAi).not.toContain(assisted.id);
    const both = (await agents.guest.get('/api/v1/artworks/?rating=general&ai_use=none')).json();
    expect(ids(both)).toContain(general.id);
    expect(both.count).toBe(both.results.length);
  });

  it('other values are a 400 under the field', async () => {
    for (const url of ['/api/v1/artworks/?rating=mature', '/api/v1/artworks/?ai_use=generated']) {
      const res = await agents.guest.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()), url).toEqual([url.includes('rating') ? 'rating' : 'ai_use']);
    }
  });
});

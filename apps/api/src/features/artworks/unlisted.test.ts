import { artworkPath } from '@axoo/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { artworks, collections, follows, notifications } from '../../db/schema/index.ts';

/**
 * Issue #34 (2) link-only projects: the visibility rows of an unlisted project against every listing and feed. One
 * listed twin (same author, same title word) shows each listing does list this author's work to that viewer.
 */
let app: FastifyInstance;
let author: UserRow;
let follower: UserRow;
let unlisted: { id: number; title: string };
let listed: { id: number };
const agents: Record<'guest' | 'follower' | 'owner' | 'staff', Agent> = {} as never;

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app, { slug: 'linkonly', username: 'linkonly' });
  follower = await buildUser(app);
  await app.db.insert(follows).values({ followerId: follower.id, artistId: author.id });
  agents.guest = new Agent(app, 'en');
  agents.follower = new Agent(app, 'en');
  await loginAs(agents.follower, follower);
  agents.owner = new Agent(app, 'en');
  await loginAs(agents.owner, author);
  agents.staff = new Agent(app, 'en');
  await loginAs(agents.staff, await buildStaff(app));
  listed = await buildArtwork(app, author, { title: 'Quietsea listed', level: 5 });
  // Made link-only through the API, from a draft, as the editor does it.
  const draft = await buildArtwork(app, author, { title: 'Quietsea hidden', draft: true, level: 5, publishedAt: null });
  const res = await agents.owner.put(`/api/v1/artworks/${draft.id}/`, { unlisted: true, draft: false });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ unlisted: true, visible: false, reachable: true, draft: false });
  unlisted = { id: draft.id, title: 'Quietsea hidden' };
  // The follower collected both (anyone with the URL may collect it).
  for (const id of [listed.id, unlisted.id]) await app.db.insert(collections).values({ userId: follower.id, artworkId: id });
  await app.jobs.drain();
});
afterAll(() => app.close());

const ids = (body: { results: { id: number }[] }) => body.results.map((a) => a.id);

describe('unlisted: in no list for anyone but its owner (issue #34.2)', () => {
  it.each([
    ['the gallery', '/api/v1/artworks/'],
    ['the gallery search', '/api/v1/artworks/?search=Quietsea'],
    ['the gallery by genre', '/api/v1/artworks/?categories__category=painting'],
  ])('%s', async (_name, url) => {
    for (const who of ['guest', 'follower', 'staff', 'owner'] as const) {
      const body = (await agents[who].get(url)).json();
      expect(ids(body), who).toContain(listed.id);
      // The owner's own gallery shows their hidden work as before (private, link-only): only to them.
      if (who === 'owner') expect(ids(body)).toContain(unlisted.id);
      else expect(ids(body), who).not.toContain(unlisted.id);
    }
  });

  it("the profile's Projects and Collection tabs: only the owner sees it", async () => {
    for (const who of ['guest', 'follower', 'staff'] as const) {
      const projects = ids((await agents[who].get(`/api/v1/users/${author.id}/artworks/`)).json());
      // Staff moderate every artwork of a profile (drafts and private ones too), so they see it as they see those.
      expect(projects.sort(), who).toEqual(who === 'staff' ? [listed.id, unlisted.id].sort() : [listed.id]);
      const collection = (await agents[who].get(`/api/v1/users/${follower.id}/artworks/?type=collection`)).json();
      expect(ids(collection), who).toEqual([listed.id]);
    }
    expect(ids((await agents.owner.get(`/api/v1/users/${author.id}/artworks/`)).json()).sort()).toEqual([listed.id, unlisted.id].sort());
  });

  it('the Following feed and its suggestions', async () => {
    const feed = (await agents.follower.get('/api/v1/feed/')).json();
    expect(ids(feed)).toContain(listed.id);
    expect(ids(feed)).not.toContain(unlisted.id);
    const suggestions = await agents.guest.get('/api/v1/feed/suggestions/');
    expect(suggestions.body).not.toContain(`"id":${unlisted.id},`);
  });

  it('followers are not told of it', async () => {
    const told = async (id: number) =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, follower.id), eq(notifications.artworkId, id)));
    expect(await told(unlisted.id)).toHaveLength(0);
  });

  it('home page data (best projects)', async () => {
    const site = (await agents.guest.get('/api/v1/site/')).json();
    const best = JSON.stringify(site);
    expect(best).toContain(`"title":"Quietsea listed"`);
    expect(best).not.toContain('Quietsea hidden');
  });

  it('sitemaps, Atom feeds and oEmbed', async () => {
    const page = `/artwork/${unlisted.id}/`;
    const sitemap = await app.inject({ url: '/sitemaps/artworks-1.xml' });
    expect(sitemap.body).toContain(`/artwork/${listed.id}/`);
    expect(sitemap.body).not.toContain(page);
    for (const url of ['/feeds/artworks.atom', `/${author.slug}/feed.atom`]) {
      const atom = await app.inject({ url });
      expect(atom.body, url).toContain('Quietsea listed');
      expect(atom.body, url).not.toContain('Quietsea hidden');
    }
    const oembed = (id: number) => app.inject({ url: `/api/oembed?url=${encodeURIComponent(`http://localhost${artworkPath(id)}`)}&format=json` });
    expect((await oembed(listed.id)).statusCode).toBe(200);
    expect((await oembed(unlisted.id)).statusCode).toBe(404);
  });

  it('anyone with its URL sees it: the answer, and a page with noindex and no oEmbed discovery', async () => {
    expect((await agents.guest.get(`/api/v1/artworks/${unlisted.id}/`)).json()).toMatchObject({ title: unlisted.title, unlisted: true });
    const html = (await app.inject({ url: artworkPath(unlisted.id), headers: { accept: 'text/html' } })).body;
    expect(html).toMatch(/<meta name="robots" content="noindex[^"]*">/);
    expect(html).not.toContain('application/json+oembed');
    const listedHtml = (await app.inject({ url: artworkPath(listed.id), headers: { accept: 'text/html' } })).body;
    expect(listedHtml).not.toContain('noindex');
    expect(listedHtml).toContain('application/json+oembed');
  });

  it('listing it again makes it visible everywhere (and tells the followers then)', async () => {
    const other = await buildArtwork(app, author, { title: 'Quietsea later', draft: true, publishedAt: null });
    await agents.owner.put(`/api/v1/artworks/${other.id}/`, { unlisted: true, draft: false });
    expect((await agents.owner.put(`/api/v1/artworks/${other.id}/`, { unlisted: false })).json()).toMatchObject({ visible: true, unlisted: false });
    await app.jobs.drain();
    expect(ids((await agents.guest.get('/api/v1/artworks/?search=Quietsea')).json())).toContain(other.id);
    const [row] = await app.db.select().from(artworks).where(eq(artworks.id, other.id));
    expect(row.visible).toBe(true);
  });

  it('a non-member author: unlisted or not, nobody else reaches it', async () => {
    const member = await buildUser(app);
    const work = await buildArtwork(app, member, { unlisted: true });
    expect(work).toMatchObject({ reachable: false, visible: false });
    expect((await agents.guest.get(`/api/v1/artworks/${work.id}/`)).statusCode).toBe(404);
  });
});

import { artworkPath } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { artworks, follows } from '../../db/schema/index.ts';

/**
 * Issue #31: an artwork hidden by staff or held for review (`moderation_state`, folded into the visibility trigger of
 * migration 0018) reaches only its author, who reads the reason, and staff; no list, search, feed, sitemap, oEmbed or
 * public profile shows it. One listed twin (same author, same title word) shows each listing lists this author.
 */
let app: FastifyInstance;
let author: UserRow;
let listed: { id: number };
let hidden: { id: number };
let held: { id: number };
const agents: Record<'guest' | 'follower' | 'owner' | 'staff', Agent> = {} as never;

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app, { slug: 'takendown', username: 'takendown' });
  const follower = await buildUser(app);
  await app.db.insert(follows).values({ followerId: follower.id, artistId: author.id });
  for (const [who, user] of [
    ['follower', follower],
    ['owner', author],
    ['staff', await buildStaff(app)],
  ] as const) {
    agents[who] = new Agent(app, 'en');
    await loginAs(agents[who], user);
  }
  agents.guest = new Agent(app, 'en');
  listed = await buildArtwork(app, author, { title: 'Stormglass listed', level: 5 });
  hidden = await buildArtwork(app, author, { title: 'Stormglass hidden', level: 5 });
  held = await buildArtwork(app, author, { title: 'Stormglass held', level: 5 });
  await app.db.update(artworks).set({ moderationState: 'hidden', moderationReason: 'Reported as stolen' }).where(eq(artworks.id, hidden.id));
  await app.db.update(artworks).set({ moderationState: 'held', moderationReason: 'possible_repost' }).where(eq(artworks.id, held.id));
  await app.jobs.drain();
});
afterAll(() => app.close());

const ids = (body: { results: { id: number }[] }) => body.results.map((a) => a.id);
const others = ['guest', 'follower'] as const;

describe('a hidden or held artwork (issue #31)', () => {
  it('the trigger takes it out of reachable and visible; the owner editing it does not bring it back', async () => {
    const [row] = await app.db.select().from(artworks).where(eq(artworks.id, hidden.id));
    expect(row).toMatchObject({ reachable: false, visible: false, moderationState: 'hidden' });
    expect((await agents.owner.put(`/api/v1/artworks/${hidden.id}/`, { draft: false, published: true })).json()).toMatchObject({
      visible: false,
      reachable: false,
    });
    await expect(
      app.db
        .update(artworks)
        .set({ moderationState: 'gone' as never })
        .where(eq(artworks.id, hidden.id)),
    ).rejects.toThrow();
  });

  it('its page answer: the owner (with the reason) and staff; a 404 to anyone else', async () => {
    for (const work of [hidden, held]) {
      for (const who of others) expect((await agents[who].get(`/api/v1/artworks/${work.id}/`)).statusCode, who).toBe(404);
      expect((await agents.staff.get(`/api/v1/artworks/${work.id}/`)).statusCode).toBe(200);
    }
    expect((await agents.owner.get(`/api/v1/artworks/${hidden.id}/`)).json()).toMatchObject({
      moderation_state: 'hidden',
      moderation_reason: 'Reported as stolen',
    });
    expect((await agents.owner.get(`/api/v1/artworks/${held.id}/`)).json()).toMatchObject({ moderation_state: 'held', moderation_reason: 'possible_repost' });
    expect((await agents.guest.get(`/api/v1/artworks/${listed.id}/`)).json()).toMatchObject({ moderation_state: 'none', moderation_reason: '' });
  });

  it.each([
    ['the gallery', '/api/v1/artworks/'],
    ['the gallery search', '/api/v1/artworks/?search=Stormglass'],
  ])('%s', async (_name, url) => {
    for (const who of [...others, 'staff'] as const) {
      const body = (await agents[who].get(url)).json();
      expect(ids(body), who).toContain(listed.id);
      expect(ids(body), who).not.toContain(hidden.id);
      expect(ids(body), who).not.toContain(held.id);
    }
  });

  it("the owner's public profile, the Following feed, the home page", async () => {
    for (const who of others) {
      const projects = ids((await agents[who].get(`/api/v1/users/${author.id}/artworks/`)).json());
      expect(projects, who).toEqual([listed.id]);
    }
    const feed = ids((await agents.follower.get('/api/v1/feed/')).json());
    expect(feed).toContain(listed.id);
    expect(feed).not.toContain(hidden.id);
    expect(feed).not.toContain(held.id);
    const site = JSON.stringify((await agents.guest.get('/api/v1/site/')).json());
    expect(site).not.toContain('Stormglass hidden');
    expect(site).not.toContain('Stormglass held');
  });

  it('sitemaps, Atom feeds, oEmbed and the page', async () => {
    const sitemap = await app.inject({ url: '/sitemaps/artworks-1.xml' });
    expect(sitemap.body).toContain(`/artwork/${listed.id}/`);
    for (const work of [hidden, held]) expect(sitemap.body).not.toContain(`/artwork/${work.id}/`);
    for (const url of ['/feeds/artworks.atom', `/${author.slug}/feed.atom`]) {
      const atom = await app.inject({ url });
      expect(atom.body, url).toContain('Stormglass listed');
      expect(atom.body, url).not.toContain('Stormglass hidden');
      expect(atom.body, url).not.toContain('Stormglass held');
    }
    const oembed = (id: number) => app.inject({ url: `/api/oembed?url=${encodeURIComponent(`http://localhost${artworkPath(id)}`)}&format=json` });
    expect((await oembed(listed.id)).statusCode).toBe(200);
    expect((await oembed(hidden.id)).statusCode).toBe(404);
    expect((await oembed(held.id)).statusCode).toBe(404);
    const page = await app.inject({ url: artworkPath(hidden.id), headers: { accept: 'text/html' } });
    expect(page.body).not.toContain('Stormglass hidden');
  });
});

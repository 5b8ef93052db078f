import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs } from '../../../test/factories.ts';
import { categories, userCategories, users } from '../../db/schema/index.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function fan() {
  const agent = new Agent(app, 'en');
  const user = await buildUser(app);
  await loginAs(agent, user);
  return { agent, user };
}
const ids = (res: { json(): { results: { id: number }[] } }) => res.json().results.map((a) => a.id);

describe('Following feed (issue #17)', () => {
  it('shows only visible work of followed artists, newest first, paged; never hidden work', async () => {
    const a = await buildPremium(app);
    const b = await buildPremium(app);
    const stranger = await buildPremium(app);
    const hiddenArtist = await buildUser(app);
    const { agent, user } = await fan();
    for (const artist of [a, b, hiddenArtist]) expect((await agent.post('/api/v1/follows/', { artist: artist.id })).statusCode).toBe(201);

    const old = await buildArtwork(app, a, { created: new Date('2026-01-01T00:00:00Z') });
    const newer = await buildArtwork(app, b, { created: new Date('2026-02-01T00:00:00Z') });
    const newest = await buildArtwork(app, a, { created: new Date('2026-03-01T00:00:00Z') });
    await buildArtwork(app, a, { published: false }); // private
    await buildArtwork(app, a, { draft: true }); // draft
    await buildArtwork(app, stranger); // not followed
    const nonMember = await buildArtwork(app, hiddenArtist); // the author is no member
    await buildArtwork(app, user); // the viewer's own (hidden: not a member)

    const page = await agent.get('/api/v1/feed/?limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 3 });
    expect(ids(page)).toEqual([newest.id, newer.id]);
    expect(page.json().next).toContain('offset=2');
    expect(ids(await agent.get('/api/v1/feed/?limit=2&offset=2'))).toEqual([old.id]);
    expect(page.json().results[0]).toMatchObject({ id: newest.id, author: { id: a.id }, collection: null });

    // The non-member's work appears once it becomes visible (membership), and the artist's own hidden work never
    // shows in a follower's feed.
    const follower = await fan();
    await follower.agent.post('/api/v1/follows/', { artist: user.id });
    expect(ids(await follower.agent.get('/api/v1/feed/'))).toEqual([]);
    await app.db.update(users).set({ isPremium: true }).where(eq(users.id, hiddenArtist.id));
    expect(ids(await agent.get('/api/v1/feed/'))).toContain(nonMember.id);

    expect((await new Agent(app).get('/api/v1/feed/')).statusCode).toBe(403);
    expect((await agent.get('/api/v1/feed/?offset=-1')).statusCode).toBe(400);
  });

  it('answers with the gallery’s stored cards (the same text as its lists) and the viewer’s own marks', async () => {
    const artist = await buildPremium(app);
    const art = await buildArtwork(app, artist, { title: 'Shared card' });
    const { agent } = await fan();
    await agent.post('/api/v1/follows/', { artist: artist.id });
    const fromFeed = (await agent.get('/api/v1/feed/')).json().results[0];
    // The card is now in the gallery's store, and it is the one a gallery list answers.
    expect(app.gallery.cards.get('en', art.id)?.text).toBeDefined();
    const fromProfile = (await agent.get(`/api/v1/users/${artist.id}/artworks/`)).json().results[0];
    expect(fromFeed).toEqual(fromProfile);
    expect(fromFeed).toMatchObject({ id: art.id, title: 'Shared card', collection: null });
    // A collect is a write: the feed shows the viewer's collection entry on its next page.
    const collected = (await agent.post('/api/v1/collections/', { artwork: art.id })).json();
    expect((await agent.get('/api/v1/feed/')).json().results[0].collection).toBe(collected.id);
    // A new follow shows at once (any write clears the kept feed).
    const second = await buildPremium(app);
    const newer = await buildArtwork(app, second, { created: new Date(Date.now() + 60_000) });
    await agent.post('/api/v1/follows/', { artist: second.id });
    expect(ids(await agent.get('/api/v1/feed/'))).toEqual([newer.id, art.id]);
  });

  it('suggests members most followed this month, in the viewer categories first, never one already followed', async () => {
    const [cat] = await app.db.select().from(categories).limit(1);
    const inMine = await buildPremium(app);
    const popular = await buildPremium(app);
    const followed = await buildPremium(app);
    await app.db.insert(userCategories).values({ userId: inMine.id, categoryId: cat.id });
    for (let i = 0; i < 3; i++) {
      const f = await fan();
      await f.agent.post('/api/v1/follows/', { artist: popular.id });
    }
    const { agent, user } = await fan();
    await app.db.insert(userCategories).values({ userId: user.id, categoryId: cat.id });
    await agent.post('/api/v1/follows/', { artist: followed.id });
    const list = (await agent.get('/api/v1/feed/suggestions/')).json() as { id: number; recent_followers: number }[];
    const order = list.map((s) => s.id);
    expect(order).not.toContain(followed.id);
    expect(order).not.toContain(user.id);
    expect(order.indexOf(inMine.id)).toBeLessThan(order.indexOf(popular.id));
    expect(list.find((s) => s.id === popular.id)?.recent_followers).toBe(3);
  });
});

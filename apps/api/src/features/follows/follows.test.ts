import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWS_PER_HOUR } from '@axoo/contract';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs } from '../../../test/factories.ts';
import { artworks, follows, jobs, notifications, users } from '../../db/schema/index.ts';
import { fanOutPublish } from './service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const noticesOf = (userId: number, type: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as 'follow')));

async function loggedIn(user?: Awaited<ReturnType<typeof buildUser>>) {
  const agent = new Agent(app, 'en');
  const who = user ?? (await buildUser(app));
  await loginAs(agent, who);
  return { agent, user: who };
}

describe('follows (issue #17)', () => {
  it('follows once under 20 concurrent requests, counts on the profile, lists both ways, unfollows', async () => {
    const artist = await buildPremium(app);
    const { agent, user: fan } = await loggedIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => agent.post('/api/v1/follows/', { artist: artist.id })));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const ids = new Set(answers.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const rows = await app.db.select().from(follows).where(eq(follows.artistId, artist.id));
    expect(rows).toHaveLength(1);
    expect(await noticesOf(artist.id, 'follow')).toHaveLength(1);

    const profile = (await agent.get(`/api/v1/artists/${artist.slug}/`)).json();
    expect(profile).toMatchObject({ followers_count: 1, following_count: 0 });
    expect((await agent.get(`/api/v1/artists/${fan.slug}/`)).json()).toMatchObject({ followers_count: 0, following_count: 1 });

    const followers = (await agent.get(`/api/v1/users/${artist.id}/followers/?limit=10`)).json();
    expect(followers).toMatchObject({ count: 1, results: [{ id: fan.id, slug: fan.slug, followed: expect.any(String) }] });
    const following = (await agent.get(`/api/v1/users/${fan.id}/following/`)).json();
    expect(following).toMatchObject({ count: 1, results: [{ id: artist.id }] });
    expect((await agent.get('/api/v1/follows/')).json()).toEqual([{ id: [...ids][0], artist: artist.id }]);

    expect((await agent.delete(`/api/v1/follows/${[...ids][0]}/`)).statusCode).toBe(204);
    expect((await agent.get(`/api/v1/artists/${artist.slug}/`)).json().followers_count).toBe(0);
    // Following again is a new follow, but the artist is not told twice.
    expect((await agent.post('/api/v1/follows/', { artist: artist.id })).statusCode).toBe(201);
    expect(await noticesOf(artist.id, 'follow')).toHaveLength(1);
    const [counted] = await app.db.select({ n: users.followersCount }).from(users).where(eq(users.id, artist.id));
    expect(counted.n).toBe(1);
  });

  it('refuses guests, oneself, unknown artists and bad bodies with field messages; nobody removes another follow', async () => {
    const artist = await buildUser(app);
    const guest = new Agent(app, 'ko');
    expect((await guest.post('/api/v1/follows/', { artist: artist.id })).statusCode).toBe(403);
    expect((await guest.get('/api/v1/follows/')).statusCode).toBe(403);
    const { agent, user } = await loggedIn();
    const self = await agent.post('/api/v1/follows/', { artist: user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ artist: ['You cannot follow yourself.'] });
    expect((await agent.post('/api/v1/follows/', { artist: 99999999 })).json()).toEqual({ artist: ['This artist does not exist.'] });
    expect((await agent.post('/api/v1/follows/', { artist: 99999999999 })).json()).toEqual({ artist: ['This artist does not exist.'] });
    expect((await agent.post('/api/v1/follows/', {})).json()).toEqual({ artist: ['Choose an artist to follow.'] });
    expect((await agent.post('/api/v1/follows/', { artist: 'x' })).statusCode).toBe(400);
    // A non-member artist can be followed.
    const { id } = (await agent.post('/api/v1/follows/', { artist: artist.id })).json();
    const other = await loggedIn();
    expect((await other.agent.delete(`/api/v1/follows/${id}/`)).statusCode).toBe(404);
    expect(await app.db.select().from(follows).where(eq(follows.id, id))).toHaveLength(1);
    expect((await agent.get('/api/v1/users/99999999/followers/')).statusCode).toBe(404);
    expect((await agent.get(`/api/v1/users/${artist.id}/followers/?limit=x`)).statusCode).toBe(400);
  });

  it(`limits a user to ${FOLLOWS_PER_HOUR} follow requests an hour`, async () => {
    const artist = await buildUser(app);
    const { agent } = await loggedIn();
    let refused = 0;
    for (let i = 0; i <= FOLLOWS_PER_HOUR; i++) {
      const res = await agent.post('/api/v1/follows/', { artist: artist.id });
      if (res.statusCode === 429) refused++;
    }
    expect(refused).toBe(1);
  });

  it('tells each follower once when an artwork becomes visible, and the author of a collect once', async () => {
    const artist = await buildUser(app);
    const fans = await Promise.all([loggedIn(), loggedIn(), loggedIn()]);
    for (const f of fans) await f.agent.post('/api/v1/follows/', { artist: artist.id });
    // Hidden (non-member): nobody is told yet.
    const art = await buildArtwork(app, artist);
    await app.jobs.drain();
    expect(await noticesOf(fans[0].user.id, 'publish')).toHaveLength(0);
    // Membership makes it visible: one notice per follower, once, even if it flips again.
    await app.db.update(users).set({ isPremium: true }).where(eq(users.id, artist.id));
    await app.jobs.drain();
    for (const f of fans) expect(await noticesOf(f.user.id, 'publish')).toMatchObject([{ artworkId: art.id, actorId: artist.id }]);
    await app.db.update(artworks).set({ published: false }).where(eq(artworks.id, art.id));
    await app.db.update(artworks).set({ published: true }).where(eq(artworks.id, art.id));
    await app.jobs.drain();
    expect(await noticesOf(fans[0].user.id, 'publish')).toHaveLength(1);

    // Published again with a new follower since: a fan-out is queued again and tells only the new follower.
    const late = await loggedIn();
    await late.agent.post('/api/v1/follows/', { artist: artist.id });
    await app.db.update(artworks).set({ published: false }).where(eq(artworks.id, art.id));
    await app.db.update(artworks).set({ published: true }).where(eq(artworks.id, art.id));
    await app.jobs.drain();
    for (const f of [...fans, late]) expect(await noticesOf(f.user.id, 'publish')).toHaveLength(1);

    const collector = fans[1];
    const first = await collector.agent.post('/api/v1/collections/', { artwork: art.id });
    await collector.agent.delete(`/api/v1/collections/${first.json().id}/`);
    await collector.agent.post('/api/v1/collections/', { artwork: art.id });
    expect(await noticesOf(artist.id, 'collect')).toMatchObject([{ actorId: collector.user.id, artworkId: art.id }]);
  });

  it('loses no fan-out when an artwork is hidden before its job runs and published again, and queues one while one waits', async () => {
    const artist = await buildPremium(app);
    const fans = await Promise.all([loggedIn(), loggedIn()]);
    for (const f of fans) await f.agent.post('/api/v1/follows/', { artist: artist.id });
    const queuedFor = async (id: number) =>
      (
        await app.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'follows.publish'), eq(jobs.status, 'queued')))
      ).filter((j) => (j.payload as { artwork: number }).artwork === id);
    const art = await buildArtwork(app, artist);
    // Flipped while its first fan-out still waits: that one job covers it.
    await app.db.update(artworks).set({ published: false }).where(eq(artworks.id, art.id));
    await app.db.update(artworks).set({ published: true }).where(eq(artworks.id, art.id));
    expect(await queuedFor(art.id)).toHaveLength(1);
    // Hidden again before the job runs: the job finds nothing to tell.
    await app.db.update(artworks).set({ published: false }).where(eq(artworks.id, art.id));
    await app.jobs.drain();
    expect(await noticesOf(fans[0].user.id, 'publish')).toHaveLength(0);
    // Published again: a new fan-out, and each follower is told once.
    await app.db.update(artworks).set({ published: true }).where(eq(artworks.id, art.id));
    expect(await queuedFor(art.id)).toHaveLength(1);
    await app.jobs.drain();
    for (const f of fans) expect(await noticesOf(f.user.id, 'publish')).toMatchObject([{ artworkId: art.id, actorId: artist.id }]);
    // A retried job (or a second one) writes nothing twice.
    await fanOutPublish(app, art.id);
    for (const f of fans) expect(await noticesOf(f.user.id, 'publish')).toHaveLength(1);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { artworkViews, collections, follows, inviteApplications } from '../../db/schema/index.ts';
import { rollup } from './queries.ts';
import { utcDay, windowDays } from './service.ts';

/** Issue #17 insights: owner only, rollup arithmetic, referrer groups, CSV, and the staff's platform totals. */
let app: FastifyInstance;
const site = 'http://site.test';
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0, PUBLIC_URL: site });
});
afterAll(() => app.close());

async function as(user: UserRow | null) {
  const agent = new Agent(app, 'en');
  if (user) await loginAs(agent, user);
  return agent;
}
const DAY = 86_400_000;
const ago = (n: number) => new Date(Date.now() - n * DAY);

describe('insights (issue #17)', () => {
  it('answers the owner only; others, staff and guests get 404; bad days are a 400', async () => {
    const artist = await buildPremium(app);
    expect((await (await as(artist)).get(`/api/v1/users/${artist.id}/insights/?days=7`)).statusCode).toBe(200);
    for (const viewer of [null, await buildUser(app), await buildStaff(app)]) {
      expect((await (await as(viewer)).get(`/api/v1/users/${artist.id}/insights/?days=7`)).statusCode).toBe(404);
      expect((await (await as(viewer)).get(`/api/v1/users/${artist.id}/insights/?format=csv`)).statusCode).toBe(404);
    }
    const bad = await (await as(artist)).get(`/api/v1/users/${artist.id}/insights/?days=14`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ days: ['days must be 7, 30 or 90.'] });
  });

  it('adds up views, collects and followers per day from the raw tables, keeps no viewer identity, and exports CSV', async () => {
    const artist = await buildPremium(app);
    const [a, b] = [await buildArtwork(app, artist, { title: 'First' }), await buildArtwork(app, artist, { title: 'Second' })];
    const other = await buildArtwork(app, await buildPremium(app));
    const fans = await Promise.all(Array.from({ length: 4 }, () => buildUser(app)));
    // Views: 3 on a and 1 on b two days ago; 2 on a today; someone else's artwork counts for nobody here.
    const d2 = utcDay(ago(2));
    const today = utcDay(new Date());
    await app.db.insert(artworkViews).values([
      { artworkId: a.id, viewer: 'u:1', day: d2 },
      { artworkId: a.id, viewer: 'u:2', day: d2 },
      { artworkId: a.id, viewer: 'g:x', day: d2 },
      { artworkId: b.id, viewer: 'u:1', day: d2 },
      { artworkId: a.id, viewer: 'u:1', day: today },
      { artworkId: a.id, viewer: 'u:3', day: today },
      { artworkId: other.id, viewer: 'u:1', day: today },
    ]);
    await app.db.insert(collections).values([
      { userId: fans[0].id, artworkId: b.id, created: ago(2) },
      { userId: fans[1].id, artworkId: b.id, created: ago(1) },
    ]);
    await app.db.insert(follows).values([
      { followerId: fans[0].id, artistId: artist.id, created: ago(2) },
      { followerId: fans[1].id, artistId: artist.id, created: ago(2) },
      { followerId: fans[2].id, artistId: artist.id, created: ago(40) },
    ]);
    // The periodic job's arithmetic over the last days (here: the whole window at once).
    await app.db.transaction((tx) => rollup(tx, utcDay(ago(90)), today));

    const owner = await as(artist);
    const week = (await owner.get(`/api/v1/users/${artist.id}/insights/?days=7`)).json();
    expect(week.series).toHaveLength(7);
    expect(week.series.map((d: { day: string }) => d.day)).toEqual(windowDays(7));
    const byDay = Object.fromEntries(week.series.map((d: { day: string }) => [d.day, d]));
    expect(byDay[d2]).toMatchObject({ views: 4, collects: 1, followers: 2 });
    expect(byDay[utcDay(ago(1))]).toMatchObject({ views: 0, collects: 1, followers: 0 });
    expect(byDay[today]).toMatchObject({ views: 2, collects: 0, followers: 0 });
    expect(week.totals).toEqual({ views: 6, collects: 2, followers: 2, followers_total: 3 });
    expect(week.top_artworks.map((t: { title: string; views: number; collects: number }) => [t.title, t.views, t.collects])).toEqual([
      ['First', 5, 0],
      ['Second', 1, 2],
    ]);
    expect(JSON.stringify(week)).not.toMatch(/u:1|g:x/);
    const quarter = (await owner.get(`/api/v1/users/${artist.id}/insights/?days=90`)).json();
    expect(quarter.totals.followers).toBe(3);

    // An uncollect is reflected by the next rollup (rows are replaced, not added to).
    await app.db.delete(collections);
    await app.db.transaction((tx) => rollup(tx, utcDay(ago(7)), today));
    expect((await owner.get(`/api/v1/users/${artist.id}/insights/?days=7`)).json().totals.collects).toBe(0);

    const csv = await owner.get(`/api/v1/users/${artist.id}/insights/?days=7&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('day,views,collects,followers');
    expect(lines).toHaveLength(8);
    expect(lines).toContain(`${d2},4,0,2`);
  });

  it('groups where views came from: the site itself, other hosts, none; and counts applications by outcome', async () => {
    const artist = await buildPremium(app);
    const art = await buildArtwork(app, artist);
    const viewer = await as(null);
    for (const referrer of [`${site}/gallery/all/`, `${site}/following/`, 'https://www.instagram.com/p/xyz?q=secret', '']) {
      expect((await viewer.post('/api/v1/page-views/', { path: `/artwork/${art.id}/`, referrer })).statusCode).toBe(204);
    }
    await viewer.post('/api/v1/page-views/', { path: `/${artist.slug}/`, referrer: 'https://example.org/' });
    const invite = await buildInvite(app, await buildUser(app));
    await app.db.insert(inviteApplications).values([
      { inviteId: invite.id, artworkId: art.id, selected: true },
      { inviteId: invite.id, artworkId: (await buildArtwork(app, artist)).id },
    ]);
    const body = (await (await as(artist)).get(`/api/v1/users/${artist.id}/insights/?days=7`)).json();
    expect(body.referrers).toEqual([
      { host: 'self', views: 2 },
      { host: '', views: 1 },
      { host: 'instagram.com', views: 1 },
    ]);
    expect(body.applications).toMatchObject({ submitted: 2, selected: 1 });
  });

  it('gives staff the platform totals per day, and nobody else', async () => {
    const before = (await (await as(await buildStaff(app))).get('/api/v1/admin/insights/?days=7')).json();
    await buildUser(app);
    await buildArtwork(app, await buildPremium(app));
    const staff = await as(await buildStaff(app));
    const res = await staff.get('/api/v1/admin/insights/?days=7');
    expect(res.statusCode).toBe(200);
    const days = res.json();
    expect(days).toHaveLength(7);
    const today = days[6];
    expect(today.day).toBe(utcDay(new Date()));
    expect(today.signups - before[6].signups).toBe(3); // the new user, the premium author and the second staff member
    expect(today.artworks - before[6].artworks).toBe(1);
    expect((await (await as(await buildUser(app))).get('/api/v1/admin/insights/')).statusCode).toBe(403);
  });
});

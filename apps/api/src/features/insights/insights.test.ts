import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { eq, sql } from 'drizzle-orm';
import { artworkDailyStats, artworkViews, collections, follows, inviteApplications } from '../../db/schema/index.ts';
import { rollup } from './queries.ts';
import { refreshRollups, utcDay, windowDays } from './service.ts';

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
    // The page's sections, each a table apart by an empty line: days (and a total), totals, artworks, referrers, applications.
    const sections = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n\r\n')
      .map((part) => part.split('\r\n'));
    expect(sections.map((rows) => rows[0])).toEqual([
      'day,views,collects,new_followers',
      'from,to,days,views,collects,new_followers,all_followers',
      'artwork_id,title,views,collects',
      'referrer,views',
      'applications_submitted,applications_selected,applications_pending',
    ]);
    expect(sections[0]).toHaveLength(9);
    expect(sections[0]).toContain(`${d2},4,0,2`);
    expect(sections[0][8]).toBe('total,6,0,2');
    expect(sections[1][1]).toBe(`${utcDay(ago(6))},${today},7,6,0,2,3`);
    expect(sections[2].slice(1)).toEqual([`${a.id},First,5,0`, `${b.id},Second,1,0`]);
  });

  it('reading writes nothing: today and yesterday come from the raw tables, older days from the rollups', async () => {
    const artist = await buildPremium(app);
    const art = await buildArtwork(app, artist, { title: '=cmd()' });
    const fan = await buildUser(app);
    const today = utcDay(new Date());
    const rolled = async () =>
      (
        await app.db.execute(sql`select (select count(*) from artwork_daily_stats)::int + (select count(*) from user_daily_stats)::int
          + (select count(*) from referrer_daily_stats)::int + (select count(*) from platform_daily_stats)::int as n`)
      ).rows[0];
    // An old day already rolled up, and fresh events today and yesterday that no rollup has seen.
    await app.db.insert(artworkViews).values([
      { artworkId: art.id, viewer: 'u:9', day: utcDay(ago(3)) },
      { artworkId: art.id, viewer: 'u:9', day: utcDay(ago(1)) },
    ]);
    await app.db.transaction((tx) => rollup(tx, utcDay(ago(3)), utcDay(ago(3))));
    await app.db.insert(artworkViews).values([
      { artworkId: art.id, viewer: 'u:8', day: today },
      { artworkId: art.id, viewer: 'u:9', day: today },
    ]);
    await app.db.insert(collections).values({ userId: fan.id, artworkId: art.id });
    await app.db.insert(follows).values({ followerId: fan.id, artistId: artist.id });
    await (await as(null)).post('/api/v1/page-views/', { path: `/artwork/${art.id}/`, referrer: 'https://www.behance.net/x' });
    const before = await rolled();
    const owner = await as(artist);
    const body = (await owner.get(`/api/v1/users/${artist.id}/insights/?days=7`)).json();
    const staff = await as(await buildStaff(app));
    const platform = (await staff.get('/api/v1/admin/insights/?days=7')).json();
    const one = (await owner.get(`/api/v1/users/${artist.id}/insights/artworks/${art.id}/?days=7`)).json();
    await owner.get(`/api/v1/users/${artist.id}/insights/?days=7&format=csv`);
    expect(await rolled()).toEqual(before);

    const byDay = Object.fromEntries(body.series.map((d: { day: string }) => [d.day, d]));
    expect(byDay[today]).toMatchObject({ views: 2, collects: 1, followers: 1 });
    expect(byDay[utcDay(ago(1))]).toMatchObject({ views: 1 });
    expect(byDay[utcDay(ago(3))]).toMatchObject({ views: 1 });
    expect(body.referrers).toEqual([{ host: 'behance.net', views: 1 }]);
    expect(body.artworks).toEqual([{ id: art.id, title: '=cmd()', cropped_cover: art.croppedCover, views: 4, collects: 1 }]);
    expect(platform[6].views).toBeGreaterThanOrEqual(2);
    // One artwork's numbers per day, the same arithmetic.
    expect(one.artwork).toMatchObject({ id: art.id, title: '=cmd()' });
    expect(one.totals).toEqual({ views: 4, collects: 1 });
    expect(one.series).toHaveLength(7);
    expect(one.series[6]).toEqual({ day: today, views: 2, collects: 1 });
    // A title is data in the CSV, never a formula.
    expect((await owner.get(`/api/v1/users/${artist.id}/insights/?days=7&format=csv`)).body).toContain(`${art.id},'=cmd(),4,1`);
  });

  it('answers one artwork to its author only: another artist’s artwork, a stranger or a guest get 404', async () => {
    const artist = await buildPremium(app);
    const mine = await buildArtwork(app, artist);
    const theirs = await buildArtwork(app, await buildPremium(app));
    const owner = await as(artist);
    expect((await owner.get(`/api/v1/users/${artist.id}/insights/artworks/${mine.id}/`)).statusCode).toBe(200);
    expect((await owner.get(`/api/v1/users/${artist.id}/insights/artworks/${theirs.id}/`)).statusCode).toBe(404);
    expect((await owner.get(`/api/v1/users/${artist.id}/insights/artworks/${mine.id}/?days=3`)).statusCode).toBe(400);
    for (const viewer of [null, await buildUser(app), await buildStaff(app)]) {
      expect((await (await as(viewer)).get(`/api/v1/users/${artist.id}/insights/artworks/${mine.id}/`)).statusCode).toBe(404);
    }
  });

  it('the periodic job catches up the days it missed, and a rerun changes nothing', async () => {
    const artist = await buildPremium(app);
    const art = await buildArtwork(app, artist);
    await app.db.insert(artworkViews).values({ artworkId: art.id, viewer: 'u:7', day: utcDay(ago(4)) });
    await app.db.transaction((tx) => rollup(tx, utcDay(ago(6)), utcDay(ago(6))));
    await app.db.execute(sql`delete from platform_daily_stats where day > ${utcDay(ago(6))}::date`);
    await refreshRollups(app);
    await refreshRollups(app);
    const rows = await app.db.select().from(artworkDailyStats).where(eq(artworkDailyStats.artworkId, art.id));
    expect(rows.map((r) => [r.day, r.views])).toEqual([[utcDay(ago(4)), 1]]);
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

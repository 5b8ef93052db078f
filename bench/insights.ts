import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rollup } from '../apps/api/src/features/insights/queries.ts';
import { scenario } from './harness.ts';

/**
 * Issue #17 insights on a year of data: "daily rollups in tables so the page answers fast on a year of data". Fills
 * `artwork_views` with 365 days of unique views (every artwork of 1 in 50 artists, the measured artist's every
 * artwork, 3 viewers a day each; collections and follows beside), rolls every closed day up the way the periodic job
 * does, then loads the artist's insights over 90 and 7 days, one artwork's, and the staff's platform totals, beside the
 * gallery's member page 1 on the same server (`npm run bench -- --only insights`; the issue names no budget).
 * Reading writes nothing: yesterday and today are read from the raw tables each time.
 */
const DAYS = 365;

scenario('insights', async ({ app, baseUrl, compare }) => {
  const q = async <T>(statement: ReturnType<typeof sql>) => (await app.db.execute(statement)) as unknown as { rows: T[] };
  const [artist] = (
    await q<{ id: number; n: number }>(sql`
    select author_id as id, count(*)::int as n from artworks where visible group by author_id order by count(*) desc, author_id limit 1`)
  ).rows;
  const started = Date.now();
  // A kept database (DATABASE_URL) that a run filled already is used as it is.
  const filled = (
    await q(sql`select 1 from artwork_views v join artworks a on a.id = v.artwork_id
      where a.author_id = ${artist.id} and v.day = current_date - ${DAYS - 1}::int limit 1`)
  ).rows.length;
  if (!filled) await fill();
  async function fill() {
    await q(sql`
    insert into artwork_views (artwork_id, viewer, day)
    select a.id, 'g:' || v, (current_date - d)::date
    from artworks a, generate_series(0, ${DAYS - 1}) d, generate_series(1, 3) v
    where a.visible and (a.author_id % 50 = 0 or a.author_id = ${artist.id})
    on conflict do nothing`);
    await q(sql`
    insert into page_views (path, referrer, referrer_host, artwork_id, created)
    select '/artwork/' || a.id || '/', '', (array['self', '', 'instagram.com', 'behance.net'])[1 + d % 4], a.id, now() - make_interval(days => d)
    from artworks a, generate_series(0, ${DAYS - 1}) d where a.author_id = ${artist.id}`);
  }
  const [{ views }] = (await q<{ views: number }>(sql`select count(*)::int as views from artwork_views`)).rows;
  const today = new Date().toISOString().slice(0, 10);
  const first = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  await app.db.transaction((tx) => rollup(tx, first, today));
  await q(sql`analyze`);
  console.log(
    `  ${views} unique views over ${DAYS} days written and rolled up in ${((Date.now() - started) / 1000).toFixed(1)} s; the artist has ${artist.n} artworks`,
  );

  const session = async (userId: number) => {
    const token = randomBytes(32).toString('base64url');
    await q(sql`insert into sessions (id, user_id, expires) values (${createHash('sha256').update(token).digest('hex')}, ${userId}, now() + interval '1 day')`);
    return { headers: { cookie: `sessionid=${token}` } };
  };
  const owner = await session(artist.id);
  const name = `insightsstaff${randomBytes(4).toString('hex')}`;
  const [staff] = (
    await q<{ id: number }>(sql`
    insert into users (email, password, username, slug, name, is_staff) values (${`${name}@example.com`}, 'x', ${name}, ${name}, 'Staff', true) returning id`)
  ).rows;
  const [artwork] = (await q<{ id: number }>(sql`select id from artworks where author_id = ${artist.id} and visible order by id limit 1`)).rows;

  await compare('gallery page 1 (member)', `${baseUrl}/api/v1/artworks/?limit=24`, undefined, owner);
  await compare('insights 90 days (owner, a year of data)', `${baseUrl}/api/v1/users/${artist.id}/insights/?days=90`, undefined, owner);
  await compare('insights 7 days (owner)', `${baseUrl}/api/v1/users/${artist.id}/insights/?days=7`, undefined, owner);
  await compare('one artwork, 90 days (owner)', `${baseUrl}/api/v1/users/${artist.id}/insights/artworks/${artwork.id}/?days=90`, undefined, owner);
  await compare('platform totals, 90 days (staff)', `${baseUrl}/api/v1/admin/insights/?days=90`, undefined, await session(staff.id));
});

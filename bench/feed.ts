import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { scenario } from './harness.ts';

/**
 * Issue #17 feed budget: a member who follows 500 artists (or every member when there are fewer) reads the
 * Following feed; page 1 and page 50 must answer within 2 × the p99 of the gallery's member page 1, measured side by
 * side on the same server and data (`npm run bench -- --artists 10000 --artworks 100000 --only feed` is the issue's size).
 */
const FOLLOWED = 500;

scenario('feed', async ({ app, baseUrl, compare }) => {
  const token = randomBytes(32).toString('base64url');
  // A new member of their own, so nobody else's follows or collections change the figures.
  const [reader] = (
    (await app.db.execute(sql`
    insert into users (email, password, username, slug, name, is_premium)
    values (${`feed-reader-${token.slice(0, 8)}@example.com`}, 'x', ${`feedreader${token.slice(0, 8).toLowerCase()}`}, ${`feedreader${token.slice(0, 8).toLowerCase()}`}, 'Feed reader', true)
    returning id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await app.db.execute(sql`
    insert into follows (follower_id, artist_id)
    select ${reader.id}, id from users where is_premium and id <> ${reader.id} order by md5(id::text) limit ${FOLLOWED}
    on conflict do nothing`);
  await app.db.execute(
    sql`insert into sessions (id, user_id, expires) values (${createHash('sha256').update(token).digest('hex')}, ${reader.id}, now() + interval '1 day')`,
  );
  await app.db.execute(sql`analyze follows`);
  const member = { headers: { cookie: `sessionid=${token}` } };
  const feed = (offset: number) => `${baseUrl}/api/v1/feed/?limit=24&offset=${offset}`;
  const first = (await (await fetch(feed(0), member)).json()) as { count: number };
  const [{ n: followed }] = (
    (await app.db.execute(sql`select count(*)::int as n from follows where follower_id = ${reader.id}`)) as unknown as { rows: { n: number }[] }
  ).rows;
  console.log(`  the reader follows ${followed} artists; their feed holds ${first.count} artworks`);
  if (first.count < 24 * 50) console.log('  note: fewer than 50 pages in the feed; page 50 may be short or empty');
  for (let i = 0; i < 50; i++) await fetch(feed((i % 50) * 24), member);

  const gallery = await compare('gallery page 1 (member)', `${baseUrl}/api/v1/artworks/?limit=24`, undefined, member);
  const page1 = await compare('feed page 1 (member, 500 followed)', feed(0), undefined, member);
  const page50 = await compare('feed page 50 (member, 500 followed)', feed(24 * 49), undefined, member);
  const base = Math.max(gallery.app.p99, 0.1);
  console.log('feed budgets (issue #17):');
  for (const [label, row] of [
    ['page 1', page1],
    ['page 50', page50],
  ] as const) {
    const ratio = row.app.p99 / base;
    console.log(`  ${ratio <= 2 ? 'PASS' : 'FAIL'}  p99 feed ${label} / gallery member page 1: ${ratio.toFixed(2)}× (budget ≤ 2×)`);
  }
});

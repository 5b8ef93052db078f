import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  artworkDailyStats,
  artworks,
  artworkViews,
  collections,
  follows,
  inviteApplications,
  invites,
  pageViews,
  platformDailyStats,
  referrerDailyStats,
  userDailyStats,
  users,
} from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const dayOf = (column: unknown) => sql`(${column} at time zone 'UTC')::date`;

/**
 * Recomputes the daily rollups of the days `from`..`to` (UTC dates, inclusive) from the raw tables: rows of those
 * days are replaced, so a rerun is harmless and an uncollect or unfollow is reflected. With `authorId`, only that
 * artist's rows (the insights page refreshes its owner's today so a view shows at once); without, every artist's and
 * the platform's totals. One transaction.
 */
export async function rollup(db: Executor, from: string, to: string, authorId?: number) {
  const start = sql`${from}::date`;
  const end = sql`${to}::date`;
  const inRange = (column: unknown) => sql`${column} >= ${start}::timestamp at time zone 'UTC' and ${column} < (${end} + 1)::timestamp at time zone 'UTC'`;
  const mine = (column: unknown) => (authorId === undefined ? sql`true` : sql`${column} = ${authorId}`);

  await db.execute(sql`delete from ${artworkDailyStats} where ${artworkDailyStats.day} between ${start} and ${end} and ${mine(artworkDailyStats.authorId)}`);
  await db.execute(sql`
    insert into ${artworkDailyStats} (artwork_id, author_id, day, views, collects)
    select a.id, a.author_id, x.day, sum(x.views)::int, sum(x.collects)::int from (
      select ${artworkViews.artworkId} as artwork_id, ${artworkViews.day} as day, count(*) as views, 0 as collects
        from ${artworkViews} where ${artworkViews.day} between ${start} and ${end} group by 1, 2
      union all
      select ${collections.artworkId}, ${dayOf(collections.created)}, 0, count(*)
        from ${collections} where ${inRange(collections.created)} group by 1, 2
    ) x join ${artworks} a on a.id = x.artwork_id
    where ${mine(sql`a.author_id`)}
    group by a.id, a.author_id, x.day`);

  await db.execute(sql`delete from ${userDailyStats} where ${userDailyStats.day} between ${start} and ${end} and ${mine(userDailyStats.userId)}`);
  await db.execute(sql`
    insert into ${userDailyStats} (user_id, day, views, collects, followers)
    select x.user_id, x.day, sum(x.views)::int, sum(x.collects)::int, sum(x.followers)::int from (
      select ${artworkDailyStats.authorId} as user_id, ${artworkDailyStats.day} as day, sum(${artworkDailyStats.views}) as views,
          sum(${artworkDailyStats.collects}) as collects, 0 as followers
        from ${artworkDailyStats} where ${artworkDailyStats.day} between ${start} and ${end} and ${mine(artworkDailyStats.authorId)} group by 1, 2
      union all
      select ${follows.artistId}, ${dayOf(follows.created)}, 0, 0, count(*)
        from ${follows} where ${inRange(follows.created)} and ${mine(follows.artistId)} group by 1, 2
    ) x join ${users} u on u.id = x.user_id
    group by x.user_id, x.day`);

  await db.execute(sql`delete from ${referrerDailyStats} where ${referrerDailyStats.day} between ${start} and ${end} and ${mine(referrerDailyStats.userId)}`);
  await db.execute(sql`
    insert into ${referrerDailyStats} (user_id, day, host, views)
    select a.author_id, ${dayOf(sql`v.created`)}, v.referrer_host, count(*)::int
    from ${pageViews} v join ${artworks} a on a.id = v.artwork_id
    where v.artwork_id is not null and ${inRange(sql`v.created`)} and ${mine(sql`a.author_id`)}
    group by 1, 2, 3`);

  if (authorId !== undefined) return;
  await db.execute(sql`delete from ${platformDailyStats} where ${platformDailyStats.day} between ${start} and ${end}`);
  await db.execute(sql`
    insert into ${platformDailyStats} (day, signups, artworks, views, collects, follows, applications)
    select d.day::date,
      (select count(*) from ${users} where ${inRange(users.created)} and ${dayOf(users.created)} = d.day::date)::int,
      (select count(*) from ${artworks} where ${inRange(artworks.created)} and ${dayOf(artworks.created)} = d.day::date and not ${artworks.draft})::int,
      (select count(*) from ${artworkViews} where ${artworkViews.day} = d.day::date)::int,
      (select count(*) from ${collections} where ${inRange(collections.created)} and ${dayOf(collections.created)} = d.day::date)::int,
      (select count(*) from ${follows} where ${inRange(follows.created)} and ${dayOf(follows.created)} = d.day::date)::int,
      (select count(*) from ${inviteApplications} where ${inRange(inviteApplications.created)} and ${dayOf(inviteApplications.created)} = d.day::date)::int
    from generate_series(${start}::timestamp, ${end}::timestamp, interval '1 day') as d(day)`);
}

export async function dailySeries(db: Executor, userId: number, from: string, to: string) {
  const result = await db.execute(sql`
    select ${userDailyStats.day}::text as day, ${userDailyStats.views} as views, ${userDailyStats.collects} as collects, ${userDailyStats.followers} as followers
    from ${userDailyStats} where ${userDailyStats.userId} = ${userId} and ${userDailyStats.day} between ${from}::date and ${to}::date
    order by 1`);
  return rowsOf<{ day: string; views: number; collects: number; followers: number }>(result);
}

export async function topArtworks(db: Executor, userId: number, from: string, to: string, limit: number) {
  const result = await db.execute(sql`
    select a.id, a.title, a.cropped_cover as "croppedCover", sum(s.views)::int as views, sum(s.collects)::int as collects
    from ${artworkDailyStats} s join ${artworks} a on a.id = s.artwork_id
    where s.author_id = ${userId} and s.day between ${from}::date and ${to}::date
    group by a.id order by views desc, collects desc, a.id desc limit ${limit}`);
  return rowsOf<{ id: number; title: string; croppedCover: string; views: number; collects: number }>(result);
}

export async function referrers(db: Executor, userId: number, from: string, to: string, limit: number) {
  const result = await db.execute(sql`
    select ${referrerDailyStats.host} as host, sum(${referrerDailyStats.views})::int as views from ${referrerDailyStats}
    where ${referrerDailyStats.userId} = ${userId} and ${referrerDailyStats.day} between ${from}::date and ${to}::date
    group by 1 order by 2 desc, 1 limit ${limit}`);
  return rowsOf<{ host: string; views: number }>(result);
}

/** The artist's applications sent in the window: how many, selected, still waiting for a decision. */
export async function applicationOutcomes(db: Executor, userId: number, from: string, to: string) {
  const result = await db.execute(sql`
    select count(*)::int as submitted,
      count(*) filter (where ap.selected)::int as selected,
      count(*) filter (where not ap.selected and i.status <> 'selection')::int as pending
    from ${inviteApplications} ap join ${artworks} a on a.id = ap.artwork_id join ${invites} i on i.id = ap.invite_id
    where a.author_id = ${userId} and ${sql`ap.created >= ${from}::timestamp at time zone 'UTC' and ap.created < (${to}::date + 1)::timestamp at time zone 'UTC'`}`);
  return rowsOf<{ submitted: number; selected: number; pending: number }>(result)[0] ?? { submitted: 0, selected: 0, pending: 0 };
}

export async function followersTotal(db: Executor, userId: number) {
  const result = await db.execute(sql`select ${users.followersCount} as n from ${users} where ${users.id} = ${userId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export async function platformDays(db: Executor, from: string, to: string) {
  const result = await db.execute(sql`
    select day::text as day, signups, artworks, views, collects, follows, applications from ${platformDailyStats}
    where day between ${from}::date and ${to}::date order by day`);
  return rowsOf<{ day: string; signups: number; artworks: number; views: number; collects: number; follows: number; applications: number }>(result);
}

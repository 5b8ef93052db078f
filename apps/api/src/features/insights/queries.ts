import { type SQL, sql } from 'drizzle-orm';
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
const inDays = (column: unknown, from: string, to: string) =>
  sql`${column} >= ${from}::date::timestamp at time zone 'UTC' and ${column} < (${to}::date + 1)::timestamp at time zone 'UTC'`;
const mine = (column: unknown, authorId?: number) => (authorId === undefined ? sql`true` : sql`${column} = ${authorId}`);

/*
 * The arithmetic of each daily rollup, once: a select of the rows the table holds for the days `from`..`to` (UTC dates,
 * inclusive), computed from the raw tables. The periodic job writes them (`rollup`); the reads take closed days from the
 * tables and the open ones (yesterday and today, which the job still refreshes) from these selects, so reading
 * insights never writes.
 */

/**
 * artwork_daily_stats: (artwork_id, author_id, day, views, collects). With `authorId`, only that artist's artworks
 * are read (through the views' and collections' artwork indexes), not the whole platform's days.
 */
const artworkDays = (from: string, to: string, authorId?: number) => {
  const theirs = (column: unknown) =>
    authorId === undefined ? sql`true` : sql`${column} in (select ${artworks.id} from ${artworks} where ${artworks.authorId} = ${authorId})`;
  return sql`
  select a.id as artwork_id, a.author_id, x.day, sum(x.views)::int as views, sum(x.collects)::int as collects from (
    select ${artworkViews.artworkId} as artwork_id, ${artworkViews.day} as day, count(*) as views, 0 as collects
      from ${artworkViews} where ${artworkViews.day} between ${from}::date and ${to}::date and ${theirs(artworkViews.artworkId)} group by 1, 2
    union all
    select ${collections.artworkId}, ${dayOf(collections.created)}, 0, count(*)
      from ${collections} where ${inDays(collections.created, from, to)} and ${theirs(collections.artworkId)} group by 1, 2
  ) x join ${artworks} a on a.id = x.artwork_id
  where ${mine(sql`a.author_id`, authorId)}
  group by a.id, a.author_id, x.day`;
};

/** user_daily_stats: (user_id, day, views, collects, followers). */
const userDays = (from: string, to: string, authorId?: number) => sql`
  select x.user_id, x.day, sum(x.views)::int as views, sum(x.collects)::int as collects, sum(x.followers)::int as followers from (
    select ad.author_id as user_id, ad.day, ad.views, ad.collects, 0 as followers from (${artworkDays(from, to, authorId)}) ad
    union all
    select ${follows.artistId}, ${dayOf(follows.created)}, 0, 0, count(*)
      from ${follows} where ${inDays(follows.created, from, to)} and ${mine(follows.artistId, authorId)} group by 1, 2
  ) x join ${users} u on u.id = x.user_id
  group by x.user_id, x.day`;

/** referrer_daily_stats: (user_id, day, host, views). */
const referrerDays = (from: string, to: string, authorId?: number) => sql`
  select a.author_id as user_id, ${dayOf(sql`v.created`)} as day, v.referrer_host as host, count(*)::int as views
  from ${pageViews} v join ${artworks} a on a.id = v.artwork_id
  where v.artwork_id is not null and ${inDays(sql`v.created`, from, to)} and ${mine(sql`a.author_id`, authorId)}
  group by 1, 2, 3`;

/**
 * platform_daily_stats: one row per day, also the days without any event. Each table is counted once per day through
 * its index on the day or creation time (correlated counts per day made the planner guess a thousand days and JIT-compile).
 */
const platformDaysOf = (from: string, to: string) => {
  const perDay = (name: string, table: unknown, column: unknown, extra = sql`true`) =>
    sql`left join (select ${dayOf(column)} as day, count(*)::int as n from ${table} where ${inDays(column, from, to)} and ${extra} group by 1) as ${sql.raw(name)} on ${sql.raw(name)}.day = d.day`;
  return sql`
  select d.day, coalesce(s.n, 0) as signups, coalesce(w.n, 0) as artworks, coalesce(v.n, 0) as views, coalesce(c.n, 0) as collects,
    coalesce(f.n, 0) as follows, coalesce(p.n, 0) as applications
  from (select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day) as d
  ${perDay('s', users, users.created)}
  ${perDay('w', artworks, artworks.created, sql`not ${artworks.draft}`)}
  left join (select ${artworkViews.day} as day, count(*)::int as n from ${artworkViews}
    where ${artworkViews.day} between ${from}::date and ${to}::date group by 1) as v on v.day = d.day
  ${perDay('c', collections, collections.created)}
  ${perDay('f', follows, follows.created)}
  ${perDay('p', inviteApplications, inviteApplications.created)}`;
};

/**
 * Recomputes the daily rollups of the days `from`..`to` (UTC dates, inclusive) from the raw tables: rows of those
 * days are replaced, so a rerun is harmless and an uncollect or unfollow is reflected. Every artist's rows and the
 * platform's totals; the periodic job's work, in one transaction.
 */
export async function rollup(db: Executor, from: string, to: string) {
  const days = (column: unknown) => sql`${column} between ${from}::date and ${to}::date`;
  await db.execute(sql`delete from ${artworkDailyStats} where ${days(artworkDailyStats.day)}`);
  await db.execute(sql`insert into ${artworkDailyStats} (artwork_id, author_id, day, views, collects) ${artworkDays(from, to)}`);
  await db.execute(sql`delete from ${userDailyStats} where ${days(userDailyStats.day)}`);
  await db.execute(sql`insert into ${userDailyStats} (user_id, day, views, collects, followers) ${userDays(from, to)}`);
  await db.execute(sql`delete from ${referrerDailyStats} where ${days(referrerDailyStats.day)}`);
  await db.execute(sql`insert into ${referrerDailyStats} (user_id, day, host, views) ${referrerDays(from, to)}`);
  await db.execute(sql`delete from ${platformDailyStats} where ${days(platformDailyStats.day)}`);
  await db.execute(sql`insert into ${platformDailyStats} (day, signups, artworks, views, collects, follows, applications) ${platformDaysOf(from, to)}`);
}

/** The last day the rollups hold (the platform's table has a row for every day rolled up), or null. */
export async function lastRolledDay(db: Executor): Promise<string | null> {
  const result = await db.execute(sql`select max(${platformDailyStats.day})::text as day from ${platformDailyStats}`);
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? null;
}

/** A window of days: `from`..`to`, of which `open`..`to` are read from the raw tables (the job still refreshes them). */
export interface Span {
  from: string;
  to: string;
  open: string;
}

/** The closed days' rollup rows of one table and the open days' live rows, as one relation. */
const closedAndOpen = (closed: SQL, open: SQL) => sql`(${closed} union all ${open})`;

/** One artist's artwork rows over the span: (artwork_id, day, views, collects). */
const artistArtworkDays = (userId: number, s: Span) =>
  closedAndOpen(
    sql`select ${artworkDailyStats.artworkId} as artwork_id, ${artworkDailyStats.day} as day, ${artworkDailyStats.views} as views, ${artworkDailyStats.collects} as collects
      from ${artworkDailyStats} where ${artworkDailyStats.authorId} = ${userId} and ${artworkDailyStats.day} >= ${s.from}::date and ${artworkDailyStats.day} < ${s.open}::date`,
    sql`select artwork_id, day, views, collects from (${artworkDays(s.open, s.to, userId)}) live`,
  );

export async function dailySeries(db: Executor, userId: number, s: Span) {
  const result = await db.execute(sql`
    select day::text as day, views, collects, followers from ${closedAndOpen(
      sql`select ${userDailyStats.day} as day, ${userDailyStats.views} as views, ${userDailyStats.collects} as collects, ${userDailyStats.followers} as followers
        from ${userDailyStats} where ${userDailyStats.userId} = ${userId} and ${userDailyStats.day} >= ${s.from}::date and ${userDailyStats.day} < ${s.open}::date`,
      sql`select day, views, collects, followers from (${userDays(s.open, s.to, userId)}) live`,
    )} as d order by 1`);
  return rowsOf<{ day: string; views: number; collects: number; followers: number }>(result);
}

export interface ArtworkTotals {
  id: number;
  title: string;
  croppedCover: string;
  views: number;
  collects: number;
}

/** Every artwork of the artist with a view or a collect in the span, most viewed first (at most `limit`). */
export async function artworkTotals(db: Executor, userId: number, s: Span, limit: number) {
  const result = await db.execute(sql`
    select a.id, a.title, a.cropped_cover as "croppedCover", t.views, t.collects from (
      select artwork_id, sum(views)::int as views, sum(collects)::int as collects from ${artistArtworkDays(userId, s)} d group by artwork_id
    ) t join ${artworks} a on a.id = t.artwork_id
    order by t.views desc, t.collects desc, a.id desc limit ${limit}`);
  return rowsOf<ArtworkTotals>(result);
}

/** One artwork of the artist: its title and cover, or null when it is not theirs. */
export async function ownArtwork(db: Executor, userId: number, artworkId: number) {
  const result = await db.execute(sql`
    select id, title, cropped_cover as "croppedCover" from ${artworks} where id = ${artworkId} and author_id = ${userId}`);
  return rowsOf<{ id: number; title: string; croppedCover: string }>(result)[0] ?? null;
}

/** One artwork's views and collects per day over the span (days without any are absent). */
export async function artworkSeries(db: Executor, userId: number, artworkId: number, s: Span) {
  const result = await db.execute(sql`
    select day::text as day, sum(views)::int as views, sum(collects)::int as collects
    from ${artistArtworkDays(userId, s)} d where d.artwork_id = ${artworkId} group by day order by 1`);
  return rowsOf<{ day: string; views: number; collects: number }>(result);
}

export async function referrers(db: Executor, userId: number, s: Span, limit: number) {
  const result = await db.execute(sql`
    select host, sum(views)::int as views from ${closedAndOpen(
      sql`select ${referrerDailyStats.host} as host, ${referrerDailyStats.views} as views from ${referrerDailyStats}
        where ${referrerDailyStats.userId} = ${userId} and ${referrerDailyStats.day} >= ${s.from}::date and ${referrerDailyStats.day} < ${s.open}::date`,
      sql`select host, views from (${referrerDays(s.open, s.to, userId)}) live`,
    )} as r group by 1 order by 2 desc, 1 limit ${limit}`);
  return rowsOf<{ host: string; views: number }>(result);
}

/** The artist's applications sent in the window: how many, selected, still waiting for a decision. */
export async function applicationOutcomes(db: Executor, userId: number, from: string, to: string) {
  const result = await db.execute(sql`
    select count(*)::int as submitted,
      count(*) filter (where ap.selected)::int as selected,
      count(*) filter (where not ap.selected and i.status <> 'selection')::int as pending
    from ${inviteApplications} ap join ${artworks} a on a.id = ap.artwork_id join ${invites} i on i.id = ap.invite_id
    where a.author_id = ${userId} and ${inDays(sql`ap.created`, from, to)}`);
  return rowsOf<{ submitted: number; selected: number; pending: number }>(result)[0] ?? { submitted: 0, selected: 0, pending: 0 };
}

export async function followersTotal(db: Executor, userId: number) {
  const result = await db.execute(sql`select ${users.followersCount} as n from ${users} where ${users.id} = ${userId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export async function platformDays(db: Executor, s: Span) {
  const result = await db.execute(sql`
    select day::text as day, signups, artworks, views, collects, follows, applications from ${closedAndOpen(
      sql`select day, signups, artworks, views, collects, follows, applications from ${platformDailyStats}
        where day >= ${s.from}::date and day < ${s.open}::date`,
      sql`select day, signups, artworks, views, collects, follows, applications from (${platformDaysOf(s.open, s.to)}) live`,
    )} as p order by day`);
  return rowsOf<{ day: string; signups: number; artworks: number; views: number; collects: number; follows: number; applications: number }>(result);
}

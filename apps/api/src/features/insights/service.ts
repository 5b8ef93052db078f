import type { InsightWindow, Insights, PlatformDay } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/user.ts';
import { canReadInsights, canReadPlatform } from './policy.ts';
import * as q from './queries.ts';

const DAY = 86_400_000;
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The window's days, oldest first, ending today (UTC). */
export function windowDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - (days - 1 - i) * DAY)));
}

/** How many top artworks and referrer groups the page shows. */
const TOP = 10;

/**
 * Issue #17 insights of one artist (the owner only; a 404 to anyone else): daily views (unique per viewer and day),
 * collects and followers gained over the window, top artworks, referrer groups and application outcomes. Past days
 * come from the rollups the periodic job keeps; today's rows of this artist are refreshed first so a view shows at once.
 */
export async function readInsights(deps: Deps, viewer: UserRow | null, userId: number, days: InsightWindow, now = new Date()): Promise<Insights> {
  if (!canReadInsights(viewer, userId)) throw notFound();
  const window = windowDays(days, now);
  const from = window[0];
  const to = window[window.length - 1];
  await deps.db.transaction((tx) => q.rollup(tx, to, to, userId));
  const [series, top, hosts, applications, followersTotal] = await Promise.all([
    q.dailySeries(deps.db, userId, from, to),
    q.topArtworks(deps.db, userId, from, to, TOP),
    q.referrers(deps.db, userId, from, to, TOP),
    q.applicationOutcomes(deps.db, userId, from, to),
    q.followersTotal(deps.db, userId),
  ]);
  const byDay = new Map(series.map((s) => [s.day, s]));
  const filled = window.map((day) => {
    const s = byDay.get(day);
    return { day, views: Number(s?.views ?? 0), collects: Number(s?.collects ?? 0), followers: Number(s?.followers ?? 0) };
  });
  const sum = (k: 'views' | 'collects' | 'followers') => filled.reduce((n, d) => n + d[k], 0);
  return {
    days,
    from,
    to,
    totals: { views: sum('views'), collects: sum('collects'), followers: sum('followers'), followers_total: followersTotal },
    series: filled,
    top_artworks: top.map((a) => ({ id: a.id, title: a.title, cropped_cover: a.croppedCover, views: Number(a.views), collects: Number(a.collects) })),
    referrers: hosts.map((h) => ({ host: h.host, views: Number(h.views) })),
    applications: { submitted: Number(applications.submitted), selected: Number(applications.selected), pending: Number(applications.pending) },
  };
}

/** The numbers as CSV (one row per day), for the owner's export. */
export function insightsCsv(insights: Insights): string {
  const lines = ['day,views,collects,followers', ...insights.series.map((d) => `${d.day},${d.views},${d.collects},${d.followers}`)];
  return `${lines.join('\n')}\n`;
}

/** The periodic job: yesterday and today, for every artist and the platform (yesterday closes after midnight). */
export async function refreshRollups(deps: Deps, now = new Date()) {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY));
  await deps.db.transaction((tx) => q.rollup(tx, yesterday, today));
}

/** Staff: platform totals per day over the window (today refreshed first). */
export async function readPlatform(deps: Deps, viewer: UserRow | null, days: InsightWindow, now = new Date()): Promise<PlatformDay[]> {
  if (!canReadPlatform(viewer)) throw forbidden();
  const window = windowDays(days, now);
  const to = window[window.length - 1];
  await deps.db.transaction((tx) => q.rollup(tx, to, to));
  const rows = new Map((await q.platformDays(deps.db, window[0], to)).map((r) => [r.day, r]));
  return window.map((day) => {
    const r = rows.get(day);
    return {
      day,
      signups: Number(r?.signups ?? 0),
      artworks: Number(r?.artworks ?? 0),
      views: Number(r?.views ?? 0),
      collects: Number(r?.collects ?? 0),
      follows: Number(r?.follows ?? 0),
      applications: Number(r?.applications ?? 0),
    };
  });
}

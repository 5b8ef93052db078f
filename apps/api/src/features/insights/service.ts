import { type ArtworkInsights, INSIGHT_ARTWORKS_MAX, type InsightWindow, type Insights, type PlatformDay } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { CSV_BOM, csvRow } from '../../http/csv.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { UserRow } from '../../domain/users/user.ts';
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
/** How far back the periodic job catches up after a pause (the longest window). */
const CATCH_UP_DAYS = 90;

/**
 * The window and which of its days are still open: yesterday and today, which the periodic job refreshes, are read
 * from the raw tables; older days from the rollups. A read never writes (GET has no side effects) and a view shows at once.
 */
function spanOf(days: number, now: Date): { window: string[]; span: q.Span } {
  const window = windowDays(days, now);
  const to = window[window.length - 1];
  return { window, span: { from: window[0], to, open: utcDay(new Date(now.getTime() - DAY)) } };
}

const artworkNumbers = (a: q.ArtworkTotals) => ({
  id: a.id,
  title: a.title,
  cropped_cover: a.croppedCover,
  views: Number(a.views),
  collects: Number(a.collects),
});

/**
 * Issue #17 insights of one artist (the owner only; a 404 to anyone else): daily views (unique per viewer and day),
 * collects and followers gained over the window, each artwork's views and collects, top artworks, referrer groups and
 * application outcomes. Aggregates only: no viewer identity leaves the database.
 */
export async function readInsights(deps: Deps, viewer: UserRow | null, userId: number, days: InsightWindow, now = new Date()): Promise<Insights> {
  if (!canReadInsights(viewer, userId)) throw notFound();
  const { window, span } = spanOf(days, now);
  const [series, perArtwork, hosts, applications, followersTotal] = await Promise.all([
    q.dailySeries(deps.db, userId, span),
    q.artworkTotals(deps.db, userId, span, INSIGHT_ARTWORKS_MAX),
    q.referrers(deps.db, userId, span, TOP),
    q.applicationOutcomes(deps.db, userId, span.from, span.to),
    q.followersTotal(deps.db, userId),
  ]);
  const byDay = new Map(series.map((s) => [s.day, s]));
  const filled = window.map((day) => {
    const s = byDay.get(day);
    return { day, views: Number(s?.views ?? 0), collects: Number(s?.collects ?? 0), followers: Number(s?.followers ?? 0) };
  });
  const sum = (k: 'views' | 'collects' | 'followers') => filled.reduce((n, d) => n + d[k], 0);
  const artworks = perArtwork.map(artworkNumbers);
  return {
    days,
    from: span.from,
    to: span.to,
    totals: { views: sum('views'), collects: sum('collects'), followers: sum('followers'), followers_total: followersTotal },
    series: filled,
    top_artworks: artworks.slice(0, TOP),
    artworks,
    referrers: hosts.map((h) => ({ host: h.host, views: Number(h.views) })),
    applications: { submitted: Number(applications.submitted), selected: Number(applications.selected), pending: Number(applications.pending) },
  };
}

/** One of the artist's artworks: views and collects per day over the window (the owner only; 404 otherwise). */
export async function readArtworkInsights(
  deps: Deps,
  viewer: UserRow | null,
  userId: number,
  artworkId: number,
  days: InsightWindow,
  now = new Date(),
): Promise<ArtworkInsights> {
  if (!canReadInsights(viewer, userId)) throw notFound();
  const artwork = await q.ownArtwork(deps.db, userId, artworkId);
  if (!artwork) throw notFound();
  const { window, span } = spanOf(days, now);
  const byDay = new Map((await q.artworkSeries(deps.db, userId, artworkId, span)).map((s) => [s.day, s]));
  const series = window.map((day) => ({ day, views: Number(byDay.get(day)?.views ?? 0), collects: Number(byDay.get(day)?.collects ?? 0) }));
  return {
    days,
    from: span.from,
    to: span.to,
    artwork: { id: artwork.id, title: artwork.title, cropped_cover: artwork.croppedCover },
    totals: { views: series.reduce((n, d) => n + d.views, 0), collects: series.reduce((n, d) => n + d.collects, 0) },
    series,
  };
}

/**
 * The numbers as CSV, the page's sections in its order, each a table under its own header and apart by an empty
 * line: the days (with a total row), the totals, each artwork, where views came from ('self' the site's own pages,
 * 'direct' none), and the applications. Through the one CSV writer (titles are data, never formulas).
 */
export function insightsCsv(insights: Insights): string {
  const t = insights.totals;
  const a = insights.applications;
  const sections: (string | number)[][][] = [
    [
      ['day', 'views', 'collects', 'new_followers'],
      ...insights.series.map((d) => [d.day, d.views, d.collects, d.followers]),
      ['total', t.views, t.collects, t.followers],
    ],
    [
      ['from', 'to', 'days', 'views', 'collects', 'new_followers', 'all_followers'],
      [insights.from, insights.to, insights.days, t.views, t.collects, t.followers, t.followers_total],
    ],
    [['artwork_id', 'title', 'views', 'collects'], ...insights.artworks.map((w) => [w.id, w.title, w.views, w.collects])],
    [['referrer', 'views'], ...insights.referrers.map((r) => [r.host || 'direct', r.views])],
    [
      ['applications_submitted', 'applications_selected', 'applications_pending'],
      [a.submitted, a.selected, a.pending],
    ],
  ];
  return CSV_BOM + sections.map((rows) => rows.map(csvRow).join('')).join('\r\n');
}

/**
 * The periodic job: every artist's and the platform's rollups from the last day they hold (or yesterday) to today,
 * so yesterday closes after midnight and a pause of the job (no process running) is caught up, at most 90 days back.
 */
export async function refreshRollups(deps: Deps, now = new Date()) {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY));
  const floor = utcDay(new Date(now.getTime() - CATCH_UP_DAYS * DAY));
  const last = await q.lastRolledDay(deps.db);
  const from = last && last < yesterday ? (last > floor ? last : floor) : yesterday;
  await deps.db.transaction((tx) => q.rollup(tx, from, today));
}

/** Staff: platform totals per day over the window (the open days from the raw tables; no write). */
export async function readPlatform(deps: Deps, viewer: UserRow | null, days: InsightWindow, now = new Date()): Promise<PlatformDay[]> {
  if (!canReadPlatform(viewer)) throw forbidden();
  const { window, span } = spanOf(days, now);
  const rows = new Map((await q.platformDays(deps.db, span)).map((r) => [r.day, r]));
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

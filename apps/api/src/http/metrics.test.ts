import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, createSession } from '../../test/factories.ts';
import { enqueue } from '../jobs/queue.ts';
import { bearerMatches } from './metrics.ts';

const TOKEN = 'metrics-test-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The series of an exposition (every sample line), by name and labels. */
const seriesOf = (body: string) => body.split('\n').filter((line) => line && !line.startsWith('#'));
const sample = (body: string, series: string) => {
  const line = seriesOf(body).find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics (issue #32)', () => {
  let app: FastifyInstance;
  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    // No worker: a queued job stays waiting, so the queue's gauges have something to show.
    app = await buildTestApp({ METRICS_TOKEN: TOKEN, JOBS_POLL_MS: 0, RATE_LIMITS: 'off' });
  }, 120_000);
  afterAll(() => app.close());

  it('answers 401 without the token or with another, in the DRF shape', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.json()).toHaveProperty('detail');
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
  });

  it('shows requests per route template and status, the queue, sessions, caches, the channel and the process', async () => {
    const author = await buildPremium(app);
    const artwork = await buildArtwork(app, author);
    await createSession(app, await buildUser(app));
    await enqueue(app.db, 'metrics.test', { n: 1 }, { runAt: new Date(Date.now() - 5_000) });
    await enqueue(app.db, 'metrics.test', { n: 2 });
    expect((await app.inject({ method: 'GET', url: `/api/v1/artworks/${artwork.id}/` })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/api/v1/artworks/${artwork.id}/` });
    // No route takes DELETE here (the CSRF check refuses it first): the fixed label, never the path.
    const unmatched = await app.inject({ method: 'DELETE', url: '/nowhere/at/all' });

    const body = await scrape();
    expect(body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(sample(body, 'http_requests_total{method="GET",route="/api/v1/artworks/:id/",status="200"}')).toBe(2);
    expect(sample(body, 'http_request_duration_seconds_count{method="GET",route="/api/v1/artworks/:id/",status="200"}')).toBe(2);
    expect(sample(body, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/artworks/:id/",status="200"}')).toBe(2);
    expect(sample(body, `http_requests_total{method="DELETE",route="unmatched",status="${unmatched.statusCode}"}`)).toBe(1);
    expect(body).not.toContain('/nowhere');
    expect(sample(body, 'axoo_jobs_waiting{kind="metrics.test"}')).toBe(2);
    expect(sample(body, 'axoo_jobs_oldest_waiting_seconds{kind="metrics.test"}')).toBeGreaterThanOrEqual(4);
    expect(sample(body, 'axoo_jobs_failed{kind="metrics.test"}')).toBe(0);
    expect(sample(body, 'axoo_sessions')).toBe(1);
    expect(sample(body, 'axoo_db_up')).toBe(1);
    // A guest's detail goes through the guest answers (the second may be answered before them, by the gallery's own).
    expect(sample(body, 'axoo_cache_lookups_total{cache="guest_detail"}')).toBeGreaterThanOrEqual(1);
    for (const cache of ['guest_page', 'guest_list', 'guest_detail', 'renditions']) {
      expect(sample(body, `axoo_cache_hits_total{cache="${cache}"}`)).toBeLessThanOrEqual(sample(body, `axoo_cache_lookups_total{cache="${cache}"}`) ?? -1);
    }
    expect(sample(body, 'axoo_cache_lookups_total{cache="renditions"}')).toBe(0);
    expect(sample(body, `axoo_change_channel{state="${app.changes.channel}"}`)).toBe(1);
    expect(sample(body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    if (app.database.kind === 'postgres') {
      expect(sample(body, 'axoo_db_pool_connections{state="max"}')).toBe(10);
      expect(sample(body, 'axoo_db_pool_errors_total')).toBe(0);
    } else expect(body).not.toContain('axoo_db_pool');
  });

  it('keeps the series bounded: 1,000 distinct ids add one route label', async () => {
    await scrape(); // the scrape's own series exist from here on
    const before = seriesOf(await scrape());
    const base = 900_000_000;
    for (let i = 0; i < 1_000; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => app.inject({ method: 'GET', url: `/api/v1/artworks/${base + i + j}/` })));
    }
    const after = seriesOf(await scrape());
    const added = after.length - before.length;
    // A new status (404) of the same route: one counter and one histogram (12 buckets, +Inf, sum, count) = 16.
    expect(added).toBeGreaterThanOrEqual(16);
    expect(added).toBeLessThanOrEqual(20);
    expect(after.filter((l) => l.includes(String(base)))).toEqual([]);
    expect(sample(after.join('\n'), 'http_requests_total{method="GET",route="/api/v1/artworks/:id/",status="404"}')).toBe(1_000);
  }, 120_000);
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  }, 120_000);
  afterAll(() => app.close());

  it('is a 404 like any unknown API path, token or not', async () => {
    for (const headers of [{}, auth]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).not.toContain('http_request');
    }
  });
});

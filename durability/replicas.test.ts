import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { REPLICA_CHECK_MS } from '../apps/api/src/db/replicas.ts';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, type UserRow } from '../apps/api/test/factories.ts';
import { freePort } from '../cluster/harness.ts';
import { Clusters, type PgCluster, sql } from './clusters.ts';

/**
 * Issue #32, read replicas: a streaming standby of the suite's primary made with pg_basebackup. An app process with
 * DATABASE_REPLICA_URLS serves guest pages, lists, profiles, search and sitemaps from it (its metrics say so); a browser
 * that just wrote reads its own write from the primary while the replica is behind; a replica further behind than
 * REPLICA_MAX_LAG_MS is skipped; a replica stopped in the middle of a load costs no request an error.
 */
const d = inject('durability');
const clusters = new Clusters(join(d.work, 'replica'));
const TOKEN = randomBytes(16).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let primaryApp: FastifyInstance;
let app: FastifyInstance;
let replica: PgCluster;
let replicaUrl = '';
let artist: UserRow;
const pages: string[] = [];

/** The app of a process with the replica (its own pool, caches and checks), on the primary app's database. */
async function replicaApp(maxLagMs: number): Promise<FastifyInstance> {
  const config = { ...primaryApp.config, DATABASE_REPLICA_URLS: [replicaUrl], REPLICA_MAX_LAG_MS: maxLagMs, METRICS_TOKEN: TOKEN };
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir, replicaUrls: [replicaUrl], replicaMaxLagMs: maxLagMs });
  const built = await buildApp({ config, database, logger: false });
  await built.ready();
  return built;
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

const replicaState = (target: FastifyInstance) => target.database.replicas?.stats().replicas[0]?.state;

async function metric(target: FastifyInstance, name: string): Promise<number> {
  const res = await target.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = res.body.split('\n').find((l) => l.startsWith(name));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

beforeAll(async () => {
  primaryApp = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0 });
  artist = await buildPremium(primaryApp, { username: `replica${randomBytes(2).toString('hex')}` });
  for (let i = 0; i < 6; i++) await buildArtwork(primaryApp, artist, { title: `Replicated ${i}` });
  const [first] = await primaryApp.db.query.artworks.findMany({ limit: 1 });
  pages.push(
    '/api/v1/artworks/',
    '/api/v1/artworks/?search=Replicated',
    `/api/v1/artworks/${first.id}/`,
    `/api/v1/artists/${artist.username}/`,
    '/sitemap.xml',
    '/sitemaps/artworks-1.xml',
  );
  replica = await clusters.standby(
    { ...d.primary, url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${d.primary.port}/${db}` },
    `${d.tag}_replica`,
    await freePort(),
  );
  replicaUrl = replica.url(new URL(primaryApp.config.DATABASE_URL ?? '').pathname.slice(1));
  app = await replicaApp(2_000);
  await until('the replica is up', () => replicaState(app) === 'up');
});
afterAll(async () => {
  await app?.close();
  await primaryApp?.close();
  await clusters.dropAll();
});

/** The p99 of `rounds` passes over the pages, in ms. */
async function p99(target: FastifyInstance, rounds: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    for (const url of pages) {
      const started = performance.now();
      const res = await target.inject({ url, headers: { 'accept-language': 'en' } });
      times.push(performance.now() - started);
      expect(res.statusCode, url).toBe(200);
    }
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length * 0.99)] * 10) / 10;
}

describe('read replicas (issue #32)', () => {
  it('serves guest pages, lists, profiles, search and sitemaps from the replica; the metrics show it', async () => {
    // Both processes warmed up first (compiled code, caches), so neither measure pays for it.
    await p99(app, 5);
    await p99(primaryApp, 5);
    const before = app.database.replicas?.stats().reads ?? { replica: 0, primary: 0 };
    const withReplica = await p99(app, 40);
    const after = app.database.replicas?.stats().reads ?? { replica: 0, primary: 0 };
    const onReplica = after.replica - before.replica;
    const onPrimary = after.primary - before.primary;
    expect(onReplica).toBeGreaterThan(0);
    expect(onPrimary).toBe(0);
    expect(await metric(app, 'axoo_db_reads_total{target="replica"}')).toBe(after.replica);
    expect(await metric(app, 'axoo_db_replica_up{replica="0"}')).toBe(1);
    const withoutReplica = await p99(primaryApp, 40);
    const ready = await app.inject('/readyz');
    expect(ready.json()).toMatchObject({ status: 'ok', replicas: [{ replica: 0, state: 'up' }] });
    console.log(
      `replica reads: ${onReplica} of ${onReplica + onPrimary} tolerant statements on the replica (${Math.round((100 * onReplica) / (onReplica + onPrimary))}%); ` +
        `p99 over ${pages.length * 40} guest requests: ${withReplica} ms with the replica, ${withoutReplica} ms on the primary alone`,
    );
  });

  it('a browser that just wrote reads its write from the primary while the replica is behind; others read the replica', async () => {
    // A process that tolerates a long lag: the paused replica keeps taking reads, so what each browser sees tells where it read.
    const tolerant = await replicaApp(600_000);
    try {
      await until('the replica is up', () => replicaState(tolerant) === 'up');
      const fan = await buildUser(primaryApp);
      const other = await buildPremium(primaryApp);
      const writer = new Agent(tolerant, 'en');
      await loginAs(writer, fan);
      // Another browser of the same person, which writes nothing; its session reaches the replica before replay stops.
      const reader = new Agent(tolerant, 'en');
      await loginAs(reader, fan);
      await until('the replica has the session', async () => (await reader.get('/api/v1/conversations/')).statusCode === 200);
      await sql(replica.url(), 'select pg_wal_replay_pause()');
      const started = await writer.post('/api/v1/conversations/', { artist: other.id, subject: 'Replica', body: 'Written while the replica is paused' });
      expect(started.statusCode).toBe(201);
      expect(writer.cookies.has('recentwrite')).toBe(true);
      const id = started.json().id as number;
      const ids = async (agent: Agent) => ((await agent.get('/api/v1/conversations/')).json().results as { id: number }[]).map((c) => c.id);
      expect(await ids(writer)).toContain(id);
      expect(await ids(reader)).not.toContain(id);
    } finally {
      await sql(replica.url(), 'select pg_wal_replay_resume()');
      await tolerant.close();
    }
  });

  it('a replica behind by more than REPLICA_MAX_LAG_MS is skipped: reads go to the primary and see every write', async () => {
    await until('the replica is up', () => replicaState(app) === 'up');
    await sql(replica.url(), 'select pg_wal_replay_pause()');
    try {
      const fresh = await buildArtwork(primaryApp, artist, { title: 'Written while the replica lags' });
      await until('the replica is counted lagging', () => replicaState(app) === 'lagging', 2_000 + 10 * REPLICA_CHECK_MS);
      expect(await metric(app, 'axoo_db_replica_up{replica="0"}')).toBe(0);
      expect(await metric(app, 'axoo_db_replica_lag_seconds{replica="0"}')).toBeGreaterThan(2);
      const before = app.database.replicas?.stats().reads ?? { replica: 0, primary: 0 };
      const res = await app.inject({ url: `/api/v1/artworks/${fresh.id}/`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().title).toBe('Written while the replica lags');
      const after = app.database.replicas?.stats().reads ?? { replica: 0, primary: 0 };
      expect(after.replica).toBe(before.replica);
      expect(after.primary).toBeGreaterThan(before.primary);
      expect((await app.inject('/readyz')).json()).toMatchObject({ status: 'ok', replicas: [{ replica: 0, state: 'lagging' }] });
    } finally {
      await sql(replica.url(), 'select pg_wal_replay_resume()');
    }
    await until('the replica caught up', () => replicaState(app) === 'up');
  });

  it('a replica stopped in the middle of a load: no request fails, reads go on from the primary', async () => {
    await until('the replica is up', () => replicaState(app) === 'up');
    const statuses: number[] = [];
    let stop = false;
    const load = Promise.all(
      Array.from({ length: 4 }, async (_, k) => {
        for (let i = k; !stop; i++) {
          const res = await app.inject({ url: pages[i % pages.length], headers: { 'accept-language': 'en' } });
          statuses.push(res.statusCode);
        }
      }),
    );
    await sleep(800);
    const beforeStop = statuses.length;
    await clusters.stop(replica);
    await until('the replica is counted down', () => replicaState(app) === 'down');
    await sleep(800);
    stop = true;
    await load;
    const errors = statuses.filter((s) => s !== 200).length;
    expect(errors).toBe(0);
    expect(statuses.length).toBeGreaterThan(beforeStop);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'up', replicas: [{ replica: 0, state: 'down', lagMs: null }] });
    console.log(`replica stopped under load: ${statuses.length} requests (${beforeStop} before the stop), ${errors} errors`);
  });
});

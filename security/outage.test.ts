import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { csrfTokenForSession } from '../apps/api/src/http/csrf.ts';
import { buildUser, createSession } from '../apps/api/test/factories.ts';
import { freePort, root } from '../cluster/harness.ts';
import { report } from './seed.ts';

/**
 * Issue #15 (5), outage: the product on a PostgreSQL cluster of its own (Debian's pg_createcluster on a free port,
 * dropped afterwards). The cluster stops under light load: requests get a clean 503 within 2 s (no hang, no crash),
 * /readyz is 503 and /healthz 200. It starts again: the first success comes within 5 s, from the same process.
 */
const version = readdirSync('/usr/lib/postgresql').sort().at(-1) ?? '15';
const cluster = `axoo_outage_${randomBytes(3).toString('hex')}`;
const ctl = (action: 'start' | 'stop') =>
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, cluster, action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { stdio: 'pipe' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pgPort = 0;
let server: ChildProcess;
let base = '';
let log = '';
let database: Database;
let cookie = '';
let userId = 0;
let pgUrl = '';
const secret = randomBytes(32).toString('base64url');
/** The member's CSRF token: bound to the session (issue #36). */
let csrf = '';
const work = mkdtempSync(join(tmpdir(), 'axoo-outage-'));

beforeAll(async () => {
  pgPort = await freePort();
  execFileSync('pg_createcluster', [version, cluster, '-p', String(pgPort), '--', '--auth=trust'], { stdio: 'pipe' });
  ctl('start');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres` });
  await admin.connect();
  await admin.query('create database axoo');
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:${pgPort}/axoo`;
  pgUrl = url;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SECRET_KEY: secret,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Issue #36: a frozen database answers 503 within this + 2 s.
      DB_STATEMENT_TIMEOUT_MS: '3000',
      DATA_DIR: join(work, 'data'),
      WEB_DIST: join(work, 'no-web'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${log}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error(`server did not start:\n${log}`);
    await sleep(100);
  }
  database = await openDatabase({ url, pgliteDir: '' });
  const user = await buildUser({ db: database.db } as unknown as FastifyInstance);
  userId = user.id;
  const session = await createSession({ db: database.db } as unknown as FastifyInstance, user);
  cookie = `sessionid=${session}`;
  csrf = csrfTokenForSession(secret, session);
  await database.close();
}, 120_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  try {
    execFileSync('pg_dropcluster', [version, cluster, '--stop'], { stdio: 'pipe' });
  } catch {}
  rmSync(work, { recursive: true, force: true });
});

/** One request with a 4 s ceiling (or the one given): its status (0 = no answer in time) and how long it took. */
async function timed(path: string, headers: Record<string, string> = {}, options: { method?: string; body?: string; ceiling?: number } = {}) {
  const started = performance.now();
  const { ceiling = 4000, ...init } = options;
  const status = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(ceiling) }).then(
    (r) => r.status,
    () => 0,
  );
  return { status, ms: Math.round(performance.now() - started) };
}

describe('the database goes away and comes back (issue #15)', () => {
  it('answers a clean 503 within 2 s while it is down, and serves again within 5 s of its return, without a restart', async () => {
    const pid = server.pid;
    // Light load: a member's page data (a session read every time) and the health checks.
    expect((await timed('/api/v1/users/me/', { cookie })).status).toBe(200);
    ctl('stop');
    const down: { status: number; ms: number }[] = [];
    for (let i = 0; i < 10; i++) down.push(await timed('/api/v1/users/me/', { cookie }));
    const ready = await timed('/readyz');
    const health = await timed('/healthz');
    expect(down.map((d) => d.status)).toEqual(Array(10).fill(503));
    expect(Math.max(...down.map((d) => d.ms))).toBeLessThanOrEqual(2000);
    expect(ready.status).toBe(503);
    expect(health.status).toBe(200);

    ctl('start');
    const started = performance.now();
    let back = 0;
    while (performance.now() - started < 10_000) {
      if ((await timed('/api/v1/users/me/', { cookie })).status === 200) {
        back = Math.round(performance.now() - started);
        break;
      }
      await sleep(100);
    }
    report('outage', {
      down_statuses: down.map((d) => d.status),
      down_max_ms: Math.max(...down.map((d) => d.ms)),
      readyz: ready.status,
      healthz: health.status,
      back_ms: back,
    });
    expect(back).toBeGreaterThan(0);
    expect(back).toBeLessThanOrEqual(5000);
    expect(server.exitCode).toBeNull();
    expect(server.pid).toBe(pid);
  });

  it('answers 503 within a few seconds while the database is frozen (SIGSTOP), /readyz not ready, and serves again after SIGCONT (issue #36)', async () => {
    const pid = server.pid;
    const member = { cookie: `${cookie}; csrftoken=${csrf}`, 'x-csrftoken': csrf, 'content-type': 'application/json' };
    expect((await timed('/api/v1/users/me/', { cookie })).status).toBe(200);
    // Every process of the cluster, the postmaster and its backends: the server neither answers nor closes a connection.
    const postmaster = Number(readFileSync(`/var/lib/postgresql/${version}/${cluster}/postmaster.pid`, 'utf8').split('\n')[0]);
    const processes = [
      postmaster,
      ...execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number),
    ];
    const signal = (sig: NodeJS.Signals) => {
      for (const p of processes) process.kill(p, sig);
    };
    signal('SIGSTOP');
    let frozen: { status: number; ms: number }[] = [];
    let ready = { status: 0, ms: 0 };
    try {
      // Writes on the pooled connections and reads, all at once, as a frozen database meets them under load.
      const write = (i: number) =>
        timed(`/api/v1/users/${userId}/`, member, { method: 'PUT', body: JSON.stringify({ description: `frozen ${i}` }), ceiling: 10_000 });
      const requests = Promise.all([
        ...Array.from({ length: 4 }, (_, i) => write(i)),
        ...Array.from({ length: 4 }, () => timed('/api/v1/users/me/', { cookie }, { ceiling: 10_000 })),
      ]);
      ready = await timed('/readyz', {}, { ceiling: 10_000 });
      frozen = await requests;
    } finally {
      signal('SIGCONT');
    }
    const started = performance.now();
    let back = 0;
    while (performance.now() - started < 10_000) {
      if ((await timed('/api/v1/users/me/', { cookie })).status === 200 && (await timed('/readyz')).status === 200) {
        back = Math.round(performance.now() - started);
        break;
      }
      await sleep(100);
    }
    report('outage-frozen', { statuses: frozen.map((f) => f.status), max_ms: Math.max(...frozen.map((f) => f.ms)), readyz: ready, back_ms: back });
    // 503 (or a 200 from a session remembered a moment), never a hang: DB_STATEMENT_TIMEOUT_MS is 3 s here, +2 s grace.
    expect(
      frozen.filter((f) => f.status !== 503 && f.status !== 200),
      JSON.stringify(frozen),
    ).toEqual([]);
    expect(frozen.filter((f) => f.status === 503).length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...frozen.map((f) => f.ms))).toBeLessThanOrEqual(6_500);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThanOrEqual(2_500);
    expect(back, log.slice(-3000)).toBeGreaterThan(0);
    expect(back).toBeLessThanOrEqual(5_000);
    expect(server.exitCode).toBeNull();
    expect(server.pid).toBe(pid);
  });

  it('survives its connections being killed under load, mid-transaction too: 200 or a clean 503, no crash', async () => {
    const pid = server.pid;
    const member = { cookie: `${cookie}; csrftoken=${csrf}` };
    const killer = new pg.Client({ connectionString: pgUrl.replace(/\/axoo$/, '/postgres') });
    await killer.connect();
    let loading = true;
    const statuses: Record<number, number> = {};
    // Eight clients at once: a profile update (a transaction of several statements on a checked-out connection),
    // the member's own data (pooled queries) and the probes.
    const client = async (n: number) => {
      for (let i = 0; loading; i++) {
        const kind = (n + i) % 3;
        const started = performance.now();
        const status = await fetch(`${base}${kind === 0 ? `/api/v1/users/${userId}/` : kind === 1 ? '/api/v1/users/me/' : '/readyz'}`, {
          method: kind === 0 ? 'PUT' : 'GET',
          headers: kind === 0 ? { ...member, 'x-csrftoken': csrf, 'content-type': 'application/json' } : member,
          body: kind === 0 ? JSON.stringify({ description: `under load ${n}.${i}` }) : undefined,
          signal: AbortSignal.timeout(4000),
        }).then(
          (r) => r.status,
          () => 0,
        );
        statuses[status] = (statuses[status] ?? 0) + 1;
        expect(performance.now() - started).toBeLessThan(4000);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    // Every 50 ms for 3 s the server ends every connection of the product (pooled, checked out, in a transaction,
    // and the change channel's), as a failover or an administrator's pg_terminate_backend does.
    let killed = 0;
    for (let round = 0; round < 60; round++) {
      const res = await killer.query("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = 'axoo'");
      killed += res.rows[0].n;
      await sleep(50);
    }
    loading = false;
    await load;
    await killer.end();
    let back = false;
    for (let i = 0; i < 50 && !back; i++) {
      back = (await timed('/api/v1/users/me/', { cookie })).status === 200;
      if (!back) await sleep(100);
    }
    report('outage-kill', { connections_killed: killed, statuses, back });
    expect(killed).toBeGreaterThan(0);
    // The process lived: every answer came, and was a success or a clean 503 (never 0, 500 or a crash).
    expect(
      Object.keys(statuses)
        .map(Number)
        .filter((s) => s !== 200 && s !== 503),
      `${JSON.stringify(statuses)}\n${log.slice(-3000)}`,
    ).toEqual([]);
    expect(statuses[503] ?? 0, 'some requests met a killed connection').toBeGreaterThan(0);
    // And it serves again within 5 s of the last kill. It did not always: a transaction whose connection died before
    // its `begin` never gave its client back (drizzle sends `begin` outside its try), so the pool lost its slots one by
    // one and answered 503 for good ("timeout exceeded when trying to connect"); db/client.ts's pool now takes such a
    // client back itself (db/pool.pg.test.ts).
    expect(back, `not serving 5 s after the kills\n${log.slice(-3000)}`).toBe(true);
    expect(server.exitCode, log).toBeNull();
    expect(server.pid).toBe(pid);
  });
});

/**
 * `npm run bench -- --only cluster` (issue #13): the same requests against one process, one process behind nginx,
 * and three processes behind nginx (the deployment kit's configuration, Redis for the limits), on one PostgreSQL
 * database; then the delay between a write on one process and the change in another process's guest answer, and
 * what visitors get while one of the three is killed (kill -9) and while all three restart one by one (failover).
 * On a 2-core machine three processes share the cores with nginx, PostgreSQL and the load generator: the figure
 * that matters here is that nothing is lost by the balancer, and what more cores would add shows on a bigger box.
 */
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { Client } from '../cluster/client.ts';
import { ASSET, Cluster } from '../cluster/harness.ts';
import { type PhaseCount, phasedLoad } from '../cluster/load.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, createSession } from '../apps/api/test/factories.ts';

interface Figure {
  setup: string;
  path: string;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function seed(databaseUrl: string) {
  const database = await openDatabase({ url: databaseUrl, pgliteDir: '' });
  const app = { db: database.db } as unknown as FastifyInstance;
  const artist = await buildPremium(app);
  const ids: number[] = [];
  for (let i = 0; i < 120; i++) ids.push((await buildArtwork(app, artist, { title: `Bench ${i}` })).id);
  const member = await createSession(app, await buildUser(app));
  const staff = await buildStaff(app);
  return { database, app, ids, member, staff };
}

async function measure(setup: string, url: string, paths: [string, Record<string, string>][], duration: number, connections: number): Promise<Figure[]> {
  const out: Figure[] = [];
  for (const [path, headers] of paths) {
    const r = await autocannon({ url: `${url}${path}`, headers, duration, connections });
    out.push({
      setup,
      path: `${path}${headers.cookie ? ' (member)' : ' (guest)'}`,
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
  }
  return out;
}

export async function clusterBench({ duration, connections }: { duration: number; connections: number }) {
  const figures: Figure[] = [];
  let delays: number[] = [];
  let failover: Record<string, PhaseCount> = {};
  for (const { processes, nginx } of [
    { processes: 1, nginx: false },
    { processes: 1, nginx: true },
    { processes: 3, nginx: true },
  ]) {
    const cluster = new Cluster({ processes, nginx, env: { RATE_LIMITS: 'off' } });
    await cluster.start();
    try {
      const { database, ids, member, staff } = await seed(cluster.databaseUrl);
      const setup = `${processes} process${processes > 1 ? 'es' : ''}${nginx ? ' behind nginx' : ''}`;
      const cookie = { cookie: `sessionid=${member}` };
      figures.push(
        ...(await measure(
          setup,
          cluster.url,
          [
            ['/api/v1/artworks/?limit=24', cookie],
            ['/api/v1/artworks/?limit=24', {}],
            [`/api/v1/artworks/${ids[0]}/`, cookie],
          ],
          duration,
          connections,
        )),
      );
      if (processes === 3) {
        delays = await invalidationDelays(cluster, ids, staff);
        failover = await failoverUnderLoad(cluster, ids, cookie, duration, connections);
      }
      await database.close();
    } finally {
      await cluster.close();
    }
  }
  console.log('| setup | request | req/s | p99 ms | non-2xx | errors |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const f of figures) console.log(`| ${f.setup} | GET ${f.path} | ${f.rps} | ${f.p99} | ${f.non2xx} | ${f.errors} |`);
  const base = (path: string) => figures.find((f) => f.setup === '1 process' && f.path === path)?.rps ?? 0;
  for (const f of figures.filter((x) => x.setup.startsWith('3')))
    console.log(`3 behind nginx ÷ 1 process, ${f.path}: ${(f.rps / (base(f.path) || 1)).toFixed(2)}×`);
  console.log('failover, 3 behind nginx (pages, the asset, member and guest API reads):');
  console.log('| phase | 2xx | non-2xx | no answer |');
  console.log('|---|---:|---:|---:|');
  for (const [phase, c] of Object.entries(failover)) console.log(`| ${phase} | ${c.ok} | ${c.non2xx} | ${c.errors} |`);
  const sorted = [...delays].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  console.log(
    `invalidation delay (write on process A → guest answer of process B), ${sorted.length} writes: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms — ${at(0.95) <= 100 ? 'PASS' : 'FAIL'} (≤ 100 ms)`,
  );
}

/** Level changes on process A, each followed by polling process B's (cached) guest answer until it shows. */
async function invalidationDelays(cluster: Cluster, ids: number[], staff: Awaited<ReturnType<typeof buildStaff>>) {
  const [a, b] = cluster.apps;
  const editor = new Client(a.url);
  const login = await editor.json('POST', '/accounts/login/', { email: staff.email, password: 'Password123' });
  if (login.status !== 200) throw new Error(`staff login failed: ${login.status}`);
  const guest = new Client(b.url);
  const delays: number[] = [];
  for (let i = 0; i < 20; i++) {
    const id = ids[i];
    const level = async () => (await guest.json<{ level: number | null }>('GET', `/api/v1/artworks/${id}/`)).body.level;
    await level();
    const res = await editor.json('PATCH', `/api/v1/artworks/${id}/`, { level: 3 });
    if (res.status !== 200) throw new Error(`level change failed: ${res.status}`);
    const started = performance.now();
    while ((await level()) !== 3) {
      if (performance.now() - started > 3000) throw new Error('the change did not reach process B');
      await sleep(1);
    }
    delays.push(performance.now() - started);
  }
  return delays;
}

/**
 * Reads through nginx while nothing happens, while process 3 is killed (kill -9) and started again, and while all
 * three restart one by one as docs/DEPLOYING.md says (SIGTERM, start, 3.5 s for nginx to take it back).
 */
async function failoverUnderLoad(cluster: Cluster, ids: number[], cookie: Record<string, string>, seconds: number, connections: number) {
  const paths: [string, Record<string, string>][] = [
    ['/', {}],
    [ASSET, { 'accept-encoding': 'gzip, br' }],
    ['/api/v1/artworks/?limit=24', cookie],
    ['/api/v1/artworks/?limit=24', {}],
    [`/api/v1/artworks/${ids[1]}/`, cookie],
  ];
  const load = phasedLoad({ url: cluster.url, connections, phase: 'steady', requests: paths.map(([path, headers]) => ({ method: 'GET', path, headers })) });
  await sleep(seconds * 1000);
  load.phase = 'kill -9 of 1 of 3';
  await cluster.kill(2);
  await sleep(seconds * 1000);
  load.phase = 'its restart';
  await cluster.startApp(2);
  await sleep(3500);
  load.phase = 'rolling restart of all 3';
  for (const i of [0, 1, 2]) {
    await cluster.stop(i);
    await cluster.startApp(i);
    await sleep(3500);
  }
  load.phase = 'after';
  await sleep(1000);
  await load.stop();
  return load.perPhase;
}

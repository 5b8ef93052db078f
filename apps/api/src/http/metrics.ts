import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, PoolStats } from '../db/client.ts';
import type { ReplicaStats } from '../db/replicas.ts';
import { renderBody } from './errors.ts';
import { requestLang } from './i18n.ts';

/** The route label of a request no route matched (a 404 of the not-found handler): one series, whatever the path. */
export const UNMATCHED = 'unmatched';
/** Seconds: from a cached rendition (~0.2 ms) to a slow export page. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape's database questions may take this long before they are given up (the scrape answers without them). */
const QUERY_TIMEOUT_MS = 2_000;
/** Job kinds reported at most (the kinds are the code's own, a few dozen; the bound keeps a bad row from exploding). */
const MAX_KINDS = 100;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return Boolean(match) && timingSafeEqual(digest(match?.[1]?.trim() ?? ''), digest(token));
}

/** The rows of a statement, under a statement timeout, in a transaction of its own. */
async function rowsOf<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${QUERY_TIMEOUT_MS}`));
      return (await tx.execute(statement)) as unknown as { rows: T[] };
    })
    .then((result) => result.rows);
}

interface JobRow {
  kind: string;
  waiting: number;
  scheduled: number;
  running: number;
  failed: number;
  oldest: number | null;
}

function poolMetrics(register: Registry, stats: () => PoolStats) {
  new Gauge({
    name: 'axoo_db_pool_connections',
    help: 'Database pool connections by state (in_use, idle, waiting: requests waiting for one; max)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const pool = stats();
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
      this.set({ state: 'max' }, pool.max);
    },
  });
  new Counter({
    name: 'axoo_db_pool_errors_total',
    help: 'Database connections that failed or died since the process started',
    registers: [register],
    collect() {
      this.reset();
      this.inc(stats().errors);
    },
  });
}

/** Issue #32: where tolerant reads went, and each replica's state and lag (labels are indexes, never URLs). */
function replicaMetrics(register: Registry, stats: () => ReplicaStats) {
  new Counter({
    name: 'axoo_db_reads_total',
    help: 'Reads that tolerate staleness (GET requests), by where they were served: replica or primary (none ready, or a fallback)',
    labelNames: ['target'],
    registers: [register],
    collect() {
      const { reads } = stats();
      this.reset();
      this.inc({ target: 'replica' }, reads.replica);
      this.inc({ target: 'primary' }, reads.primary);
    },
  });
  new Gauge({
    name: 'axoo_db_replica_up',
    help: 'Whether a read replica takes reads (1), or is down or further behind than REPLICA_MAX_LAG_MS (0)',
    labelNames: ['replica'],
    registers: [register],
    collect() {
      for (const r of stats().replicas) this.set({ replica: String(r.replica) }, r.state === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'axoo_db_replica_lag_seconds',
    help: 'How far a read replica was behind the primary at its last check (absent while it does not answer)',
    labelNames: ['replica'],
    registers: [register],
    collect() {
      this.reset();
      for (const r of stats().replicas) if (r.lagMs !== null) this.set({ replica: String(r.replica) }, r.lagMs / 1000);
    },
  });
}

/** Requests answered, counted and timed per method, route template and status by an answer hook. */
function httpMetrics(app: FastifyInstance, register: Registry) {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, per route template and status',
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, per route template and status',
    labelNames,
    buckets: BUCKETS,
    registers: [register],
  });
  // One child per label set, looked up by one string: the hot path does no label hashing of prom-client's own.
  const children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<(typeof labelNames)[number]> }>();
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The template the router matched (`/api/v1/artworks/:id/`), never the path: the series stay bounded.
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = String(reply.statusCode);
    const key = `${request.method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method: request.method, route, status };
      child = { count: requests.labels(labels), time: duration.labels(labels) };
      children.set(key, child);
    }
    child.count.inc();
    child.time.observe(reply.elapsedTime / 1000);
  });
}

/** The database: its pool (PostgreSQL only) and whether it answers a ping. */
function databaseMetrics(app: FastifyInstance, register: Registry) {
  const { database } = app;
  // The pool's series only where there is a pool (PostgreSQL): the embedded database has none.
  if (database.pool) poolMetrics(register, database.pool);
  const replicas = database.replicas;
  if (replicas) replicaMetrics(register, () => replicas.stats());
  new Gauge({
    name: 'axoo_db_up',
    help: 'Whether the database answered a ping during this scrape',
    registers: [register],
    async collect() {
      this.set(
        await database.ping().then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
}

/** The job queue (every process's, read from its table) and the jobs this process ran. */
function jobMetrics(app: FastifyInstance, register: Registry) {
  // The queue, read once per scrape for the four gauges below (each collect awaits the same promise).
  let queueRead: { at: number; rows: Promise<JobRow[]> } | null = null;
  const queue = () => {
    const now = Date.now();
    if (!queueRead || now - queueRead.at > 1_000) {
      queueRead = {
        at: now,
        rows: rowsOf<JobRow>(
          app.db,
          sql`select kind,
              count(*) filter (where status = 'queued' and run_at <= now())::int as waiting,
              count(*) filter (where status = 'queued' and run_at > now())::int as scheduled,
              count(*) filter (where status = 'running')::int as running,
              count(*) filter (where status = 'failed')::int as failed,
              extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now()))::float8 as oldest
            from jobs where status in ('queued', 'running', 'failed') group by kind order by kind limit ${MAX_KINDS}`,
        ).catch((err: unknown) => {
          app.log.warn({ err }, 'metrics: the job queue could not be read');
          return [];
        }),
      };
    }
    return queueRead.rows;
  };
  const queueGauge = (name: string, help: string, value: (row: JobRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [register],
      async collect() {
        const rows = await queue();
        this.reset();
        for (const row of rows) this.set({ kind: row.kind }, value(row));
      },
    });
  queueGauge('axoo_jobs_waiting', 'Jobs due and not yet claimed, per kind', (r) => Number(r.waiting));
  queueGauge('axoo_jobs_scheduled', 'Jobs queued for later (a retry after backoff, a later run), per kind', (r) => Number(r.scheduled));
  queueGauge('axoo_jobs_running', 'Jobs claimed by a worker (any process), per kind', (r) => Number(r.running));
  queueGauge('axoo_jobs_failed', 'Jobs kept as failed after their last try (until the purge), per kind', (r) => Number(r.failed));
  queueGauge('axoo_jobs_oldest_waiting_seconds', 'Age of the oldest job due and not yet claimed, per kind (0: none)', (r) => Number(r.oldest ?? 0));
  new Counter({
    name: 'axoo_jobs_run_total',
    help: 'Jobs this process ran, per kind and outcome (done, retry, failed)',
    labelNames: ['kind', 'outcome'],
    registers: [register],
    collect() {
      this.reset();
      for (const [kind, counts] of app.jobs.outcomes) for (const [outcome, n] of Object.entries(counts)) if (n) this.inc({ kind, outcome }, n);
    },
  });
}

/** Sessions not yet expired, and the lookups and hits of the per-process caches. */
function sessionAndCacheMetrics(app: FastifyInstance, register: Registry) {
  new Gauge({
    name: 'axoo_sessions',
    help: 'Sessions not yet expired',
    registers: [register],
    async collect() {
      const rows = await rowsOf<{ n: number }>(app.db, sql`select count(*)::int as n from sessions where expires > now()`).catch(() => null);
      this.reset();
      if (rows?.[0]) this.set(Number(rows[0].n));
    },
  });

  const cacheLabels = ['cache'] as const;
  new Counter({
    name: 'axoo_cache_lookups_total',
    help: 'Lookups of the per-process caches (guest_page, guest_list, guest_detail answers; renditions)',
    labelNames: cacheLabels,
    registers: [register],
    collect() {
      this.reset();
      for (const [kind, s] of Object.entries(app.guestAnswers.stats)) this.inc({ cache: `guest_${kind}` }, s.lookups);
      this.inc({ cache: 'renditions' }, app.renditions.stats.lookups);
    },
  });
  new Counter({
    name: 'axoo_cache_hits_total',
    help: 'Lookups of the per-process caches answered from memory (hit ratio: hits / lookups)',
    labelNames: cacheLabels,
    registers: [register],
    collect() {
      this.reset();
      for (const [kind, s] of Object.entries(app.guestAnswers.stats)) this.inc({ cache: `guest_${kind}` }, s.lookups - s.misses);
      this.inc({ cache: 'renditions' }, app.renditions.stats.hits);
    },
  });
}

/** The links between processes: the change channel's state and, when configured, the shared Redis. */
function channelMetrics(app: FastifyInstance, register: Registry) {
  new Gauge({
    name: 'axoo_change_channel',
    help: 'The change channel between processes: 1 for its state now (listening, lost; local on the embedded database)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      this.reset();
      for (const state of ['local', 'listening', 'lost']) this.set({ state }, app.changes.channel === state ? 1 : 0);
    },
  });
  // The `counters` plugin connects it after this one: read at scrape time.
  if (app.config.REDIS_URL)
    new Gauge({
      name: 'axoo_redis_up',
      help: 'Whether the shared Redis (REDIS_URL) is connected',
      registers: [register],
      collect() {
        this.set(app.redis?.status === 'ready' ? 1 : 0);
      },
    });
}

/**
 * The metrics of one app instance (issue #32), in a registry of its own: tests build the app many times in one
 * process, so nothing is kept at module level. The gauges of the database, the queue, the caches and the channels
 * are read when Prometheus scrapes (collect callbacks), each database question bounded by a statement timeout.
 */
function instrument(app: FastifyInstance): Registry {
  const register = new Registry();
  collectDefaultMetrics({ register });
  httpMetrics(app, register);
  databaseMetrics(app, register);
  jobMetrics(app, register);
  sessionAndCacheMetrics(app, register);
  channelMetrics(app, register);
  return register;
}

/**
 * Named plugin `metrics` (issue #32): `GET /metrics` in Prometheus' text format for the bearer of METRICS_TOKEN.
 * Unset, the address answers 404 like any unknown API path and nothing is measured (no hook, no registry). Registered
 * before the features so its answer hook sees every route; the other plugins' state is read at scrape time.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.config.METRICS_TOKEN;
    const register = token ? instrument(app) : null;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Answered here rather than thrown: this route comes before the `errors` plugin, whose handler it would miss.
      if (!register || !token) return reply.callNotFound();
      if (!bearerMatches(request.headers.authorization, token)) {
        const body = renderBody(requestLang(request.url, request.headers), { detail: 'auth.required' });
        return reply.status(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send(body);
      }
      const body = await register.metrics();
      return reply.header('Cache-Control', 'no-store').type(register.contentType).send(body);
    });
    app.addHook('onClose', async () => register?.clear());
  },
  { name: 'metrics', dependencies: ['db', 'changes', 'jobs'] },
);

import { AsyncResource } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { Replicas } from './replicas.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
// biome-ignore lint/suspicious/noExplicitAny: both drivers share PgDatabase; their result kinds differ.
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction: queries take either so services can compose them in one transaction. */
export type Executor = Db | Tx;

/** The advisory lock that serialises migrations between processes (any fixed number of this app's own). */
const MIGRATION_LOCK = 7_104_202_613;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** `NOTIFY channel, payload` (every process listening on this database hears it). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** Count of statements sent since start (tests assert there is no N+1). */
  statements: { count: number };
  /** The connection pool's state (issue #32, metrics); absent on the embedded database, which has no pool. */
  pool?: () => PoolStats;
  /**
   * Issue #32: told of every statement that took `ms` or longer (on a PostgreSQL server), with its text (never its
   * values). The app's `slow-queries` plugin sets it when SLOW_QUERY_MS is set.
   */
  slowStatements?: SlowStatements;
  /** Issue #32: the read replicas (DATABASE_REPLICA_URLS), when there are any. */
  replicas?: Replicas;
}

export interface SlowStatements {
  ms: number;
  /** Called as a statement is sent, in its caller's async context: answers how to report it if it is slow. */
  begin(): (statement: string, ms: number) => void;
}

/** Times each statement a client sends while `watch()` answers a threshold (a statement's text, never its values). */
function timeStatements(client: pg.PoolClient, watch: () => SlowStatements | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const slow = watch();
    if (!slow) return query(...args);
    const started = performance.now();
    const report = slow.begin();
    const done = () => {
      const ms = performance.now() - started;
      const first = args[0] as string | { text?: string };
      // Up to 4,000 characters: a read of a whole users row names its ~40 columns before its FROM.
      if (ms >= slow.ms) report((typeof first === 'string' ? first : (first?.text ?? '')).slice(0, 4000), ms);
    };
    // `pool.query` calls its client with a callback; drizzle's transactions await the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        done();
        return callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  }) as typeof client.query;
}

/** A pool's connections now, and the connection errors since start (a dead connection, a failed checkout). */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
  errors: number;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool whose checked-out clients give themselves back when their connection dies (issue #15, outage under load).
 * drizzle's `transaction()` sends `begin` before the `try` whose `finally` releases its client, so a connection killed
 * between the checkout and `begin` was never released: the pool lost one of its slots each time and, with all of them
 * lost, answered every request "timeout exceeded when trying to connect" until the process restarted. Here a
 * checked-out client is released (and so dropped) as soon as its connection errors or ends, and a later release by its
 * user does nothing. `pool.query` goes through the callback form, which releases on error itself.
 */
export class SelfReleasingPool extends pg.Pool {
  /** Checkouts that failed (server down, pool timeout) and connections that died, since start (issue #32). */
  errors = 0;
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      // Bound to the caller's async context (`pool.query`'s request), not to whichever release hands the client over:
      // the slow-statement log names the request that sent the statement (issue #32).
      super.connect(
        AsyncResource.bind((err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => {
          if (err) this.errors++;
          callback(err, client, done);
        }),
      );
      return undefined;
    }
    return super.connect().then(releasedWhenItDies, (err: unknown) => {
      this.errors++;
      throw err;
    });
  }
}

/** Makes a checked-out client's release happen once, by its user or by its connection's death, whichever is first. */
export function releasedWhenItDies(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const giveBack = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', died);
    client.removeListener('end', ended);
    release(err);
  };
  const died = (err: Error) => giveBack(err);
  const ended = () => giveBack(new Error('PostgreSQL connection ended'));
  client.on('error', died);
  client.on('end', ended);
  client.release = giveBack;
  return client;
}

/** How long a statement may run (server side) before PostgreSQL cancels it, unless the caller says otherwise. */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** How long /readyz waits for `select 1`: a balancer wants "not ready" quickly, not a request that hangs with the database. */
export const PING_TIMEOUT_MS = 1_500;
/** Beyond the statement timeout, how long the client waits for any answer before it gives the connection up. */
const READ_GRACE_MS = 2_000;

type Query = pg.PoolClient['query'];
const READ_TIMEOUT = Symbol('readTimeoutMs');
type TimedClient = pg.PoolClient & { [READ_TIMEOUT]?: number };

/**
 * Issue #36 (frozen database): a server that stops answering (SIGSTOP, a hung host, a network black hole) without
 * closing its connections would leave every statement sent on them waiting forever, `statement_timeout` included (the
 * server is what enforces it). Each query on a pooled client gets a timer: no answer within `ms`, and the connection is
 * destroyed, so the statement fails with "Connection terminated" (a 503) and the client leaves the pool. pg's own
 * `query_timeout` fails the statement but keeps the connection, with the unanswered statement still first in its
 * queue, so the next request on that client would wait again. `client[READ_TIMEOUT] = 0` turns it off (migrations).
 */
export function withReadTimeout<C extends pg.PoolClient>(client: C, ms: number): C {
  const timed = client as C & TimedClient;
  if (timed[READ_TIMEOUT] !== undefined) return client;
  timed[READ_TIMEOUT] = ms;
  const query = client.query as (...args: unknown[]) => unknown;
  const kill = () => (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  const wrapped = (...args: unknown[]) => {
    const limit = timed[READ_TIMEOUT] ?? 0;
    if (!limit) return query.apply(client, args);
    const timer = setTimeout(kill, limit);
    timer.unref();
    const done = () => clearTimeout(timer);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        done();
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
      return query.apply(client, args);
    }
    const result = query.apply(client, args) as { then?: unknown; on?: (e: string, f: () => void) => void } | undefined;
    if (result && typeof result.then === 'function') (result as Promise<unknown>).then(done, done);
    else if (result && typeof result.on === 'function') {
      result.on('end', done);
      result.on('error', done);
    } else done();
    return result;
  };
  client.query = wrapped as Query;
  return client;
}

interface PoolOptions {
  url: string;
  statementTimeout: number;
  readTimeout: number;
  watch: () => SlowStatements | undefined;
}

/** A PostgreSQL pool of the app (the primary's, or a replica's), every connection guarded as below. */
function makePool({ url, statementTimeout, readTimeout, watch }: PoolOptions): SelfReleasingPool {
  // A request waits at most 2 s for a connection: with the server down it gets a clean 503, never a hang. A statement
  // runs at most `statementTimeout` (issue #36); an idle transaction left open is ended by the server too.
  const pool = new SelfReleasingPool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 2_000,
    statement_timeout: statementTimeout || undefined,
    idle_in_transaction_session_timeout: statementTimeout ? statementTimeout * 3 : undefined,
  });
  // A connection the server ends (restart, failover, pg_terminate_backend, a dropped test database) must not crash
  // the process (issue #15 outage). Idle, the pool hears it and replaces the connection on the next checkout. Checked
  // out (a transaction, a migration's lock), the pool no longer listens and an 'error' event without a listener
  // would throw: every client gets its own listener for its whole life. The statement it was running fails (a 503),
  // and the pool drops the broken client when it is released.
  pool.on('error', (err) => process.emitWarning(`idle PostgreSQL connection closed: ${err.message}`));
  // Silent: the idle case is warned above, and a checked-out client's statement fails and is answered (and logged).
  // Counted either way (an idle client's error reaches this listener too): the metrics' pool errors.
  pool.on('connect', (client) => {
    client.on('error', () => void pool.errors++);
    withReadTimeout(client, readTimeout);
    timeStatements(client, watch);
  });
  return pool;
}

/**
 * Issue #32: the primary's `pool.query` sends what the replicas take (a tolerant request's plain reads) to one of them,
 * and runs a statement a replica failed again on the primary. Transactions check clients out of the primary itself.
 */
function routeReads(pool: pg.Pool, replicas: Replicas) {
  const direct = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    const target = replicas.route(args);
    if (!target) return direct(...args);
    return (target.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((err: unknown) => {
      replicas.failed(target, err);
      return direct(...args);
    });
  }) as typeof pool.query;
}

export interface DatabaseOptions {
  url?: string;
  pgliteDir: string;
  statementTimeoutMs?: number;
  /** Issue #32: read replicas of `url` (streaming standbys) and how far behind one may be to take reads. */
  replicaUrls?: string[];
  replicaMaxLagMs?: number;
  /**
   * The data directory an embedded database starts from, as `PGlite.dumpDataDir` wrote it (the API tests start each
   * app from one migrated copy instead of creating and migrating a database each time: 1 s instead of 5-6).
   */
  pgliteFrom?: Blob;
}

/** PostgreSQL when a URL is given, else embedded PGlite (on disk, or 'memory://' in tests). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const statements = { count: 0 };
  const logger = { logQuery: () => void statements.count++ };
  if (options.url) {
    const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
    const readTimeout = statementTimeout ? statementTimeout + READ_GRACE_MS : 0;
    const poolOptions = { statementTimeout, readTimeout, watch: () => database.slowStatements };
    const pool = makePool({ url: options.url, ...poolOptions });
    const replicaPools = (options.replicaUrls ?? []).map((url) => makePool({ url, ...poolOptions }));
    const replicas = replicaPools.length ? new Replicas(pool, replicaPools, options.replicaMaxLagMs ?? 2_000) : undefined;
    if (replicas) {
      routeReads(pool, replicas);
      replicas.start();
    }
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'postgres',
      statements,
      // Several processes may start at once (a rolling deploy): one migrates while the others wait on the lock,
      // then find nothing left to do.
      migrate: async () => {
        const lock = await pool.connect();
        // Waiting for another process's migration, or migrating a large table, takes as long as it takes.
        (lock as TimedClient)[READ_TIMEOUT] = 0;
        try {
          await lock.query('set statement_timeout = 0; set idle_in_transaction_session_timeout = 0');
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          // On this connection, without the pool's statement timeout: a migration that builds an index or backfills
          // a column of a large table (migration 0033 on 100,000 artworks) outlasts it, and the pool's connections
          // would cancel it.
          await migratePg(drizzlePg(lock, { schema, casing: 'snake_case', logger }) as never, { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          await lock.query('reset statement_timeout; reset idle_in_transaction_session_timeout').catch(() => undefined);
          (lock as TimedClient)[READ_TIMEOUT] = readTimeout;
          lock.release();
        }
      },
      ping: () => withinPing(pool.query('select 1')),
      notify: async (channel, payload) => void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
      close: async () => {
        replicas?.stop();
        await Promise.all([pool.end(), ...replicaPools.map((p) => p.end())]);
      },
      replicas,
      pool: () => ({ max: pool.options.max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, errors: pool.errors }),
    };
    return database;
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  // Loaded only here (issue #14): the embedded database's WebAssembly costs a server on PostgreSQL ~40 MB of memory.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm }, ...(options.pgliteFrom && { loadDataDir: options.pgliteFrom }) });
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    statements,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: () => withinPing(client.query('select 1')),
    notify: async (channel, payload) => void (await client.query('select pg_notify($1, $2)', [channel, payload])),
    close: () => client.close(),
  };
}

/** `select 1` answered within PING_TIMEOUT_MS, or a failure (the statement itself is ended by its read timeout). */
async function withinPing(query: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('database did not answer in time'), { code: 'ETIMEDOUT' })), PING_TIMEOUT_MS);
  });
  query.catch(() => undefined);
  try {
    await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

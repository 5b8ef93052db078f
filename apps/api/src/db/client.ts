import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then(releasedWhenItDies);
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

/** PostgreSQL when a URL is given, else embedded PGlite (on disk, or 'memory://' in tests). */
export async function openDatabase(options: { url?: string; pgliteDir: string }): Promise<Database> {
  const statements = { count: 0 };
  const logger = { logQuery: () => void statements.count++ };
  if (options.url) {
    // A request waits at most 2 s for a connection: with the server down it gets a clean 503, never a hang.
    const pool = new SelfReleasingPool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 2_000 });
    // A connection the server ends (restart, failover, pg_terminate_backend, a dropped test database) must not crash
    // the process (issue #15 outage). Idle, the pool hears it and replaces the connection on the next checkout. Checked
    // out (a transaction, a migration's lock), the pool no longer listens and an 'error' event without a listener
    // would throw: every client gets its own listener for its whole life. The statement it was running fails (a 503),
    // and the pool drops the broken client when it is released.
    pool.on('error', (err) => process.emitWarning(`idle PostgreSQL connection closed: ${err.message}`));
    // Silent: the idle case is warned above, and a checked-out client's statement fails and is answered (and logged).
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      statements,
      // Several processes may start at once (a rolling deploy): one migrates while the others wait on the lock,
      // then find nothing left to do.
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      ping: async () => void (await pool.query('select 1')),
      notify: async (channel, payload) => void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  // Loaded only here (issue #14): the embedded database's WebAssembly costs a server on PostgreSQL ~40 MB of memory.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(options.pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    statements,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    notify: async (channel, payload) => void (await client.query('select pg_notify($1, $2)', [channel, payload])),
    close: () => client.close(),
  };
}

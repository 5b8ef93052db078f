import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SelfReleasingPool } from './client.ts';

/**
 * Issue #15, outage under load: a connection killed between a transaction's checkout and its `begin` must not cost the
 * pool a slot for good. Runs against a real server (`npm run test:pg`): the connection is cut as the pool hands the
 * client over, as a failover or `pg_terminate_backend` under load does.
 */
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pools: pg.Pool[] = [];
const cut: pg.PoolClient[] = [];
afterAll(async () => {
  // The plain pool's leaked clients would keep its end() waiting for ever: give them back here.
  for (const client of cut) {
    try {
      client.release(true);
    } catch {
      // already given back (the server's pool does it itself)
    }
  }
  await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
});

/** A pool of two whose next `kills` checkouts get a client whose connection is cut at once. */
function cutting(make: (config: pg.PoolConfig) => pg.Pool, kills: number) {
  const pool = make({ connectionString: url, max: 2, connectionTimeoutMillis: 1_000 });
  pools.push(pool);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  let left = kills;
  pool.on('acquire', (client) => {
    if (left-- <= 0) return;
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    cut.push(client);
  });
  return { pool, db: drizzle(pool) };
}
const one = (db: ReturnType<typeof drizzle>) => db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows[0]);

describe('a transaction whose connection dies before it begins', () => {
  it('leaks its client from a plain pool (drizzle sends begin outside its try), so the pool ends up full of dead ones', async () => {
    const { db } = cutting((c) => new pg.Pool(c), 2);
    for (let i = 0; i < 2; i++) await expect(one(db)).rejects.toThrow();
    await expect(one(db)).rejects.toThrow(/timeout exceeded when trying to connect/);
  });

  it('gives its slot back from the pool the server uses, which serves again at once', async () => {
    const { pool, db } = cutting((c) => new SelfReleasingPool(c), 5);
    for (let i = 0; i < 5; i++) await expect(one(db)).rejects.toThrow();
    expect(await one(db)).toEqual({ one: 1 });
    expect(pool.totalCount).toBeLessThanOrEqual(2);
    // A release by the client's user after the pool took it back does nothing (no double release).
    const client = await pool.connect();
    client.release();
    client.release();
    expect(await one(db)).toEqual({ one: 1 });
  });
});

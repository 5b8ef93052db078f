import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

/**
 * Migrations run without the pool's statement timeout (issue #30.7: building migration 0033's gram index over 100,000
 * artworks took longer than the 10 s every request's statement gets, and the server would not start). With a timeout
 * of 1 ms, which most of the migrations' statements outlast, the schema is still built whole; the pool keeps its limit.
 */
describe('migrating a database under a statement timeout', () => {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `axoo_migrate_${randomBytes(6).toString('hex')}`;
  let database: Database | undefined;
  const admin = async (statement: string, connectionString = serverUrl) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    const result = await client.query(statement);
    await client.end();
    return result.rows;
  };
  afterAll(async () => {
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('builds every table, and requests still time out', { timeout: 120_000 }, async () => {
    await admin(`create database ${name} template template0 encoding 'UTF8' locale 'C.UTF-8'`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), pgliteDir: 'memory://', statementTimeoutMs: 1 });
    await database.migrate();
    const tables = await admin(`select count(*)::int as n from pg_tables where tablename in ('artworks', 'artwork_search', 'takedowns')`, url.toString());
    expect(tables[0]?.n).toBe(3);
    await expect(database.db.execute(sql`select pg_sleep(0.2)`)).rejects.toThrow();
  });
});

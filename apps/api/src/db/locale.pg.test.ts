import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { checkSearchLocale, LocaleError } from './locale.ts';

/** Issue #30.8: a database created with LC_CTYPE C indexes no Hangul by trigrams, and the server refuses it in one line. */
describe('a database whose ctype is C', () => {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `axoo_ctype_${randomBytes(6).toString('hex')}`;
  let database: Database;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  beforeAll(async () => {
    await admin(`create database ${name} template template0 encoding 'UTF8' lc_ctype 'C' lc_collate 'C'`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), pgliteDir: 'memory://' });
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('is refused with the fix named', async () => {
    const refused = checkSearchLocale(database.db);
    await expect(refused).rejects.toBeInstanceOf(LocaleError);
    await expect(checkSearchLocale(database.db)).rejects.toThrow(/LC_CTYPE \(C\) does not classify Hangul as letters.*--locale=C\.UTF-8/);
  });
});

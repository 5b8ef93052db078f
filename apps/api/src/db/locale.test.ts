import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { checkSearchLocale } from './locale.ts';

/** Issue #30.8: the embedded database (and `npm run test:pg`'s server) classify Hangul as letters. */
describe('the search locale check', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL, pgliteDir: 'memory://' });
    await database.migrate();
  }, 120_000);
  afterAll(() => database.close());

  it('lets a UTF-8 database start', async () => {
    await expect(checkSearchLocale(database.db)).resolves.toBeUndefined();
  });
});

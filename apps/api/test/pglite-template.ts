import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';

/** Where the API tests' forks find the migrated database (set by the global setup below, inherited by each fork). */
export const PGLITE_TEMPLATE_ENV = 'AXOO_TEST_PGLITE_TEMPLATE';

/**
 * The API project's global setup (vitest.config.ts): one embedded database, created and migrated once and dumped to
 * a file, which every test app on PGlite starts from (`buildTestApp`). Creating a PGlite database and running the
 * migrations took 5-6 s per app on CI's machine; loading the dump takes about one.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'axoo-pglite-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const dump = await (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

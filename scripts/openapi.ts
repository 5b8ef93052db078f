// `npm run openapi`: writes docs/openapi.json from the route schemas (the same document /api/docs serves).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

export async function openApiDocument(): Promise<string> {
  const config = loadConfig(
    { LOG_LEVEL: 'silent' },
    { DATA_DIR: mkdtempSync(join(tmpdir(), 'axoo-openapi-')), SECRET_KEY: 'openapi', pgliteDir: 'memory://', PUBLIC_URL: undefined },
  );
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const doc = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  return doc;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(join(import.meta.dirname, '../docs/openapi.json'), await openApiDocument());
  console.log('docs/openapi.json written');
}

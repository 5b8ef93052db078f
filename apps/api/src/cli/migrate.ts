import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedTaxonomy } from '../db/seed.ts';

/**
 * `npm run migrate`: applies the migrations and seeds the lists, then exits (a release step, docs/DEPLOYING.md).
 * Processes that start later find nothing to do; several starting at once wait on one lock.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
const started = performance.now();
await database.migrate();
await seedTaxonomy(database.db);
await database.close();
console.log(`migrated (${database.kind}) in ${Math.round(performance.now() - started)} ms`);

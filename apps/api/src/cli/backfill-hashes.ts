import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { enqueueHashBackfill } from '../features/reposts/backfill.ts';

/**
 * `npm run backfill-hashes`: queues the perceptual-hash pass (issue #31) for artworks with an image and no hashes
 * (uploaded before repost detection), unless one is waiting or running; a running server's job worker does the work.
 * Servers also queue it at start-up.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
const queued = await enqueueHashBackfill(database.db);
await database.close();
console.log(queued ? 'image hash pass queued' : 'nothing to queue: every artwork with an image has hashes, or a pass is under way');

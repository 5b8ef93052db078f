import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { enqueuePaletteBackfill } from '../features/artworks/palette.ts';

/**
 * `npm run backfill-palettes`: queues the palette pass (issue #18) for artworks that have a cover and no palette,
 * unless one is waiting or running; a running server's job worker does the work. Servers also queue it at start-up.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
const queued = await enqueuePaletteBackfill(database.db);
await database.close();
console.log(queued ? 'palette pass queued' : 'nothing to queue: every artwork with a cover has a palette, or a pass is under way');

import { loadConfig } from '../config.ts';
import { BackupError, humanBytes, restoreSite } from './site-backup.ts';

/**
 * `npm run restore -- <folder> [--force]` (issue #32, docs/OPERATIONS.md): checks every checksum of a backup, then
 * restores it into the configured database and media store, which must be empty unless `--force`. Stop the site first.
 */
const args = process.argv.slice(2);
const force = args.includes('--force');
const dir = args.find((a) => !a.startsWith('--'));
if (!dir) {
  console.error('usage: npm run restore -- <backup folder> [--force]');
  process.exit(2);
}
try {
  const s = await restoreSite(loadConfig(), dir, { force });
  console.log(`restored ${dir}: ${s.tables} tables, ${s.rows} rows and ${s.files} media files checked, ${humanBytes(s.bytes)} in ${s.ms} ms`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`restore refused: ${err.message}`);
  process.exitCode = 1;
}

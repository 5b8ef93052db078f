import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, backupSite, humanBytes } from './site-backup.ts';

/**
 * `npm run backup [-- <folder>]` (issue #32, docs/OPERATIONS.md): the database and the media store into a new folder
 * (default `DATA_DIR/backups/<UTC time>`), with a manifest of checksums. On the embedded database, stop the site first.
 */
const config = loadConfig();
const dir = process.argv[2] ?? join(config.DATA_DIR, 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
try {
  const s = await backupSite(config, dir);
  console.log(`backed up to ${dir}: ${s.tables} tables, ${s.rows} rows, ${s.files} media files, ${humanBytes(s.bytes)} in ${s.ms} ms`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`backup failed: ${err.message}`);
  process.exitCode = 1;
}

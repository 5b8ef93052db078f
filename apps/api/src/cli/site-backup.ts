import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import { typeOfExtension } from '../media/images.ts';
import { createStorage } from '../media/storage-plugin.ts';

/**
 * `npm run backup` and `npm run restore` (issue #32, docs/OPERATIONS.md): a logical backup of the database (pg_dump's
 * custom format on a PostgreSQL server; PGlite's own data-directory dump for the embedded database) and a copy of every
 * object of the media store (local folder or S3, through the storage driver), with a manifest of SHA-256 checksums and
 * the row count of every table, taken in the dump's own snapshot. Restore checks every checksum before it touches
 * anything, refuses a database or store that is not empty unless forced, and checks the rows and files it wrote.
 */
const run = promisify(execFile);
export const MANIFEST = 'manifest.json';
/** Renditions are made again from their originals on the first request: not worth a backup's space. */
const DERIVED = '_renditions/';

export interface Manifest {
  format: 'axoo-backup';
  version: 1;
  created: string;
  database: { kind: 'postgres' | 'pglite'; file: string; bytes: number; sha256: string; tables: Record<string, number> };
  media: { key: string; bytes: number; sha256: string }[];
}

export interface Summary {
  ms: number;
  bytes: number;
  rows: number;
  tables: number;
  files: number;
}

/** Refused: the message says why and what to do. */
export class BackupError extends Error {}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function fileSha256(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** A media key as a path under `root`, never outside it (a manifest is input too). */
function mediaPath(root: string, key: string): string {
  const full = resolve(root, key);
  if (!full.startsWith(resolve(root) + sep) || key.startsWith(DERIVED)) throw new BackupError(`bad media key in the manifest: ${key}`);
  return full;
}

/** libpq's environment for a URL: the password stays out of the command line (and so out of `ps`). */
function libpqEnv(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, dbname: u.toString() };
}

const countSql = (tables: string[]) => tables.map((t) => `select '${t}' as name, count(*)::bigint as n from public."${t}"`).join(' union all ');

async function countRows(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, number>> {
  const { rows } = await query(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const tables = rows.map((r) => String(r.tablename)).filter((t) => /^[a-z_][a-z0-9_]*$/.test(t));
  if (!tables.length) return {};
  const counts = await query(countSql(tables));
  return Object.fromEntries(counts.rows.map((r) => [String(r.name), Number(r.n)]));
}

async function openPglite(dir: string, loadDataDir?: Blob) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

async function isEmptyDir(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [])).length === 0;
}

/** Writes a backup of the database and the media store of `config` into `dir` (a new or empty folder). */
export async function backupSite(config: Config, dir: string): Promise<Summary> {
  const started = performance.now();
  if (!(await isEmptyDir(dir))) throw new BackupError(`${dir} is not empty: give a new folder for each backup`);
  await mkdir(join(dir, 'media'), { recursive: true });

  let database: Manifest['database'];
  if (config.DATABASE_URL) {
    // One snapshot for the counts and the dump: what the manifest says is exactly what the dump holds.
    const client = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'axoo-backup' });
    await client.connect();
    try {
      await client.query('begin transaction isolation level repeatable read read only');
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const tables = await countRows((text) => client.query(text));
      const file = 'database.dump';
      const { env, dbname } = libpqEnv(config.DATABASE_URL);
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0].snapshot}`, `--file=${join(dir, file)}`, `--dbname=${dbname}`],
        {
          env,
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      database = { kind: 'postgres', file, tables, ...(await fileSha256(join(dir, file))) };
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  } else {
    // PGlite is one process's: the site must be stopped while its folder is read (it holds the only connection).
    if (!existsSync(config.pgliteDir)) throw new BackupError(`no embedded database at ${config.pgliteDir}`);
    const db = await openPglite(config.pgliteDir);
    try {
      const tables = await countRows((text) => db.query(text) as Promise<{ rows: Record<string, unknown>[] }>);
      const file = 'database.tar.gz';
      await writeFile(join(dir, file), Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
      database = { kind: 'pglite', file, tables, ...(await fileSha256(join(dir, file))) };
    } finally {
      await db.close();
    }
  }

  const storage = await createStorage(config);
  const media: Manifest['media'] = [];
  for await (const { key } of storage.list()) {
    if (key.startsWith(DERIVED)) continue;
    const object = await storage.open(key);
    if (!object) continue; // deleted since it was listed
    const target = mediaPath(join(dir, 'media'), key);
    await mkdir(dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let bytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(object.body, tap, createWriteStream(target));
    media.push({ key, bytes, sha256: hash.digest('hex') });
  }
  media.sort((a, b) => (a.key < b.key ? -1 : 1));

  // Written last: a folder without its manifest is an interrupted backup, and restore refuses it.
  const manifest: Manifest = { format: 'axoo-backup', version: 1, created: new Date().toISOString(), database, media };
  await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const tables = Object.values(database.tables);
  return {
    ms: Math.round(performance.now() - started),
    bytes: database.bytes + media.reduce((n, m) => n + m.bytes, 0),
    rows: tables.reduce((n, c) => n + c, 0),
    tables: tables.length,
    files: media.length,
  };
}

/** Reads and checks a backup folder: its manifest, and the checksum of every file it names. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const text = await readFile(join(dir, MANIFEST), 'utf8').catch(() => null);
  if (text === null) throw new BackupError(`${dir} has no ${MANIFEST}: not a backup, or an interrupted one`);
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== 'axoo-backup' || manifest.version !== 1) throw new BackupError(`${dir}: unknown backup format`);
  const check = async (file: string, expected: { sha256: string; bytes: number }, what: string) => {
    const actual = await fileSha256(file).catch(() => null);
    if (!actual || actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) throw new BackupError(`${what}: checksum mismatch (${file})`);
  };
  await check(join(dir, manifest.database.file), manifest.database, 'database');
  for (const m of manifest.media) await check(mediaPath(join(dir, 'media'), m.key), m, `media ${m.key}`);
  return manifest;
}

/**
 * Restores a backup into the database and media store of `config`. Both must be empty (no table; no object) unless
 * `force`: then the database's schemas are dropped first and objects the backup does not hold are deleted. Every
 * checksum is checked before anything is written; after, every table's rows are counted and every object read back.
 */
export async function restoreSite(config: Config, dir: string, { force = false } = {}): Promise<Summary> {
  const started = performance.now();
  const manifest = await verifyBackup(dir);
  const storage = await createStorage(config);

  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(`this backup is of a ${manifest.database.kind} database; the target is ${kind} (set or unset DATABASE_URL)`);
  }
  const existing: string[] = [];
  for await (const { key } of storage.list()) existing.push(key);
  let client: pg.Client | null = null;
  try {
    let databaseEmpty: boolean;
    if (config.DATABASE_URL) {
      client = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'axoo-restore' });
      await client.connect();
      const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`);
      databaseEmpty = rows[0].n === 0;
    } else databaseEmpty = await isEmptyDir(config.pgliteDir);
    if (!force && (!databaseEmpty || existing.length)) {
      const what = [!databaseEmpty && 'the database is not empty', existing.length && `the media store holds ${existing.length} objects`]
        .filter(Boolean)
        .join(' and ');
      throw new BackupError(`refusing to restore: ${what}. Restore into an empty database and store, or pass --force to replace them.`);
    }

    let tables: Record<string, number>;
    if (client && config.DATABASE_URL) {
      if (!databaseEmpty) await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public');
      const { env, dbname } = libpqEnv(config.DATABASE_URL);
      await run(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, join(dir, manifest.database.file)],
        {
          env,
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const c = client;
      tables = await countRows((text) => c.query(text));
    } else {
      await rm(config.pgliteDir, { recursive: true, force: true });
      await mkdir(config.pgliteDir, { recursive: true });
      const db = await openPglite(config.pgliteDir, new Blob([await readFile(join(dir, manifest.database.file))]));
      try {
        tables = await countRows((text) => db.query(text) as Promise<{ rows: Record<string, unknown>[] }>);
      } finally {
        await db.close();
      }
    }
    for (const [table, n] of Object.entries(manifest.database.tables)) {
      if (tables[table] !== n) throw new BackupError(`restored table ${table} has ${tables[table]} rows, the backup ${n}`);
    }

    const keep = new Set(manifest.media.map((m) => m.key));
    for (const key of existing) if (!keep.has(key)) await storage.delete(key);
    for (const m of manifest.media) {
      const file = mediaPath(join(dir, 'media'), m.key);
      const type = typeOfExtension(m.key);
      // Images are public objects; anything else (export and juror-pack archives) was stored private.
      if (type) await storage.put(m.key, await readFile(file), type);
      else await storage.putPrivateFile(m.key, file, m.key.endsWith('.zip') ? 'application/zip' : 'application/octet-stream');
      const back = await storage.get(m.key);
      if (!back || sha256(back) !== m.sha256) throw new BackupError(`media ${m.key}: the restored object does not match its checksum`);
    }
    const counts = Object.values(tables);
    return {
      ms: Math.round(performance.now() - started),
      bytes: manifest.database.bytes + manifest.media.reduce((n, m) => n + m.bytes, 0),
      rows: counts.reduce((n, c) => n + c, 0),
      tables: counts.length,
      files: manifest.media.length,
    };
  } finally {
    await client?.end();
  }
}

/** Bytes as the operator reads them. */
export const humanBytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`);

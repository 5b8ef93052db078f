import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Manifest } from '../apps/api/src/cli/site-backup.ts';
import { buildPeerApp, buildTestApp } from '../apps/api/test/app.ts';
import { root, sql } from './clusters.ts';
import { type Table, Writer } from './writers.ts';

/**
 * Issue #32 (3): `npm run backup` taken while three app processes' writers write (artworks with their files,
 * collections, applications, messages), then `npm run restore` into an empty database and media store: every foreign
 * key holds, every table has the rows the manifest counted (all the writes finished before the backup began, at
 * least), and every media file an artwork names is there with the checksum of the bytes written.
 */
const run = promisify(execFile);
const d = inject('durability');
const server = `postgres://postgres@127.0.0.1:${d.primary.port}/postgres`;
const restoredName = `axoo_restored_${randomBytes(4).toString('hex')}`;
const restoredUrl = server.replace(/\/postgres$/, `/${restoredName}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const apps: FastifyInstance[] = [];
const folders: string[] = [];

beforeAll(async () => {
  const first = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0 });
  apps.push(first, await buildPeerApp(first), await buildPeerApp(first));
});
afterAll(async () => {
  for (const app of apps.slice(1)) await app.close();
  await apps[0]?.close();
  await sql(server, `drop database if exists ${restoredName} with (force)`);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** `npm run <script> -- args` as an operator runs it, with the site's settings in the environment. */
async function npm(script: string, args: string[], env: Record<string, string>) {
  const started = Date.now();
  const { stdout } = await run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    timeout: 120_000,
  });
  return { stdout: stdout.trim(), ms: Date.now() - started };
}

/** Rows whose foreign key names no row, per constraint (every single- or multi-column key of the public schema). */
async function orphans(url: string): Promise<Record<string, number>> {
  const keys = await sql<{ name: string; child: string; parent: string; cols: string[]; refs: string[] }>(
    url,
    `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
            array(select attname from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by i)::text[] as cols,
            array(select attname from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by i)::text[] as refs
       from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  const out: Record<string, number> = {};
  for (const k of keys) {
    const join = k.cols.map((c, i) => `p."${k.refs[i]}" = o."${c}"`).join(' and ');
    const notNull = k.cols.map((c) => `o."${c}" is not null`).join(' and ');
    const [{ n }] = await sql<{ n: number }>(
      url,
      `select count(*)::int as n from ${k.child} o where ${notNull} and not exists (select 1 from ${k.parent} p where ${join})`,
    );
    out[k.name] = n;
  }
  return out;
}

describe('a backup taken under load restores consistent (issue #32)', () => {
  it('three writers write while npm run backup runs; npm run restore gives keys, counts and files intact', async () => {
    const writers = apps.map((app) => new Writer(app));
    for (const w of writers) await w.setup();
    for (const w of writers) await w.round();
    let stop = false;
    const writing = Promise.all(writers.map((w) => w.until(() => stop)));
    await Promise.race([sleep(500), writing]);
    const done = writers.flatMap((w) => w.writes.slice());
    const config = apps[0].config;
    const dir = join(folders[folders.push(mkdtempSync(join(tmpdir(), 'axoo-dur-backup-'))) - 1], 'b');
    const siteEnv = { SECRET_KEY: config.SECRET_KEY, PUBLIC_URL: 'http://127.0.0.1' };
    const backup = await npm('backup', [dir], { ...siteEnv, DATABASE_URL: config.DATABASE_URL ?? '', DATA_DIR: config.DATA_DIR });
    await Promise.race([sleep(300), writing]);
    stop = true;
    await writing;
    const total = writers.reduce((n, w) => n + w.writes.length, 0);

    await sql(server, `create database ${restoredName}`);
    const restoredDir = folders[folders.push(mkdtempSync(join(tmpdir(), 'axoo-dur-restored-'))) - 1];
    const restore = await npm('restore', [dir], { ...siteEnv, DATABASE_URL: restoredUrl, DATA_DIR: restoredDir });

    // Foreign keys: none dangling.
    const dangling = Object.entries(await orphans(restoredUrl)).filter(([, n]) => n > 0);
    expect(dangling).toEqual([]);
    // Counts: every table as the manifest counted it in the dump's snapshot.
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    for (const [table, n] of Object.entries(manifest.database.tables)) {
      const [row] = await sql<{ n: number }>(restoredUrl, `select count(*)::int as n from public."${table}"`);
      expect(row.n, table).toBe(n);
    }
    // Every write finished before the backup started is there.
    for (const table of ['artworks', 'collections', 'invite_applications', 'conversation_messages'] as Table[]) {
      const ids = done.filter((w) => w.table === table).map((w) => w.id);
      const rows = await sql<{ n: number }>(restoredUrl, `select count(*)::int as n from ${table} where id = any($1::int[])`, [ids]);
      expect(rows[0].n, table).toBe(ids.length);
    }
    // Files: each artwork's cover is in the restored store with the checksum of the bytes its writer wrote.
    const written = Object.assign({}, ...writers.map((w) => w.files)) as Record<string, string>;
    const covers = await sql<{ cover: string }>(restoredUrl, `select cover from artworks where cover like 'artworks/durability/%'`);
    expect(covers.length).toBeGreaterThanOrEqual(done.filter((w) => w.table === 'artworks').length);
    for (const { cover } of covers) {
      const bytes = readFileSync(join(restoredDir, 'media', cover));
      expect(createHash('sha256').update(bytes).digest('hex'), cover).toBe(written[cover]);
    }
    const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
    console.log(
      `backup under load: 3 writers, ${total} writes (${done.length} before the backup began); ${backup.stdout} [${backup.ms} ms with npm]; ` +
        `${restore.stdout} [${restore.ms} ms with npm]; ${rows} rows, ${manifest.media.length} files, ${covers.length} covers checked; ` +
        `0 dangling keys; lost 0`,
    );
  });
});

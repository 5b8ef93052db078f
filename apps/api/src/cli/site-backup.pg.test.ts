import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { buildArtwork, buildPremium, buildUser } from '../../test/factories.ts';
import { makeImage } from '../../test/images.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { backupSite, type Manifest, restoreSite, verifyBackup } from './site-backup.ts';

/**
 * Issue #32, the restore drill on PostgreSQL (`npm run test:pg`): write through the app, back up, wipe (the database is
 * dropped, the media folder is new), restore into an empty database and store, and the API answers the same bytes and
 * every media file its checksum. Figures are printed for the closing note.
 */
const server = process.env.TEST_DATABASE_URL ?? '';
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};
const urlOf = (name: string) => {
  const u = new URL(server);
  u.pathname = `/${name}`;
  return u.toString();
};

describe('npm run backup / npm run restore on PostgreSQL (issue #32)', () => {
  let app: FastifyInstance;
  const backupDir = join(mkdtempSync(join(tmpdir(), 'axoo-backup-')), 'b1');
  const restoredName = `axoo_restore_${randomBytes(5).toString('hex')}`;
  const pages: string[] = [];
  const answers = new Map<string, { status: number; body: Buffer; type: string | undefined }>();
  const keys: string[] = [];
  let restoredConfig: Config;

  const read = async (target: FastifyInstance) => {
    const out = new Map<string, { status: number; body: Buffer; type: string | undefined }>();
    for (const url of pages) {
      const res = await target.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      out.set(url, { status: res.statusCode, body: res.rawPayload, type: res.headers['content-type'] as string | undefined });
    }
    return out;
  };

  beforeAll(async () => {
    app = await buildTestApp({ JOBS_POLL_MS: 0 });
    const author = await buildPremium(app, { username: `drill${randomBytes(3).toString('hex')}` });
    await buildUser(app);
    for (let i = 0; i < 3; i++) {
      const key = `artworks/drill/cover-${i}.png`;
      await app.storage.put(key, await makeImage(40 + i, 30, 'png', ['#112233', '#445566', '#778899'][i]), 'image/png');
      keys.push(key);
      const artwork = await buildArtwork(app, author, { cover: key, croppedCover: key, rawCover: key, tagNames: [`drill-${i}`] });
      pages.push(`/api/v1/artworks/${artwork.id}/`);
    }
    // A private archive (an export) is kept private and restored as one.
    const zip = join(mkdtempSync(join(tmpdir(), 'axoo-zip-')), 'x.zip');
    writeFileSync(zip, randomBytes(2048));
    await app.storage.putPrivateFile('exports/1/drill.zip', zip, 'application/zip');
    pages.push('/api/v1/artworks/', '/api/v1/artworks/?limit=2&offset=1', `/media/${keys[0]}`, `/media/${keys[2]}`);
    for (const [url, answer] of await read(app)) answers.set(url, answer);
    expect([...answers.values()].every((a) => a.status === 200)).toBe(true);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    if (server) await admin(`drop database if exists ${restoredName} with (force)`);
  });

  it('backs up, refuses a non-empty target, restores into an empty one with the same answers and checksums', async () => {
    const backup = await backupSite(app.config, backupDir);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.database.kind).toBe('postgres');
    expect(manifest.database.tables.artworks).toBe(3);
    expect(manifest.media.map((m) => m.key).sort()).toEqual([...keys, 'exports/1/drill.zip'].sort());
    expect(readFileSync(join(backupDir, manifest.database.file)).subarray(0, 5).toString()).toBe('PGDMP');

    // Over the live site: refused, nothing touched.
    await expect(restoreSite(app.config, backupDir)).rejects.toThrow(/refusing to restore: the database is not empty and the media store holds 4 objects/);

    // Wipe: the database and the media folder are gone; an empty database and folder take their place.
    const config = app.config;
    await app.close();
    await admin(`create database ${restoredName}`);
    restoredConfig = { ...config, DATABASE_URL: urlOf(restoredName), mediaDir: join(mkdtempSync(join(tmpdir(), 'axoo-restored-')), 'media') };
    const restored = await restoreSite(restoredConfig, backupDir);
    expect(restored.files).toBe(4);
    expect(restored.rows).toBe(backup.rows);

    const database = await openDatabase({ url: restoredConfig.DATABASE_URL, pgliteDir: restoredConfig.pgliteDir });
    await database.migrate(); // nothing left to do: the migrations' own table came back too
    app = await buildApp({ config: restoredConfig, database, logger: false });
    await app.ready();
    const after = await read(app);
    for (const [url, before] of answers) {
      const now = after.get(url);
      expect(now?.status, url).toBe(before.status);
      expect(now?.type, url).toBe(before.type);
      expect(now?.body.equals(before.body), `${url} byte-identical`).toBe(true);
    }
    console.log(
      `restore drill: backup ${backup.tables} tables, ${backup.rows} rows, ${backup.files} files, ${backup.bytes} bytes in ${backup.ms} ms; ` +
        `restore ${restored.rows} rows and ${restored.files} files checked in ${restored.ms} ms; ${pages.length} answers byte-identical; lost 0`,
    );

    // A second restore over it needs --force, and gives the same state.
    await expect(restoreSite(restoredConfig, backupDir)).rejects.toThrow(/refusing to restore/);
  }, 180_000);

  it('refuses a backup whose files do not match their checksums', async () => {
    const file = join(backupDir, 'media', keys[1]);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(file, bytes);
    await expect(verifyBackup(backupDir)).rejects.toThrow(/checksum mismatch/);
    // Even forced: nothing is written (the restored site still answers as before).
    await expect(restoreSite(restoredConfig, backupDir, { force: true })).rejects.toThrow(/checksum mismatch/);
    expect((await app.inject({ method: 'GET', url: pages[0] })).statusCode).toBe(200);
  });
});

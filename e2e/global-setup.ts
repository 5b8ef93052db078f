import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApi, serverNodeFlags } from '../scripts/build-api.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    databaseURL: string;
    dataDir: string;
    /** The web build the server serves (the security suite renders pages in-process from it too). */
    webDist: string;
  }
}

const root = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

/**
 * Builds the web app into a temporary folder, creates a fresh PostgreSQL database, and starts the
 * server as `npm start` does (migrate, seed, listen). Tests get the URL, the database and DATA_DIR.
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'axoo-e2e-'));
  const dist = process.env.E2E_WEB_DIST ?? join(work, 'web');
  if (!process.env.E2E_WEB_DIST) {
    // The browser app and its server renderer, by the web package's own build script.
    const built = spawnSync('npm', ['run', 'build', '-w', '@axoo/web'], {
      cwd: root,
      // Its file listing is noise here; errors still show.
      stdio: ['ignore', 'ignore', 'inherit'],
      // Vitest sets NODE_ENV=test, which would build React's development bundle: build what users get.
      env: { ...process.env, NODE_ENV: 'production', WEB_OUT_DIR: dist },
    });
    if (built.status !== 0) throw new Error('web build failed');
  }

  const server = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `axoo_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${name}`;

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = join(work, 'data');
  // A server database wants the secret set (issue #13); a fresh one per run, also where the server would keep its own
  // (journeys that sign a link as the server does, e.g. the digest's unsubscribe link, read it there).
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'secret-key'), secret);
  // The server as production runs it: compiled (scripts/build-api.mjs), into a folder of this run's own.
  const bundleDir = join(root, 'apps', 'api', 'dist', `e2e-${process.pid}`);
  const bundle = join(bundleDir, 'server.mjs');
  await buildApi(bundle);
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      // A server database wants the secret set (issue #13); a fresh one per run.
      SECRET_KEY: secret,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      // Subscribers' "closes in 3 days" reminders are looked for every 2 s instead of hourly (issue #19 journey).
      INVITE_REMINDER_MS: '2000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseURL', baseURL);
  project.provide('databaseURL', dbUrl.toString());
  project.provide('dataDir', dataDir);
  project.provide('webDist', dist);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(bundleDir, { recursive: true, force: true });
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { nginxConfig } from '../deploy/nginx-config.mjs';

/**
 * A whole deployment on loopback (issue #13): the machine's PostgreSQL (a fresh database), a Redis started here,
 * N app processes started as `npm start` starts them, and nginx in front with the deployment kit's configuration.
 * S3 and SMTP peers are the caller's (their URLs go in `env`). Used by `npm run test:cluster` and `npm run bench`.
 */
export const root = resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not come up in ${ms} ms`);
    await sleep(100);
  }
}

const exited = (child: ChildProcess) => new Promise<void>((ok) => (child.exitCode !== null || child.signalCode ? ok() : child.once('exit', () => ok())));

export interface AppProcess {
  port: number;
  url: string;
  child: ChildProcess | null;
  log: string;
}

export interface ClusterOptions {
  processes: number;
  /** More environment for every app process (S3, SMTP, job timings …). */
  env?: Record<string, string>;
  /** Without nginx, the first process is the entry point (the single-process baseline of the bench). */
  nginx?: boolean;
}

/** The hashed script of the stand-in web build every process serves (pages and `/assets/` under load). */
export const ASSET = '/assets/app-c1u57e.js';

export class Cluster {
  readonly work = mkdtempSync(join(tmpdir(), 'axoo-cluster-'));
  readonly secret = randomBytes(32).toString('base64url');
  readonly apps: AppProcess[] = [];
  databaseUrl = '';
  redisUrl = '';
  /** The address clients use: nginx, or the only process. */
  url = '';
  private dbName = `axoo_cluster_${randomBytes(5).toString('hex')}`;
  private server = process.env.CLUSTER_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  private redis: ChildProcess | null = null;
  private nginx: ChildProcess | null = null;

  constructor(readonly options: ClusterOptions) {}

  async start() {
    const admin = new pg.Client({ connectionString: this.server });
    await admin.connect();
    await admin.query(`create database ${this.dbName}`);
    await admin.end();
    const u = new URL(this.server);
    u.pathname = `/${this.dbName}`;
    this.databaseUrl = u.toString();

    const redisPort = await freePort();
    this.redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.redisUrl = `redis://127.0.0.1:${redisPort}`;
    await waitFor('redis', async () => (await this.tcp(redisPort)) === true);

    const entry = await freePort();
    this.url = this.options.nginx === false ? '' : `http://127.0.0.1:${entry}`;
    for (let i = 0; i < this.options.processes; i++) {
      const port = await freePort();
      this.apps.push({ port, url: `http://127.0.0.1:${port}`, child: null, log: '' });
    }
    // A stand-in for the web build (building the real one is the e2e suite's): a page template and one hashed asset.
    const web = join(this.work, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>AXOO</title><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(join(web, ASSET.slice(1)), `/* stand-in */\n${'console.log("axoo");\n'.repeat(2000)}`);
    // The first process migrates; the others start beside it and wait on the migration lock.
    await Promise.all(this.apps.map((_, i) => this.startApp(i)));

    if (this.options.nginx === false) {
      this.url = this.apps[0].url;
      return;
    }
    const port = entry;
    const dir = join(this.work, 'nginx');
    mkdirSync(join(dir, 'cache'), { recursive: true });
    // nginx's workers drop root for an unprivileged user: they need to reach and write their temp and cache folders.
    chmodSync(this.work, 0o755);
    chmodSync(dir, 0o777);
    chmodSync(join(dir, 'cache'), 0o777);
    this.nginxAt = { dir, port };
    const conf = this.writeNginxConfig([]);
    this.nginx = spawn('nginx', ['-c', conf, '-p', dir, '-e', join(dir, 'error.log')], { stdio: 'ignore' });
    await waitFor('nginx', async () => (await fetch(`${this.url}/healthz`)).ok);
  }

  /** nginx's folder and the port it listens on (set by `start`). */
  private nginxAt = { dir: '', port: 0 };

  /** Writes nginx's whole configuration, the processes `down` marked so; answers the file's path. */
  private writeNginxConfig(down: number[]): string {
    const { dir, port } = this.nginxAt;
    const conf = join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      nginxConfig({
        upstreams: this.apps.map((a) => `127.0.0.1:${a.port}`),
        down: down.map((i) => `127.0.0.1:${this.apps[i].port}`),
        listen: `127.0.0.1:${port}`,
        cacheDir: join(dir, 'cache'),
        standalone: { pid: join(dir, 'nginx.pid'), errorLog: join(dir, 'error.log'), tempDir: dir },
      }),
    );
    return conf;
  }

  /**
   * Marks processes nginx sends nothing new to (`down`; none: all of them take requests again) and reloads nginx, as
   * docs/DEPLOYING.md's rolling restart does; settles once the workers of the old configuration have gone.
   */
  async route(down: number[]) {
    const master = this.nginx?.pid;
    if (!master) throw new Error('no nginx');
    const workers = () =>
      (spawnSync('pgrep', ['-a', '-P', String(master)], { encoding: 'utf8' }).stdout ?? '').split('\n').filter((l) => l.includes('worker process'));
    const before = new Set(workers().map((l) => l.split(' ')[0]));
    this.writeNginxConfig(down);
    this.nginx?.kill('SIGHUP');
    await waitFor(
      'nginx reload',
      async () => {
        const now = workers();
        return now.length > 0 && now.every((l) => !before.has(l.split(' ')[0]) && !l.includes('shutting down'));
      },
      30_000,
    );
  }

  private tcp(port: number) {
    return new Promise<boolean>((ok) => {
      const s = new Socket();
      s.once('connect', () => {
        s.destroy();
        ok(true);
      });
      s.once('error', () => ok(false));
      s.connect(port, '127.0.0.1');
    });
  }

  /** Starts process `i` (again) and waits until it answers /readyz. */
  async startApp(i: number) {
    const app = this.apps[i];
    app.log = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(app.port),
        HOST: '127.0.0.1',
        DATA_DIR: join(this.work, `data-${i}`),
        DATABASE_URL: this.databaseUrl,
        REDIS_URL: this.redisUrl,
        SECRET_KEY: this.secret,
        TRUST_PROXY: '1',
        PUBLIC_URL: this.url || 'http://127.0.0.1',
        WEB_DIST: join(this.work, 'web'),
        LOG_LEVEL: 'warn',
        // As the deployment kit runs it (deploy/axoo.env.example): a stopping process drains past nginx's idle timeout.
        SHUTDOWN_DRAIN_MS: '5000',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (app.log += d));
    child.stderr?.on('data', (d) => (app.log += d));
    app.child = child;
    // A loaded machine (the suite shares it) may take minutes to compile and start three processes at once.
    await waitFor(
      `app ${i}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`app ${i} exited:\n${app.log}`);
        return (await fetch(`${app.url}/readyz`)).ok;
      },
      300_000,
    );
  }

  /** kill -9: no goodbye, in-flight requests and running jobs are cut. */
  async kill(i: number) {
    const child = this.apps[i].child;
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
    this.apps[i].child = null;
  }

  /** SIGTERM and wait for the exit (a graceful stop, as systemd does it). */
  async stop(i: number) {
    await this.stopping(i)?.exit;
  }

  /** SIGTERM; `exit` settles when the process has gone (a graceful stop drains first: SHUTDOWN_DRAIN_MS). */
  stopping(i: number) {
    const child = this.apps[i].child;
    if (!child) return null;
    child.kill('SIGTERM');
    return {
      exit: exited(child).then(() => {
        this.apps[i].child = null;
      }),
    };
  }

  async query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    const c = new pg.Client({ connectionString: this.databaseUrl });
    await c.connect();
    try {
      return (await c.query(text, values)).rows as T[];
    } finally {
      await c.end();
    }
  }

  async close() {
    await Promise.all(this.apps.map((_, i) => this.stop(i)));
    if (this.nginx) {
      this.nginx.kill('SIGQUIT');
      await exited(this.nginx);
    }
    if (this.redis) {
      this.redis.kill('SIGTERM');
      await exited(this.redis);
    }
    const admin = new pg.Client({ connectionString: this.server });
    await admin.connect();
    await admin.query(`drop database if exists ${this.dbName} with (force)`);
    await admin.end();
    rmSync(this.work, { recursive: true, force: true });
  }
}

import { execFile } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * PostgreSQL clusters of the durability suite's own (issue #32), made with Debian's `pg_createcluster` on free loopback
 * ports under one work folder, owned by the `postgres` user, and dropped with `pg_dropcluster` at the end (also when a
 * test failed). pgBackRest runs with the deployment kit's configuration (deploy/pgbackrest/) pointed at the work folder.
 */
const run = promisify(execFile);
export const root = resolve(import.meta.dirname, '..');
export const VERSION = '15';
export const STANZA = 'axoo';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A command as the `postgres` user (the suite runs as root, as CI does; clusters and the repository are postgres's). */
export function asPostgres(command: string, args: string[], options: { timeout?: number } = {}) {
  const asRoot = userInfo().uid === 0;
  return run(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    timeout: options.timeout ?? 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

export interface PgCluster {
  name: string;
  port: number;
  data: string;
  url: (database?: string) => string;
}

export async function isReady(port: number): Promise<boolean> {
  return run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)]).then(
    () => true,
    () => false,
  );
}

/** Loopback only, trust for the suite's own connections and for replication (pg_basebackup, a standby). */
const HBA = ['local all all trust', 'local replication all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust', ''].join('\n');

/** The settings every cluster of the suite starts with: small, loopback, ready for a standby and WAL archiving. */
const BASE_SETTINGS = [
  "listen_addresses = '127.0.0.1'",
  'shared_buffers = 32MB',
  'max_connections = 60',
  'wal_level = replica',
  'max_wal_senders = 10',
  'hot_standby = on',
  'hot_standby_feedback = on',
  'wal_receiver_status_interval = 1s',
  'log_min_messages = warning',
];

export class Clusters {
  readonly made: PgCluster[] = [];

  constructor(readonly work: string) {
    mkdirSync(work, { recursive: true });
    chmodSync(work, 0o755);
  }

  /** A new cluster (not started); `settings` go into its conf.d. */
  async create(name: string, port: number, settings: string[] = []): Promise<PgCluster> {
    const data = join(this.work, name);
    const cluster: PgCluster = {
      name,
      port,
      data,
      url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    };
    this.made.push(cluster);
    await run('pg_createcluster', [VERSION, name, '-p', String(port), '-d', data, '--start-conf=manual'], { timeout: 120_000 });
    const etc = `/etc/postgresql/${VERSION}/${name}`;
    writeFileSync(join(etc, 'pg_hba.conf'), HBA);
    writeFileSync(join(etc, 'conf.d', 'axoo-durability.conf'), `${[...BASE_SETTINGS, ...settings].join('\n')}\n`);
    return cluster;
  }

  /** More settings for a cluster's conf.d (before it starts, or restart it). */
  reconfigure(cluster: PgCluster, settings: string[]) {
    appendFileSync(join(`/etc/postgresql/${VERSION}/${cluster.name}`, 'conf.d', 'axoo-durability.conf'), `${settings.join('\n')}\n`);
  }

  async start(cluster: PgCluster) {
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', VERSION, cluster.name, 'start'], { timeout: 120_000 });
    const deadline = Date.now() + 60_000;
    while (!(await isReady(cluster.port))) {
      if (Date.now() > deadline) throw new Error(`cluster ${cluster.name} did not start:\n${this.log(cluster)}`);
      await sleep(100);
    }
  }

  async stop(cluster: PgCluster, mode: 'fast' | 'immediate' = 'fast') {
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', VERSION, cluster.name, 'stop', '-m', mode], { timeout: 120_000 }).catch(() => undefined);
  }

  log(cluster: PgCluster): string {
    try {
      return readFileSync(`/var/log/postgresql/postgresql-${VERSION}-${cluster.name}.log`, 'utf8').slice(-4000);
    } catch {
      return '';
    }
  }

  /** A streaming standby of `primary` made with pg_basebackup (`-R` writes its primary_conninfo and standby.signal). */
  async standby(primary: PgCluster, name: string, port: number): Promise<PgCluster> {
    const cluster = await this.create(name, port);
    rmSync(cluster.data, { recursive: true, force: true });
    mkdirSync(cluster.data, { mode: 0o700 });
    const { uid, gid } = postgresIds();
    chownSync(cluster.data, uid, gid);
    await asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      cluster.data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    await this.start(cluster);
    return cluster;
  }

  /** Stops and drops every cluster made here, then the work folder. Never throws (it runs after failures too). */
  async dropAll() {
    for (const cluster of this.made.reverse()) {
      await run('pg_dropcluster', ['--stop', VERSION, cluster.name], { timeout: 120_000 }).catch(() => undefined);
      // pg_dropcluster leaves what it did not write (the suite's conf.d file) and the server's log.
      rmSync(`/etc/postgresql/${VERSION}/${cluster.name}`, { recursive: true, force: true });
      rmSync(`/var/log/postgresql/postgresql-${VERSION}-${cluster.name}.log`, { force: true });
    }
    this.made.length = 0;
    rmSync(this.work, { recursive: true, force: true });
  }
}

export function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user: install Debian postgresql');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A folder the postgres user owns (a pgBackRest repository, its logs and locks). */
export function postgresFolder(path: string): string {
  mkdirSync(path, { recursive: true, mode: 0o750 });
  const { uid, gid } = postgresIds();
  chownSync(path, uid, gid);
  return path;
}

/** One statement on a URL with a client of its own. */
export async function sql<T extends Record<string, unknown> = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

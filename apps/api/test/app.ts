import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedTaxonomy } from '../src/db/seed.ts';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestApp extends FastifyInstance {}

let migrated: Blob | undefined;
/**
 * The migrated empty database the API project's global setup dumped (`test/pglite-template.ts`), read once per test
 * file; none outside that project (each app then creates and migrates its own).
 */
function migratedPglite(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  migrated ??= new Blob([readFileSync(file)]);
  return migrated;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or (when TEST_DATABASE_URL is set, `npm run test:pg`)
 * a new database on that PostgreSQL server, dropped at close.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    logger?: Parameters<typeof buildApp>[0]['logger'];
    /**
     * An embedded database created and migrated here, as a server makes its own, not loaded from the migrated copy:
     * for a test that measures the process's memory from a baseline (the decode budget's).
     */
    ownDatabase?: boolean;
  } = {},
): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'axoo-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `axoo_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig(
    // Settings that the environment spells as text go through its parser too; the rest apply as given.
    { LOG_LEVEL: 'silent', ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => typeof v === 'string')) },
    { DATA_DIR: dataDir, SECRET_KEY: 'test-secret-key-test-secret-key-0123456789', pgliteDir: 'memory://', DATABASE_URL: url, ...overrides },
  );
  const database: Database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    pgliteFrom: config.DATABASE_URL || options.ownDatabase ? undefined : migratedPglite(),
  });
  await database.migrate();
  await seedTaxonomy(database.db);
  if (dropDatabase) {
    // Dropped once the app's pool has ended (the jobs it waits for on close still use it), never before.
    const close = database.close.bind(database);
    const drop = dropDatabase;
    database.close = async () => {
      await close();
      await drop();
    };
  }
  const app = await buildApp({ config, database, logger: options.logger ?? false });
  await app.ready();
  return app;
}

/**
 * Another process on the same database as `first` (a server database only): same settings, its own caches,
 * worker and change channel; the database is left to `first` to drop.
 */
export async function buildPeerApp(first: FastifyInstance, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  if (!first.config.DATABASE_URL) throw new Error('a peer process needs a PostgreSQL server database');
  const config = { ...first.config, ...overrides };
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/**
 * A browser-like client over app.inject: keeps cookies, sends the CSRF header on unsafe methods
 * (SPEC §7) and an Accept-Language.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    public lang: 'ko' | 'en' = 'en',
  ) {}

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    if (!this.cookies.has('csrftoken') && method !== 'GET') await this.request({ method: 'GET', url: '/healthz' });
    const headers: Record<string, string> = { 'accept-language': this.lang, ...(options.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && method !== 'HEAD' && options.csrf !== false) headers['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
    const res = await this.app.inject({ ...options, method: method as InjectOptions['method'], headers });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  patch(url: string, payload?: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

/** An agent whose every request comes from `address` (X-Forwarded-For, for an app built with TRUST_PROXY): per-IP limits of one client do not touch another. */
export function agentAt(app: FastifyInstance, address: string, lang: 'ko' | 'en' = 'en'): Agent {
  const agent = new Agent(app, lang);
  const request = agent.request.bind(agent);
  agent.request = (o) => request({ ...o, headers: { 'x-forwarded-for': address, ...(o.headers as Record<string, string>) } });
  return agent;
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadServerConfig } from './config.ts';

/** Issue #13: on a server database every process must share one SECRET_KEY, so the server refuses to start without it. */
const dataDir = () => mkdtempSync(join(tmpdir(), 'axoo-config-'));
const DATABASE_URL = 'postgres://axoo@127.0.0.1:1/axoo';
const PUBLIC_URL = 'https://www.example.org';

describe('the server’s settings', () => {
  it('refuses a server database without SECRET_KEY, saying what to set', () => {
    expect(() => loadServerConfig({ DATABASE_URL, DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadServerConfig({ DATABASE_URL, SECRET_KEY: '  ', DATA_DIR: dataDir() })).toThrow(/SECRET_KEY must be set when DATABASE_URL is/);
  });

  it('starts with SECRET_KEY on a server database, and without it on the built-in database (a generated one)', () => {
    expect(loadServerConfig({ DATABASE_URL, SECRET_KEY: 'a-long-shared-secret-of-this-site', PUBLIC_URL, DATA_DIR: dataDir() }).SECRET_KEY).toBe(
      'a-long-shared-secret-of-this-site',
    );
    expect(loadServerConfig({ DATA_DIR: dataDir() }).SECRET_KEY.length).toBeGreaterThanOrEqual(32);
  });

  /** Issue #36: a mailed link is built from PUBLIC_URL, never from a request's Host header, so a server database needs it. */
  it('refuses a server database without PUBLIC_URL, saying what to set', () => {
    const secret = 'a-long-shared-secret-of-this-site';
    expect(() => loadServerConfig({ DATABASE_URL, SECRET_KEY: secret, DATA_DIR: dataDir() })).toThrow(/PUBLIC_URL must be set when DATABASE_URL is/);
    expect(() => loadServerConfig({ DATABASE_URL, SECRET_KEY: secret, PUBLIC_URL: ' ', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(loadServerConfig({ DATA_DIR: dataDir() }).PUBLIC_URL).toBeUndefined();
  });

  it('reads the replicas as a list, refuses what is no PostgreSQL URL and replicas without a primary (issue #32)', () => {
    const server = { DATABASE_URL, SECRET_KEY: 'a-long-shared-secret-of-this-site', PUBLIC_URL, DATA_DIR: dataDir() };
    const config = loadServerConfig({ ...server, DATABASE_REPLICA_URLS: ' postgres://r1:5432/axoo, postgresql://r2/axoo ,' });
    expect(config.DATABASE_REPLICA_URLS).toEqual(['postgres://r1:5432/axoo', 'postgresql://r2/axoo']);
    expect(config.REPLICA_MAX_LAG_MS).toBe(2_000);
    expect(loadServerConfig(server).DATABASE_REPLICA_URLS).toEqual([]);
    expect(loadServerConfig({ ...server, REPLICA_MAX_LAG_MS: '500' }).REPLICA_MAX_LAG_MS).toBe(500);
    expect(() => loadServerConfig({ ...server, DATABASE_REPLICA_URLS: 'r1:5432' })).toThrow(/DATABASE_REPLICA_URLS: postgres:\/\/ URLs/);
    expect(() => loadServerConfig({ DATA_DIR: dataDir(), DATABASE_REPLICA_URLS: 'postgres://r1/axoo' })).toThrow(/DATABASE_REPLICA_URLS needs DATABASE_URL/);
  });

  it('names the setting that does not parse', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone', DATA_DIR: dataDir() })).toThrow(/^TRUST_PROXY: /);
  });

  it('the server process exits with the message and no stack trace', () => {
    const root = resolve(import.meta.dirname, '../../..');
    const { SECRET_KEY: _unset, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...env, DATABASE_URL, DATA_DIR: dataDir(), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('axoo: not starting. SECRET_KEY must be set when DATABASE_URL is');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

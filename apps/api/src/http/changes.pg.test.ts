import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPeerApp, buildTestApp } from '../../test/app.ts';
import { LOST, WRITE } from './changes.ts';

/** Issue #13: a write answered by one process clears the caches of every process; two apps on one PostgreSQL database stand for two processes. */
const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
describe('change channel across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildTestApp({ JOBS_POLL_MS: 0 });
    // The second process opens the same database.
    b = await buildPeerApp(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const heardBy = (app: FastifyInstance, topic: string) =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const off = app.changes.subscribe((t) => {
        if (t !== topic) return;
        off();
        resolve(performance.now() - started);
      });
    });

  it('delivers a write answered by A to B within 100 ms, and not back to A twice', async () => {
    expect(a.changes.channel).toBe('listening');
    expect(b.changes.channel).toBe('listening');
    let heardByA = 0;
    const offA = a.changes.subscribe((t) => void (t === WRITE && heardByA++));
    const onB = heardBy(b, WRITE);
    const res = await a.inject({ method: 'POST', url: '/api/v1/users/password_reset/', payload: { email: 'nobody@example.com' } });
    expect(res.statusCode).toBeLessThan(500);
    expect(await onB).toBeLessThan(100);
    await new Promise((r) => setTimeout(r, 100));
    offA();
    expect(heardByA).toBe(1);
  });

  it('drops the caches when the channel is lost and listens again', async () => {
    const lost = heardBy(b, LOST);
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    // The channel connections of the test apps' database (both processes lose theirs).
    const db = new URL(a.config.DATABASE_URL ?? '').pathname.slice(1);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'axoo-changes' and datname = $1`, [db]);
    await admin.end();
    await lost;
    await expect.poll(() => b.changes.channel, { timeout: 5_000 }).toBe('listening');
    const onB = heardBy(b, 'after');
    a.changes.publish('after');
    expect(await onB).toBeLessThan(100);
  });
});

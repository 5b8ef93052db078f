import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { buildUser, createSession } from '../../test/factories.ts';

/** Issue #32: SLOW_QUERY_MS logs each statement over it with the route and request that ran it (PostgreSQL server). */
describe('slow statements are logged with their route (issue #32)', () => {
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });

  beforeAll(async () => {
    // A threshold every statement passes: which route ran which statement is what is checked.
    app = await buildTestApp({ SLOW_QUERY_MS: 0.0001, JOBS_POLL_MS: 0 }, { logger: { level: 'warn', stream } });
  }, 120_000);
  afterAll(() => app.close());

  it('names the route template and the request id, and never the values', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    let slow = lines.filter((l) => l.msg === 'slow statement');
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.every((l) => l.route === '/readyz' && l.method === 'GET' && typeof l.reqId === 'string')).toBe(true);
    expect(new Set(slow.map((l) => l.reqId)).size).toBe(1);
    expect(slow.every((l) => typeof l.statement === 'string' && typeof l.ms === 'number')).toBe(true);

    // A session's lookup: the statement is logged, its value (the token's hash) is not.
    const token = await createSession(app, await buildUser(app));
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/v1/notifications/unread/', headers: { cookie: `sessionid=${token}` } });
    slow = lines.filter((l) => l.msg === 'slow statement');
    expect(slow.some((l) => String(l.statement).includes('"sessions"') && l.route === '/api/v1/notifications/unread/')).toBe(true);
    const { createHash } = await import('node:crypto');
    const logged = JSON.stringify(slow);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('logs a statement no request ran as background work', async () => {
    lines.length = 0;
    await app.jobs.runSchedules();
    const slow = lines.filter((l) => l.msg === 'slow statement');
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.every((l) => l.route === null && l.reqId === undefined)).toBe(true);
  });
});

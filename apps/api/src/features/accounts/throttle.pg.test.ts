import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { LIMITS } from './throttle.ts';

/**
 * Issue #13: with REDIS_URL, the limits hold across processes (two apps sharing one Redis stand for two processes
 * behind a load balancer). Runs in the server-backed suite (`npm run test:pg`), where Redis is an outside service.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the login limit across two processes sharing Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: `axoo-test:${randomBytes(4).toString('hex')}:`, JOBS_POLL_MS: 0 };
    a = await buildTestApp(shared);
    b = await buildTestApp(shared);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it(`answers 429 after ${LIMITS.loginPerIp.max} failures from one IP, wherever they were counted`, async () => {
    const user = await buildUser(b);
    const login = (app: FastifyInstance, email: string, password: string) => new Agent(app, 'en').post('/accounts/login/', { email, password });
    // Failures alternate between the two processes, as a load balancer would spread them.
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) {
      expect((await login(i % 2 ? a : b, `spray${i}@example.com`, 'Wrong12345')).statusCode).toBe(400);
    }
    const blocked = await login(b, user.email, 'Whatever123');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(a.counters.kind).toBe('redis');
  });

  it('lets no more failures through than the limit when both processes get them at the same moment', async () => {
    const user = await buildUser(a);
    // From another address than the first test's, whose per-IP allowance is spent.
    const login = (app: FastifyInstance) => {
      const agent = new Agent(app, 'en');
      const request = agent.request.bind(agent);
      agent.request = (o) => request({ ...o, remoteAddress: '10.9.8.7' });
      return agent.post('/accounts/login/', { email: user.email, password: 'Wrong12345' });
    };
    const tries = LIMITS.loginPerAccount.max + 6;
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => login(i % 2 ? a : b)));
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(LIMITS.loginPerAccount.max);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(tries - LIMITS.loginPerAccount.max);
  });

  it('holds a route limit (@fastify/rate-limit) across both processes too', async () => {
    const reset = (app: FastifyInstance) => new Agent(app, 'en').post('/api/v1/users/reset/', { uidb64: 'MQ', token: 'x-y', password: 'Aa345678' });
    for (let i = 0; i < 30; i++) expect((await reset(i % 2 ? a : b)).statusCode).toBe(400);
    const blocked = await reset(a);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

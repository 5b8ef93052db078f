import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { LIMITS } from '../features/accounts/throttle.ts';
import { type CounterStore, memoryCounters, redisCounters } from './counters.ts';

/**
 * Issue #13: the event counters behind the login, reset and password-change limits. In memory they are the
 * process's own; in Redis (the server-backed run, `npm run test:pg`, where Redis is one of the outside
 * services) they are shared, so two processes enforce one limit.
 */
function behavesAsCounter(make: () => CounterStore) {
  it('counts hits in a window that starts with the first hit', async () => {
    const store = make();
    const key = randomBytes(4).toString('hex');
    expect(await store.peek(key)).toBeNull();
    expect((await store.hit(key, 60_000)).count).toBe(1);
    const second = await store.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(55_000);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await store.peek(key))?.count).toBe(2);
    await store.clear(key);
    expect(await store.peek(key)).toBeNull();
  });

  it('counts twenty concurrent hits as twenty', async () => {
    const store = make();
    const key = randomBytes(4).toString('hex');
    const results = await Promise.all(Array.from({ length: 20 }, () => store.hit(key, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
}

describe('memory counters', () => {
  behavesAsCounter(() => memoryCounters());

  it('starts a new window once the old one has passed', async () => {
    let now = 1_000;
    const store = memoryCounters(() => now);
    await store.hit('k', 1_000);
    await store.hit('k', 1_000);
    now = 2_001;
    expect(await store.peek('k')).toBeNull();
    expect((await store.hit('k', 1_000)).count).toBe(1);
  });
});

const redisUrl = process.env.TEST_DATABASE_URL ? (process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;

if (redisUrl) {
  describe('Redis counters', () => {
    let redis: Redis;
    beforeAll(() => {
      redis = new Redis(redisUrl);
    });
    afterAll(() => redis.quit());
    behavesAsCounter(() => redisCounters(redis, `axoo-test:${randomBytes(4).toString('hex')}:`));
  });

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

    it('holds a route limit (@fastify/rate-limit) across both processes too', async () => {
      const reset = (app: FastifyInstance) => new Agent(app, 'en').post('/api/v1/users/reset/', { uidb64: 'MQ', token: 'x-y', password: 'Aa345678' });
      for (let i = 0; i < 30; i++) expect((await reset(i % 2 ? a : b)).statusCode).toBe(400);
      const blocked = await reset(a);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    });
  });
}

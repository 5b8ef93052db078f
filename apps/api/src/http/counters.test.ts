import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('takes a hit back while the window lives, and never below zero or into a window that has ended', async () => {
    const store = make();
    const key = randomBytes(4).toString('hex');
    await store.hit(key, 60_000);
    await store.hit(key, 60_000);
    await store.unhit(key);
    expect((await store.peek(key))?.count).toBe(1);
    await store.unhit(key);
    await store.unhit(key);
    expect((await store.peek(key))?.count ?? 0).toBe(0);
    // No window: nothing to take back, and the next hit starts a fresh window at 1.
    const other = randomBytes(4).toString('hex');
    await store.unhit(other);
    expect(await store.peek(other)).toBeNull();
    expect((await store.hit(other, 60_000)).count).toBe(1);
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
}

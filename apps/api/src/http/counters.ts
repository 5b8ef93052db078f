import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** A counting window: how many hits so far, and in how many milliseconds it starts again from zero. */
export interface Window {
  count: number;
  resetInMs: number;
}

/**
 * Counters with a time window, for the limits that count events rather than requests (issue #13): in the
 * process by default, in Redis when REDIS_URL is set so every process behind a load balancer shares them.
 */
export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Adds one hit (atomically) and answers the count with it: callers compare that count with their limit, so
   * concurrent requests on any number of processes each see a different count and no more than the limit pass.
   * The window starts with the first hit and lasts `windowMs`.
   */
  hit(key: string, windowMs: number): Promise<Window>;
  /** Takes one hit back (an attempt that turned out not to count); nothing when the window has ended. */
  unhit(key: string): Promise<void>;
  /** The window as it stands, or null when there is none. */
  peek(key: string): Promise<Window | null>;
  clear(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    counters: CounterStore;
    /** The shared Redis client when REDIS_URL is set (rate limits use it too). */
    redis: Redis | null;
  }
}

const PRUNE_AT = 50_000;

export function memoryCounters(clock: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const prune = (now: number) => {
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  };
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const now = clock();
      if (windows.size >= PRUNE_AT) prune(now);
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { count: w.count, resetInMs: w.resetAt - now };
    },
    async unhit(key) {
      const w = windows.get(key);
      if (w && w.resetAt > clock() && w.count > 0) w.count--;
    },
    async peek(key) {
      const w = windows.get(key);
      const now = clock();
      return w && w.resetAt > now ? { count: w.count, resetInMs: w.resetAt - now } : null;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/** INCR with the expiry set by the first hit, in one round trip and atomically (a Lua script runs alone). */
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

/** DECR only while the window lives: a DECR after its expiry would leave a negative count without one. */
const UNHIT = `if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1])) > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisCounters(redis: Redis, prefix = 'axoo:count:'): CounterStore {
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async unhit(key) {
      await redis.eval(UNHIT, 1, prefix + key);
    },
    async peek(key) {
      const [[, count], [, ttl]] = (await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()) as [[null, string | null], [null, number]];
      return count === null || ttl <= 0 ? null : { count: Number(count), resetInMs: ttl };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Named plugin `counters`: the counter store, and the Redis client when REDIS_URL is set. A Redis that is down
 * makes a call fail fast (no offline queue), and the callers fail open: a limit is not worth an outage.
 */
export const countersPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.REDIS_URL;
    const redis = url ? new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, connectTimeout: 2_000 }) : null;
    if (redis) {
      redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
      await redis.connect().catch((err) => app.log.warn({ err }, 'redis is not reachable yet; limits fail open until it is'));
      app.addHook('onClose', async () => void redis.disconnect());
    }
    app.decorate('redis', redis);
    app.decorate('counters', redis ? redisCounters(redis, `${app.config.REDIS_PREFIX}count:`) : memoryCounters());
  },
  { name: 'counters', dependencies: ['db'] },
);

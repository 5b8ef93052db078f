import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from '../../http/counters.ts';

/**
 * Counting windows for the account rate limits (issue #3): failed logins per IP and per account,
 * reset requests per address and per IP, wrong old passwords per user. Unlike a plain request
 * limit, only the events that matter are counted (a successful login costs nothing). The counters
 * live in the app's counter store: the process's memory, or Redis shared by every process (issue #13),
 * so the limit behind a load balancer is the same figure as on one process.
 */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** The figures; the closing note of issue #3 quotes them. */
export const LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  /** A browser that logged in to the account before (http/devices.ts), counted per account and address (issue #36). */
  loginPerKnownDevice: { max: 10, windowSeconds: 15 * 60 },
  /** Sign-ups and "e-mail taken" answers per client address (issue #36): listing accounts as slow as guessing passwords. */
  signupPerIp: { max: 10, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 3, windowSeconds: 60 * 60 },
  resetPerIp: { max: 10, windowSeconds: 60 * 60 },
  passwordChangePerUser: { max: 10, windowSeconds: 15 * 60 },
  /** Issue #33.7: confirmation mails an account asks for again. */
  confirmMailPerUser: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export class Throttle {
  constructor(
    private readonly name: string,
    private readonly limit: Limit,
    private readonly store: CounterStore,
    private readonly log: FastifyBaseLogger,
    private readonly enabled = true,
  ) {}

  /**
   * Counts an attempt first, then compares (issue #13): answers 0 when it may go ahead, or the seconds until the
   * key may try again. Concurrent attempts, on one process or many, each get their own count, so no more than
   * `max` go ahead in a window. An attempt that ends up not counting (a success, or one refused here) is given
   * back with `giveBack`. An unreachable store lets the attempt go ahead.
   */
  async take(key: string): Promise<number> {
    if (!this.enabled) return 0;
    const w = await this.store.hit(this.keyOf(key), this.limit.windowSeconds * 1000).catch((err) => this.failOpen(err));
    if (!w || w.count <= this.limit.max) return 0;
    return Math.max(1, Math.ceil(w.resetInMs / 1000));
  }

  /** Takes back one attempt counted by `take`. */
  async giveBack(key: string): Promise<void> {
    if (this.enabled) await this.store.unhit(this.keyOf(key)).catch((err) => this.failOpen(err));
  }

  async clear(key: string): Promise<void> {
    await this.store.clear(this.keyOf(key)).catch((err) => this.failOpen(err));
  }

  private keyOf(key: string) {
    return `${this.name}:${key}`;
  }

  private failOpen(err: unknown): null {
    this.log.warn({ err, throttle: this.name }, 'rate limit store unreachable; not limiting');
    return null;
  }
}

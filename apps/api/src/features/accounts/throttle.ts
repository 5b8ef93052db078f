/**
 * Counting windows for the account rate limits (issue #3): failed logins per IP and per account,
 * reset requests per address and per IP, wrong old passwords per user. Unlike a plain request
 * limit, only the events that matter are counted (a successful login costs nothing).
 * Counters live in the process; several processes each keep their own, so the effective limit
 * behind a load balancer is at most the figure times the number of processes.
 */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** The figures; the closing note of issue #3 quotes them. */
export const LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  resetPerAddress: { max: 3, windowSeconds: 60 * 60 },
  resetPerIp: { max: 10, windowSeconds: 60 * 60 },
  passwordChangePerUser: { max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

const PRUNE_AT = 50_000;

export class Throttle {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly limit: Limit,
    private readonly enabled = true,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter(key: string): number {
    if (!this.enabled) return 0;
    const w = this.windows.get(key);
    const now = this.clock();
    if (!w || w.resetAt <= now || w.count < this.limit.max) return 0;
    return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  }

  hit(key: string): void {
    const now = this.clock();
    if (this.windows.size >= PRUNE_AT) this.prune(now);
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.limit.windowSeconds * 1000 });
    else w.count++;
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

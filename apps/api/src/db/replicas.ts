import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * Read replicas (issue #32, `DATABASE_REPLICA_URLS`): statements that tolerate a little staleness go to a streaming
 * replica that is up and no further behind than `REPLICA_MAX_LAG_MS`; everything else (writes, transactions, reads of a
 * session that just wrote, background work) stays on the primary. A request is tolerant when the `replica-reads`
 * plugin runs it inside `tolerate()`; only its single `select` statements sent outside a transaction move (a
 * transaction checks a client out of the primary's pool, which never routes). A replica that fails a statement is
 * marked down and the statement runs again on the primary: a replica that stops answers no request with an error.
 *
 * Lag is measured in time, not bytes: every check notes the primary's WAL position with the time it was seen, and a
 * replica is as far behind as the oldest noted position it has not replayed yet (0 when it has replayed the latest).
 */
export type ReplicaState = 'up' | 'lagging' | 'down';

export interface ReplicaStatus {
  replica: number;
  state: ReplicaState;
  /** Milliseconds behind the primary at the last check (null: not known, the replica did not answer). */
  lagMs: number | null;
}

export interface ReplicaStats {
  replicas: ReplicaStatus[];
  /** Tolerant statements sent, by where they went (a fallback after a replica failed counts on the primary). */
  reads: { replica: number; primary: number };
}

/** How often replicas are checked (lag and reachability). */
export const REPLICA_CHECK_MS = 500;
/** How long a check waits for an answer before it counts the replica down. */
const CHECK_TIMEOUT_MS = 1_000;
/** The primary's WAL positions kept to measure lag (a minute at one check every 500 ms). */
const HISTORY = 120;

const parseLsn = (text: string | null | undefined): bigint | null => {
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text ?? '');
  return match ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : null;
};

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A statement `pool.query` was given: its text, whichever form it came in. */
const textOf = (first: unknown): string => (typeof first === 'string' ? first : String((first as { text?: string } | null)?.text ?? ''));
/** A plain read: `select …` without a row lock, or `with … select` with no write among its parts. */
const isRead = (text: string) =>
  (/^\s*select\b/i.test(text) || (/^\s*with\b/i.test(text) && !/\b(insert|update|delete|merge)\b/i.test(text))) &&
  !/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text);

/**
 * Whether a replica's failure says it is out of service (no connection, shutting down, too many connections), rather
 * than that this statement cannot run there (a write hidden in a function, a conflict with recovery): SQLSTATE classes
 * 08, 53, 57 and 58, or no SQLSTATE at all (a refused or dropped connection, a timeout).
 */
function outOfService(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || /^(08|53|57|58)/.test(code);
}

export class Replicas {
  readonly reads = { replica: 0, primary: 0 };
  private readonly tolerant = new AsyncLocalStorage<boolean>();
  private readonly status: ReplicaStatus[];
  private readonly history: { at: number; lsn: bigint }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private next = 0;

  constructor(
    private readonly primary: pg.Pool,
    private readonly pools: pg.Pool[],
    readonly maxLagMs: number,
  ) {
    // Down until a check says otherwise: reads start on the primary.
    this.status = pools.map((_, replica) => ({ replica, state: 'down', lagMs: null }));
  }

  /** Runs `fn` (and everything it starts) as a request whose reads may be served by a replica. */
  tolerate<T>(fn: () => T): T {
    return this.tolerant.run(true, fn);
  }

  /** The pool a statement goes to when sent through the primary's `pool.query`, or null for the primary itself. */
  route(args: unknown[]): pg.Pool | null {
    if (!this.tolerant.getStore() || typeof args.at(-1) === 'function' || !isRead(textOf(args[0]))) return null;
    const ready = this.status.filter((s) => s.state === 'up');
    if (!ready.length) {
      this.reads.primary++;
      return null;
    }
    this.reads.replica++;
    return this.pools[ready[this.next++ % ready.length].replica];
  }

  /** A replica failed a statement, which is run again on the primary; out of service, it is down until a check succeeds. */
  failed(pool: pg.Pool, err: unknown) {
    const status = this.status[this.pools.indexOf(pool)];
    if (status && outOfService(err)) {
      status.state = 'down';
      status.lagMs = null;
    }
    this.reads.replica--;
    this.reads.primary++;
  }

  stats(): ReplicaStats {
    return { replicas: this.status.map((s) => ({ ...s })), reads: { ...this.reads } };
  }

  start() {
    const tick = () => {
      this.timer = setTimeout(() => void this.check().finally(() => this.timer && tick()), REPLICA_CHECK_MS);
      this.timer.unref();
    };
    void this.check().finally(tick);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Notes the primary's WAL position, then measures each replica against the positions noted. */
  async check(): Promise<void> {
    try {
      const { rows } = await within(this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'), CHECK_TIMEOUT_MS);
      const lsn = parseLsn(rows[0]?.lsn);
      if (lsn !== null && this.history.at(-1)?.lsn !== lsn) this.history.push({ at: Date.now(), lsn });
      if (this.history.length > HISTORY) this.history.shift();
    } catch {
      // The primary does not answer: the replicas' lag cannot be told, and reads go nowhere better anyway.
    }
    await Promise.all(this.pools.map((pool, i) => this.checkOne(pool, this.status[i])));
  }

  private async checkOne(pool: pg.Pool, status: ReplicaStatus) {
    try {
      const { rows } = await within(
        pool.query<{ replay: string | null; standby: boolean }>('select pg_last_wal_replay_lsn()::text as replay, pg_is_in_recovery() as standby'),
        CHECK_TIMEOUT_MS,
      );
      const replay = parseLsn(rows[0]?.replay);
      // A server that is no standby (promoted, or a URL of the primary itself) is never behind.
      const behind = rows[0]?.standby && replay !== null ? this.history.find((h) => h.lsn > replay) : undefined;
      status.lagMs = behind ? Date.now() - behind.at : 0;
      status.state = status.lagMs > this.maxLagMs ? 'lagging' : 'up';
    } catch {
      status.state = 'down';
      status.lagMs = null;
    }
  }
}

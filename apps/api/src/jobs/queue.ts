import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export interface EnqueueOptions {
  /** At most one job ever with this key: a second enqueue with it writes nothing and answers false. */
  key?: string;
  /** Not before this time (default now). */
  runAt?: Date;
  /** Tries before the job is kept as failed (default 5). */
  maxAttempts?: number;
}

/**
 * Issue #32: the id of the request whose work runs now (entered by the jobs plugin's request hooks, and by the worker
 * around a job, so a job queued by a job carries the first request's id too). `enqueue` stores it with the job.
 */
export const queuingRequest = new AsyncLocalStorage<string>();

/**
 * Writes a job. Pass the transaction of the change that causes it, so the job commits with the change or not at
 * all (issue #13: nothing is lost if the process dies between commit and send). Answers whether it was written.
 */
export async function enqueue(db: Executor, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({
      kind,
      payload: payload ?? null,
      key: options.key,
      runAt: options.runAt,
      maxAttempts: options.maxAttempts,
      requestId: queuingRequest.getStore()?.slice(0, 64),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Queues a job of `kind` unless one is waiting or running (a pass that goes on from where it stopped: start-up on
 * every process queues it, two at once would only repeat work). Answers whether it was written.
 */
export async function enqueueUnlessPending(db: Executor, kind: string, payload: unknown): Promise<boolean> {
  const [busy] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.status} in ('queued', 'running')`))
    .limit(1);
  if (busy) return false;
  return enqueue(db, kind, payload);
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** The request that queued it (its id in the logs), or null. */
  requestId: string | null;
}

/** A claimed job may run this long before another worker takes it over (the process died). */
const LEASE_SECONDS = 300;

/** Takes up to `limit` due jobs of these kinds for this worker; another worker never gets the same job. */
export async function claimJobs(db: Executor, kinds: string[], limit: number): Promise<ClaimedJob[]> {
  if (!kinds.length) return [];
  const result = await db.execute(sql`
    update ${jobs} set status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from ${jobs}
      where ${inArray(jobs.kind, kinds)}
        and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts, request_id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    payload: r.payload,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    requestId: r.request_id === null || r.request_id === undefined ? null : String(r.request_id),
  }));
}

/**
 * Puts claimed jobs back as they were before the claim (a worker that is shutting down and will not run them):
 * queued, due at once, the try not counted, so another process takes them now rather than after the lease.
 */
export async function releaseJobs(db: Executor, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(
    sql`update ${jobs} set status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = null where ${inArray(jobs.id, ids)} and status = 'running'`,
  );
}

export async function completeJob(db: Executor, id: number): Promise<void> {
  await db.execute(sql`update ${jobs} set status = 'done', finished = now(), locked_until = null, last_error = null where id = ${id}`);
}

/** Exponential backoff from `baseMs` (1×, 2×, 4× … capped at an hour); after the last try the job is kept as failed. */
export async function failJob(db: Executor, job: ClaimedJob, error: string, baseMs: number): Promise<'retry' | 'failed'> {
  if (job.attempts >= job.maxAttempts) {
    await db.execute(sql`update ${jobs} set status = 'failed', finished = now(), locked_until = null, last_error = ${error} where id = ${job.id}`);
    return 'failed';
  }
  const delay = Math.min(baseMs * 2 ** (job.attempts - 1), 3_600_000);
  await db.execute(
    sql`update ${jobs} set status = 'queued', locked_until = null, last_error = ${error}, run_at = now() + make_interval(secs => ${delay / 1000}) where id = ${job.id}`,
  );
  return 'retry';
}

/**
 * Claims one period of a schedule: answers true for exactly one caller per `everyMs` across every process
 * (the row's `last_run` moves only for the caller that finds it old enough).
 */
export async function claimSchedule(db: Executor, name: string, everyMs: number): Promise<boolean> {
  // A tenth of the period of slack, so timers that fire a little early still take their turn.
  const result = await db.execute(sql`
    insert into job_schedules (name, last_run, runs) values (${name}, now(), 1)
    on conflict (name) do update set last_run = now(), runs = job_schedules.runs + 1
      where job_schedules.last_run <= now() - make_interval(secs => ${(everyMs * 0.9) / 1000})
    returning name`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Rows one purge statement touches at most, so a long backlog is cleared in short statements. */
const PURGE_BATCH = 5_000;

/**
 * Keeps the jobs table from growing forever (issue #13): a job done more than `keepMs` ago is deleted; a keyed one
 * keeps its row (its key still says "at most once": a reminder that runs every hour must not mail twice) but
 * loses its payload (mail bodies, addresses); after twelve times `keepMs` every finished row goes, failed ones too
 * (staff see and retry those until then). Queued and running jobs are never touched. Answers the rows deleted.
 */
export async function purgeJobs(db: Executor, keepMs: number): Promise<number> {
  const cutoff = sql`now() - make_interval(secs => ${keepMs / 1000})`;
  const longCutoff = sql`now() - make_interval(secs => ${(keepMs * 12) / 1000})`;
  const batched = async (statement: ReturnType<typeof sql>) => {
    let total = 0;
    for (;;) {
      const result = (await db.execute(statement)) as unknown as { rows: unknown[] };
      total += result.rows.length;
      if (result.rows.length < PURGE_BATCH) return total;
    }
  };
  let deleted = await batched(sql`
    delete from ${jobs} where id in (
      select id from ${jobs} where status = 'done' and key is null and finished < ${cutoff} limit ${PURGE_BATCH}
    ) returning id`);
  await batched(sql`
    update ${jobs} set payload = '{}'::jsonb, last_error = null where id in (
      select id from ${jobs} where status = 'done' and key is not null and finished < ${cutoff} and payload <> '{}'::jsonb limit ${PURGE_BATCH}
    ) returning id`);
  deleted += await batched(sql`
    delete from ${jobs} where id in (
      select id from ${jobs} where status in ('done', 'failed') and finished < ${longCutoff} limit ${PURGE_BATCH}
    ) returning id`);
  return deleted;
}

import { inArray, sql } from 'drizzle-orm';
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
 * Writes a job. Pass the transaction of the change that causes it, so the job commits with the change or not at
 * all (issue #13: nothing is lost if the process dies between commit and send). Answers whether it was written.
 */
export async function enqueue(db: Executor, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ kind, payload: payload ?? null, key: options.key, runAt: options.runAt, maxAttempts: options.maxAttempts })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
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
    returning id, kind, payload, attempts, max_attempts`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({ id: Number(r.id), kind: String(r.kind), payload: r.payload, attempts: Number(r.attempts), maxAttempts: Number(r.max_attempts) }));
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

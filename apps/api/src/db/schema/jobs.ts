import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable job queue (issue #13): a job is written in the transaction of the change that causes it, so a
 * process dying between commit and send loses nothing; workers claim due jobs with `for update skip locked`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: varchar({ length: 64 }).notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    status: varchar({ length: 8 }).$type<JobStatus>().notNull().default('queued'),
    /** At-most-once jobs carry a key (e.g. 'selected:application:12'); a second enqueue with it is a no-op. */
    key: text(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Issue #32: the request that queued the job (its id in the logs), when one did. */
    requestId: varchar({ length: 64 }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finished: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.status} = 'queued'`),
    index('jobs_running_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_status_kind_idx').on(t.status, t.kind),
    uniqueIndex('jobs_key_uq').on(t.key),
    check('jobs_status_choice', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** Periodic work: one row per schedule; a process runs it only when it moves `last_run` (one runner per period). */
export const jobSchedules = pgTable('job_schedules', {
  name: varchar({ length: 64 }).primaryKey(),
  lastRun: timestamp({ withTimezone: true }).notNull(),
  runs: integer().notNull().default(0),
});

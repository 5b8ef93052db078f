import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ClaimedJob, claimJobs, claimSchedule, completeJob, failJob } from './queue.ts';

export type JobHandler = (payload: never, job: ClaimedJob) => Promise<void>;

export interface Jobs {
  /** Registers what runs a kind of job (one handler per kind). */
  handle<P>(kind: string, handler: (payload: P, job: ClaimedJob) => Promise<void>): void;
  /** Runs `task` every `ms` on exactly one process at a time (the schedule row decides whose turn it is). */
  every(name: string, ms: number, task: () => Promise<void>): void;
  /** Looks for due jobs now instead of at the next poll. */
  kick(): void;
  /** Runs every job due now, and waits for those running (tests, and a clean shutdown). */
  drain(): Promise<void>;
  /** Runs one pass of every schedule whose turn it is (tests drive schedules with it instead of waiting). */
  runSchedules(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Jobs a process runs at once. */
const CONCURRENCY = 4;

/**
 * Named plugin `jobs` (issue #13): every process is a worker of the durable queue in PostgreSQL. It polls every
 * JOBS_POLL_MS, looks at once after any write answered by any process, retries a failing job with backoff and keeps it as
 * failed after its last try; periodic tasks run on one process per period.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const handlers = new Map<string, JobHandler>();
    const schedules = new Map<string, { ms: number; task: () => Promise<void>; timer?: NodeJS.Timeout }>();
    const running = new Set<Promise<void>>();
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let polling: Promise<number> | null = null;

    const run = async (job: ClaimedJob) => {
      const handler = handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
        await handler(job.payload as never, job);
        await completeJob(app.db, job.id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const outcome = await failJob(app.db, job, message.slice(0, 2000), app.config.JOBS_RETRY_BASE_MS).catch(() => 'unknown');
        app.log.warn({ err, job: job.id, kind: job.kind, attempts: job.attempts, outcome }, `job ${job.kind} failed (${outcome})`);
      }
    };

    /** Claims what fits and starts it; answers how many jobs it started. */
    const pass = async (): Promise<number> => {
      const free = CONCURRENCY - running.size;
      if (closed || free <= 0 || !handlers.size) return 0;
      const claimed = await claimJobs(app.db, [...handlers.keys()], free);
      for (const job of claimed) {
        const p = run(job).finally(() => {
          running.delete(p);
          schedule(0);
        });
        running.add(p);
      }
      return claimed.length;
    };

    const poll = () => {
      polling ??= pass()
        .catch((err) => {
          app.log.warn({ err }, 'job poll failed');
          return 0;
        })
        .finally(() => {
          polling = null;
        });
      return polling;
    };

    function schedule(ms: number) {
      if (closed || app.config.JOBS_POLL_MS === 0) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(async () => {
        timer = undefined;
        const started = await poll();
        schedule(started ? 0 : app.config.JOBS_POLL_MS);
      }, ms);
      timer.unref();
    }

    const runSchedule = async (name: string) => {
      const entry = schedules.get(name);
      if (!entry || closed) return;
      try {
        if (await claimSchedule(app.db, name, entry.ms)) await entry.task();
      } catch (err) {
        app.log.warn({ err, schedule: name }, `periodic task ${name} failed`);
      }
    };

    const jobs: Jobs = {
      handle(kind, handler) {
        if (handlers.has(kind)) throw new Error(`job kind '${kind}' has a handler already`);
        handlers.set(kind, handler as JobHandler);
      },
      every(name, ms, task) {
        if (schedules.has(name)) throw new Error(`schedule '${name}' exists already`);
        const entry: { ms: number; task: () => Promise<void>; timer?: NodeJS.Timeout } = { ms, task };
        schedules.set(name, entry);
        if (app.config.JOBS_POLL_MS > 0) {
          entry.timer = setInterval(() => void runSchedule(name), ms);
          entry.timer.unref();
        }
      },
      kick: () => schedule(0),
      async drain() {
        for (;;) {
          // Through poll(), so no timer's pass claims a job while ours looks (and returns before it is running).
          if (polling) await polling;
          const started = await poll();
          if (!started && !running.size) return;
          await Promise.allSettled([...running]);
        }
      },
      async runSchedules() {
        for (const name of schedules.keys()) await runSchedule(name);
      },
    };
    app.decorate('jobs', jobs);

    // Work written by a request, here or on another process (the change channel), is looked for at once.
    app.changes.subscribe(() => jobs.kick());
    app.addHook('onReady', async () => {
      if (app.config.JOBS_POLL_MS > 0) schedule(0);
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const entry of schedules.values()) clearInterval(entry.timer);
      await Promise.allSettled([...running]);
    });
  },
  { name: 'jobs', dependencies: ['db', 'changes'] },
);

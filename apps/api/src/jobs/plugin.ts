import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ClaimedJob, claimJobs, claimSchedule, completeJob, failJob, purgeJobs, releaseJobs } from './queue.ts';

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
  /**
   * Takes no more work from now on (jobs a claim on its way brings back go back to the queue) and resolves once the
   * jobs and periodic tasks running have ended. The app's close calls it before the database closes.
   */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Jobs a process runs at once. */
const CONCURRENCY = 4;
/** The schedule that clears finished jobs (every hour, on one process). */
export const JOBS_PURGE = 'jobs.purge';
const PURGE_EVERY_MS = 3_600_000;

/**
 * Named plugin `jobs` (issue #13): every process is a worker of the durable queue in PostgreSQL. It polls every
 * JOBS_POLL_MS, looks at once after any write answered by any process, retries a failing job with backoff and keeps it as
 * failed after its last try; periodic tasks run on one process per period, and once soon after a process starts when
 * their period has already passed (a restart does not push them back a whole period). On close it takes no more
 * work, puts back what it claimed but has not started, and waits for the jobs and tasks running before the
 * database closes (the `db` plugin's close runs after this one's).
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const handlers = new Map<string, JobHandler>();
    const schedules = new Map<string, { ms: number; task: () => Promise<void>; timer?: NodeJS.Timeout; first?: NodeJS.Timeout }>();
    /** Jobs running now (at most CONCURRENCY), and periodic tasks running now: close waits for every one of both. */
    const running = new Set<Promise<void>>();
    const tasks = new Set<Promise<void>>();
    const track = (set: Set<Promise<void>>, work: Promise<void>) => {
      set.add(work);
      void work.finally(() => set.delete(work));
      return work;
    };
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let started = false;
    let stopped: Promise<void> | null = null;
    let polling: Promise<number> | null = null;
    /** A kick arrived while a poll was on its way (it may have looked before the new job was written): look again. */
    let again = false;

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
      if (closed) {
        // Closing while the claim was on its way: another process runs them, at once.
        await releaseJobs(
          app.db,
          claimed.map((job) => job.id),
        );
        return 0;
      }
      for (const job of claimed)
        track(
          running,
          run(job).finally(() => schedule(0)),
        );
      return claimed.length;
    };

    const poll = () => {
      if (polling) {
        again = true;
        return polling;
      }
      polling = pass()
        .catch((err) => {
          app.log.warn({ err }, 'job poll failed');
          return 0;
        })
        .finally(() => {
          polling = null;
        });
      return polling;
    };

    /** When the pending timer fires: a later request never puts off an earlier one (a kick stays a kick). */
    let dueAt = Number.POSITIVE_INFINITY;
    function schedule(ms: number) {
      if (closed || app.config.JOBS_POLL_MS === 0) return;
      const at = Date.now() + ms;
      if (timer && dueAt <= at) return;
      if (timer) clearTimeout(timer);
      dueAt = at;
      timer = setTimeout(async () => {
        timer = undefined;
        dueAt = Number.POSITIVE_INFINITY;
        const started = await poll();
        const kicked = again;
        again = false;
        schedule(started || kicked ? 0 : app.config.JOBS_POLL_MS);
      }, ms);
      timer.unref();
    }

    const runSchedule = (name: string) => {
      const entry = schedules.get(name);
      if (!entry || closed) return Promise.resolve();
      return track(
        tasks,
        (async () => {
          try {
            if (await claimSchedule(app.db, name, entry.ms)) await entry.task();
          } catch (err) {
            app.log.warn({ err, schedule: name }, `periodic task ${name} failed`);
          }
        })(),
      );
    };

    /** Every period from now, and once at once: the row answers whether the period has passed (on any process). */
    const startSchedule = (name: string) => {
      const entry = schedules.get(name);
      if (!entry || closed || app.config.JOBS_POLL_MS === 0) return;
      entry.timer = setInterval(() => void runSchedule(name), entry.ms);
      entry.timer.unref();
      entry.first = setTimeout(() => void runSchedule(name), 0);
      entry.first.unref();
    };

    const jobs: Jobs = {
      handle(kind, handler) {
        if (handlers.has(kind)) throw new Error(`job kind '${kind}' has a handler already`);
        handlers.set(kind, handler as JobHandler);
      },
      every(name, ms, task) {
        if (schedules.has(name)) throw new Error(`schedule '${name}' exists already`);
        schedules.set(name, { ms, task });
        if (started) startSchedule(name);
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
      stop() {
        stopped ??= (async () => {
          closed = true;
          if (timer) clearTimeout(timer);
          for (const entry of schedules.values()) {
            clearInterval(entry.timer);
            clearTimeout(entry.first);
          }
          // A poll on its way may still claim (it puts its jobs back); what runs ends before the pool does.
          await polling;
          while (running.size || tasks.size) await Promise.allSettled([...running, ...tasks]);
        })();
        return stopped;
      },
    };
    app.decorate('jobs', jobs);

    // Work written by a request, here or on another process (the change channel), is looked for at once.
    app.changes.subscribe(() => jobs.kick());
    jobs.every(JOBS_PURGE, PURGE_EVERY_MS, async () => void (await purgeJobs(app.db, app.config.JOBS_KEEP_DAYS * 86_400_000)));
    app.addHook('onReady', async () => {
      started = true;
      if (app.config.JOBS_POLL_MS > 0) schedule(0);
      for (const name of schedules.keys()) startSchedule(name);
    });
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['db', 'changes'] },
);

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ClaimedJob, claimJobs, claimSchedule, completeJob, failJob, purgeJobs, queuingRequest, releaseJobs } from './queue.ts';

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
  /** Jobs this process ran, per kind and outcome, since start (issue #32, metrics). */
  readonly outcomes: Map<string, Record<JobOutcome, number>>;
}

export type JobOutcome = 'done' | 'retry' | 'failed' | 'unknown';

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

/** Whether the plugin has stopped taking work: one flag that the worker loop, the scheduler and `stop` share. */
interface Life {
  closed: boolean;
}

/** Keeps `work` in `set` while it runs. */
function track(set: Set<Promise<void>>, work: Promise<void>) {
  set.add(work);
  void work.finally(() => set.delete(work));
  return work;
}

/** Runs one claimed job with its kind's handler, then marks it done, or failed for a retry or for good; counts the outcome. */
async function runJob(app: FastifyInstance, handlers: Map<string, JobHandler>, outcomes: Jobs['outcomes'], job: ClaimedJob) {
  const count = (outcome: JobOutcome) => {
    const counts = outcomes.get(job.kind) ?? { done: 0, retry: 0, failed: 0, unknown: 0 };
    outcomes.set(job.kind, counts);
    counts[outcome]++;
  };
  const handler = handlers.get(job.kind);
  // Issue #32: the job's log lines carry the id of the request that queued it, and so do the jobs it queues.
  const log = app.log.child({ ...(job.requestId ? { reqId: job.requestId } : {}), job: job.id, kind: job.kind });
  const started = performance.now();
  try {
    if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
    const run = () => handler(job.payload as never, job);
    await (job.requestId ? queuingRequest.run(job.requestId, run) : run());
    await completeJob(app.db, job.id);
    count('done');
    log.info({ ms: Math.round(performance.now() - started) }, `job ${job.kind} done`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const outcome = await failJob(app.db, job, message.slice(0, 2000), app.config.JOBS_RETRY_BASE_MS).catch(() => 'unknown' as const);
    count(outcome);
    log.warn({ err, attempts: job.attempts, outcome }, `job ${job.kind} failed (${outcome})`);
  }
}

/**
 * The worker loop: polls every JOBS_POLL_MS (at once after a kick or a started job), claims what fits in CONCURRENCY and
 * runs it; `running` holds the jobs running now.
 */
function jobWorker(app: FastifyInstance, handlers: Map<string, JobHandler>, outcomes: Jobs['outcomes'], life: Life) {
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<number> | null = null;
  /** A kick arrived while a poll was on its way (it may have looked before the new job was written): look again. */
  let again = false;

  /** Claims what fits and starts it; answers how many jobs it started. */
  const pass = async (): Promise<number> => {
    const free = CONCURRENCY - running.size;
    if (life.closed || free <= 0 || !handlers.size) return 0;
    const claimed = await claimJobs(app.db, [...handlers.keys()], free);
    if (life.closed) {
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
        runJob(app, handlers, outcomes, job).finally(() => schedule(0)),
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
    if (life.closed || app.config.JOBS_POLL_MS === 0) return;
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

  return {
    running,
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
    /** Clears the poll timer (closing). */
    cancel() {
      if (timer) clearTimeout(timer);
    },
    /** The poll on its way, if any. */
    pending: () => polling,
  };
}

/**
 * The periodic scheduler: each task every period on one process (the schedule row decides whose turn it is), and once
 * soon after start; `tasks` holds the tasks running now.
 */
function periodicTasks(app: FastifyInstance, life: Life) {
  const schedules = new Map<string, { ms: number; task: () => Promise<void>; timer?: NodeJS.Timeout; first?: NodeJS.Timeout }>();
  const tasks = new Set<Promise<void>>();
  let started = false;

  const runSchedule = (name: string) => {
    const entry = schedules.get(name);
    if (!entry || life.closed) return Promise.resolve();
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
    if (!entry || life.closed || app.config.JOBS_POLL_MS === 0) return;
    entry.timer = setInterval(() => void runSchedule(name), entry.ms);
    entry.timer.unref();
    entry.first = setTimeout(() => void runSchedule(name), 0);
    entry.first.unref();
  };

  return {
    tasks,
    every(name: string, ms: number, task: () => Promise<void>) {
      if (schedules.has(name)) throw new Error(`schedule '${name}' exists already`);
      schedules.set(name, { ms, task });
      if (started) startSchedule(name);
    },
    async runAll() {
      for (const name of schedules.keys()) await runSchedule(name);
    },
    /** The app is ready: every schedule starts, and those added later start at once. */
    start() {
      started = true;
      for (const name of schedules.keys()) startSchedule(name);
    },
    /** Clears every schedule's timers (closing). */
    cancel() {
      for (const entry of schedules.values()) {
        clearInterval(entry.timer);
        clearTimeout(entry.first);
      }
    },
  };
}

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
    const outcomes: Jobs['outcomes'] = new Map();
    const life: Life = { closed: false };
    const worker = jobWorker(app, handlers, outcomes, life);
    const periodic = periodicTasks(app, life);
    let stopped: Promise<void> | null = null;

    const jobs: Jobs = {
      outcomes,
      handle(kind, handler) {
        if (handlers.has(kind)) throw new Error(`job kind '${kind}' has a handler already`);
        handlers.set(kind, handler as JobHandler);
      },
      every: (name, ms, task) => periodic.every(name, ms, task),
      kick: () => worker.kick(),
      drain: () => worker.drain(),
      runSchedules: () => periodic.runAll(),
      stop() {
        stopped ??= (async () => {
          life.closed = true;
          worker.cancel();
          periodic.cancel();
          // A poll on its way may still claim (it puts its jobs back); what runs ends before the pool does.
          await worker.pending();
          while (worker.running.size || periodic.tasks.size) await Promise.allSettled([...worker.running, ...periodic.tasks]);
        })();
        return stopped;
      },
    };
    app.decorate('jobs', jobs);

    // Jobs a request queues remember its id (issue #32); entered again where the body's parsing left its context.
    const enter = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => queuingRequest.run(request.id, done);
    app.addHook('onRequest', enter);
    app.addHook('preValidation', enter);
    // Work written by a request, here or on another process (the change channel), is looked for at once.
    app.changes.subscribe(() => jobs.kick());
    jobs.every(JOBS_PURGE, PURGE_EVERY_MS, async () => void (await purgeJobs(app.db, app.config.JOBS_KEEP_DAYS * 86_400_000)));
    app.addHook('onReady', async () => {
      if (app.config.JOBS_POLL_MS > 0) worker.kick();
      periodic.start();
    });
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['db', 'changes'] },
);

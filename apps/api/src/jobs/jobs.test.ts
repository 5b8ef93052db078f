import { Writable } from 'node:stream';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { jobSchedules, jobs } from '../db/schema/index.ts';
import { JOBS_PURGE } from './plugin.ts';
import { claimJobs, claimSchedule, enqueue, purgeJobs, releaseJobs } from './queue.ts';

/** Issue #13: the durable queue. The worker's poll is off here; tests drain by hand. */
let app: FastifyInstance;
const seen: { kind: string; payload: unknown; attempt: number }[] = [];
let flakyFailures = 0;

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0, JOBS_RETRY_BASE_MS: 0 });
  app.jobs.handle<{ n: number }>('echo', async (payload, job) => void seen.push({ kind: 'echo', payload, attempt: job.attempts }));
  app.jobs.handle<{ failTimes: number }>('flaky', async (payload, job) => {
    if (job.attempts <= payload.failTimes) {
      flakyFailures++;
      throw new Error(`refused, try ${job.attempts}`);
    }
    seen.push({ kind: 'flaky', payload, attempt: job.attempts });
  });
});
afterAll(() => app.close());

/** A one-time event a test waits for: `fired` resolves once `fire()` is called. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

const jobOf = async (id: number) => (await app.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const lastJob = async (kind: string) => (await app.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(sql`id desc`).limit(1))[0];

describe('job queue', () => {
  it('writes a job only when its transaction commits', async () => {
    await app.db
      .transaction(async (tx) => {
        await enqueue(tx, 'echo', { n: 1 });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await app.db.transaction(async (tx) => void (await enqueue(tx, 'echo', { n: 2 })));
    await app.jobs.drain();
    expect(seen.filter((s) => s.kind === 'echo').map((s) => s.payload)).toEqual([{ n: 2 }]);
    expect((await lastJob('echo'))?.status).toBe('done');
  });

  it('writes a keyed job at most once', async () => {
    expect(await enqueue(app.db, 'echo', { n: 3 }, { key: 'once:3' })).toBe(true);
    expect(await enqueue(app.db, 'echo', { n: 3 }, { key: 'once:3' })).toBe(false);
    await app.jobs.drain();
    expect(seen.filter((s) => (s.payload as { n: number }).n === 3)).toHaveLength(1);
  });

  it('retries a failing job and delivers it on the third try', async () => {
    await enqueue(app.db, 'flaky', { failTimes: 2 });
    await app.jobs.drain();
    const job = await lastJob('flaky');
    expect(job?.status).toBe('done');
    expect(job?.attempts).toBe(3);
    expect(seen.find((s) => s.kind === 'flaky')?.attempt).toBe(3);
  });

  it('keeps a job that failed its last try as failed, with the error', async () => {
    await enqueue(app.db, 'flaky', { failTimes: 99 }, { maxAttempts: 5 });
    const before = flakyFailures;
    await app.jobs.drain();
    const job = await lastJob('flaky');
    expect(job?.status).toBe('failed');
    expect(job?.attempts).toBe(5);
    expect(job?.lastError).toBe('refused, try 5');
    expect(flakyFailures - before).toBe(5);
  });

  it('waits for the backoff before the next try', async () => {
    const slow = await buildTestApp({ JOBS_POLL_MS: 0, JOBS_RETRY_BASE_MS: 60_000 });
    let tries = 0;
    slow.jobs.handle('stubborn', async () => {
      tries++;
      throw new Error('no');
    });
    await enqueue(slow.db, 'stubborn', {});
    await slow.jobs.drain();
    expect(tries).toBe(1);
    const [job] = await slow.db.select().from(jobs).where(eq(jobs.kind, 'stubborn'));
    expect(job?.status).toBe('queued');
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    await slow.close();
  });

  it('takes back a job whose worker died (its lease ran out)', async () => {
    const [row] = await app.db
      .insert(jobs)
      .values({ kind: 'echo', payload: { n: 4 }, status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .returning();
    await app.jobs.drain();
    expect((await jobOf(row!.id))?.status).toBe('done');
    expect(seen.filter((s) => (s.payload as { n: number }).n === 4)).toHaveLength(1);
  });
});

describe('schedules', () => {
  it('gives one period of a schedule to one caller only', async () => {
    const results = await Promise.all([1, 2, 3].map(() => claimSchedule(app.db, 'sweep-test', 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'sweep-test'));
    expect(row?.runs).toBe(1);
    // The next period starts once the last run is old enough.
    await app.db
      .update(jobSchedules)
      .set({ lastRun: new Date(Date.now() - 61_000) })
      .where(eq(jobSchedules.name, 'sweep-test'));
    expect(await claimSchedule(app.db, 'sweep-test', 60_000)).toBe(true);
    expect(await claimSchedule(app.db, 'sweep-test', 60_000)).toBe(false);
  });

  it('runs a registered task once per period through runSchedules', async () => {
    let runs = 0;
    app.jobs.every('count-test', 60_000, async () => void runs++);
    await app.jobs.runSchedules();
    await app.jobs.runSchedules();
    expect(runs).toBe(1);
  });
});

describe('a process that starts (issue #13)', () => {
  it('runs a periodic task whose period passed while no process ran it soon after start, not a period later', async () => {
    const live = await buildTestApp({ JOBS_POLL_MS: 60_000 });
    try {
      await live.db.insert(jobSchedules).values({ name: 'late-test', lastRun: new Date(Date.now() - 2 * 3_600_000), runs: 1 });
      // An hour's period: had it waited for its first interval, this would never resolve within the test.
      const ran = new Promise<void>((resolve) => live.jobs.every('late-test', 3_600_000, async () => resolve()));
      await ran;
      const [row] = await live.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'late-test'));
      expect(row?.runs).toBe(2);
    } finally {
      await live.close();
    }
  });

  it('registers the purge of finished jobs as one of its schedules', async () => {
    await app.jobs.runSchedules();
    const [row] = await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, JOBS_PURGE));
    expect(row?.runs).toBeGreaterThanOrEqual(1);
  });
});

describe('the worker', () => {
  it('runs a job kicked while a poll was on its way (the poll may have looked before the job was written)', async () => {
    const live = await buildTestApp({ JOBS_POLL_MS: 3_600_000 });
    try {
      const ran = signal();
      live.jobs.handle('kicked-late', async () => ran.fire());
      // Holds the answer of the next claim, as a slow database would, while the job is written and kicked.
      const db = live.db as unknown as { execute: (q: SQL) => Promise<unknown>; dialect: { sqlToQuery: (q: SQL) => { sql: string } } };
      const execute = db.execute.bind(db);
      const claiming = signal();
      const held = signal();
      let holding = true;
      db.execute = async (query: SQL) => {
        const result = await execute(query);
        if (holding && db.dialect.sqlToQuery(query).sql.includes('skip locked')) {
          holding = false;
          claiming.fire();
          await held.fired;
        }
        return result;
      };
      live.jobs.kick();
      await claiming.fired;
      await enqueue(live.db, 'kicked-late', {});
      live.jobs.kick();
      held.fire();
      // The next regular poll is an hour away: only the kick can run it.
      await ran.fired;
    } finally {
      await live.close();
    }
  });
});

describe('closing a process (issue #13: no job runs on a closed pool)', () => {
  it('waits for a running job, and its database work, before the pool ends', async () => {
    const closing = await buildTestApp({ JOBS_POLL_MS: 60_000 });
    const gate = signal();
    const started = signal();
    let answer: unknown = null;
    closing.jobs.handle('slow', async () => {
      started.fire();
      await gate.fired;
      answer = (await closing.db.execute(sql`select 41 + 1 as n`)) as unknown;
    });
    await enqueue(closing.db, 'slow', {});
    closing.jobs.kick();
    await started.fired;
    const closed = closing.close();
    gate.fire();
    await closed;
    expect((answer as { rows: { n: number }[] }).rows[0]?.n).toBe(42);
  });

  it('waits for a periodic task that is running', async () => {
    const closing = await buildTestApp({ JOBS_POLL_MS: 0 });
    const gate = signal();
    let finished = false;
    let finishedWhenPoolEnded: boolean | null = null;
    const database = closing.database;
    const end = database.close.bind(database);
    database.close = async () => {
      finishedWhenPoolEnded = finished;
      await end();
    };
    const started = new Promise<void>((resolve) =>
      closing.jobs.every('slow-task', 3_600_000, async () => {
        resolve();
        await gate.fired;
        await closing.db.execute(sql`select 1`);
        finished = true;
      }),
    );
    void closing.jobs.runSchedules();
    await started;
    const closed = closing.close();
    await new Promise((resolve) => setImmediate(resolve));
    gate.fire();
    await closed;
    expect(finishedWhenPoolEnded).toBe(true);
  });

  it('does not run a job whose claim was on its way when closing began (it goes back to the queue)', async () => {
    const closing = await buildTestApp({ JOBS_POLL_MS: 0 });
    let ran = false;
    closing.jobs.handle('late-claim', async () => {
      ran = true;
    });
    await enqueue(closing.db, 'late-claim', {});
    // Holds the claim's answer until close has begun, as a slow database would.
    const db = closing.db as unknown as { execute: (q: SQL) => Promise<unknown>; dialect: { sqlToQuery: (q: SQL) => { sql: string } } };
    const execute = db.execute.bind(db);
    const statements: string[] = [];
    const claimed = signal();
    const held = signal();
    db.execute = async (query: SQL) => {
      const text = db.dialect.sqlToQuery(query).sql;
      statements.push(text);
      const result = await execute(query);
      if (text.includes('skip locked')) {
        claimed.fire();
        await held.fired;
      }
      return result;
    };
    const drained = closing.jobs.drain();
    await claimed.fired;
    const stopping = closing.jobs.stop();
    held.fire();
    await Promise.all([stopping, drained]);
    await closing.close();
    expect(ran).toBe(false);
    expect(statements.some((t) => t.includes("set status = 'queued', attempts = greatest"))).toBe(true);
  });

  it('puts back jobs it claimed but will not run: queued, due, the try not counted', async () => {
    await enqueue(app.db, 'unhandled-release', { n: 1 });
    const [claimed] = await claimJobs(app.db, ['unhandled-release'], 1);
    expect(claimed?.attempts).toBe(1);
    await releaseJobs(app.db, [claimed!.id]);
    const row = await jobOf(claimed!.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedUntil: null });
    expect((await claimJobs(app.db, ['unhandled-release'], 1)).map((j) => j.id)).toEqual([claimed!.id]);
  });
});

describe('purging finished jobs (issue #13: the table does not grow forever)', () => {
  it('deletes old finished jobs, keeps a keyed one as a bare row, and leaves recent, queued and running ones', async () => {
    const day = 86_400_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const rows = await app.db
      .insert(jobs)
      .values([
        { kind: 'purge-old-done', payload: { to: 'a@example.com' }, status: 'done', finished: ago(8 * day) },
        { kind: 'purge-recent-done', payload: { n: 1 }, status: 'done', finished: ago(day) },
        { kind: 'purge-old-keyed', payload: { to: 'b@example.com' }, key: 'purge:keyed', status: 'done', finished: ago(8 * day) },
        { kind: 'purge-failed', payload: { to: 'c@example.com' }, status: 'failed', finished: ago(8 * day) },
        { kind: 'purge-ancient-failed', payload: { n: 2 }, status: 'failed', finished: ago(85 * day) },
        { kind: 'purge-ancient-keyed', payload: {}, key: 'purge:ancient', status: 'done', finished: ago(85 * day) },
        { kind: 'purge-queued', payload: { n: 3 }, created: ago(30 * day), runAt: ago(30 * day) },
        { kind: 'purge-running', payload: { n: 4 }, status: 'running', lockedUntil: new Date(Date.now() + day) },
      ])
      .returning({ id: jobs.id, kind: jobs.kind });
    expect(await purgeJobs(app.db, 7 * day)).toBeGreaterThanOrEqual(3);
    const left = await app.db
      .select({ kind: jobs.kind, payload: jobs.payload })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          rows.map((r) => r.id),
        ),
      );
    const byKind = new Map(left.map((r) => [r.kind, r.payload]));
    expect([...byKind.keys()].sort()).toEqual(['purge-failed', 'purge-old-keyed', 'purge-queued', 'purge-recent-done', 'purge-running']);
    expect(byKind.get('purge-old-keyed')).toEqual({});
    expect(byKind.get('purge-failed')).toEqual({ to: 'c@example.com' });
    // The keyed row still keeps a second enqueue out.
    expect(await enqueue(app.db, 'purge-old-keyed', {}, { key: 'purge:keyed' })).toBe(false);
  });
});

describe('the request id across the jobs a request queued (issue #32)', () => {
  it('a job remembers the request that queued it; its log lines, and the jobs it queues, carry that id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const logged = await buildTestApp({ JOBS_POLL_MS: 0 }, { logger: { level: 'info', stream } });
    try {
      const user = await buildUser(logged);
      const agent = new Agent(logged, 'en');
      const res = await agent.post('/api/v1/users/password_reset/', { email: user.email }, { 'x-request-id': 'reset-request-1' });
      expect(res.statusCode).toBe(200);
      // The app's own database: the reset request's job is the only one so far.
      const [reset, ...none] = await logged.db.select().from(jobs);
      expect(none).toEqual([]);
      expect(reset.requestId).toBe('reset-request-1');
      await logged.jobs.drain();
      // The reset job queued the mail: it carries the request's id too, and both jobs' lines name it.
      const queued = await logged.db.select().from(jobs);
      expect(queued.length).toBeGreaterThanOrEqual(2);
      expect(queued.every((j) => j.requestId === 'reset-request-1')).toBe(true);
      const done = lines.filter((l) => typeof l.msg === 'string' && /^job .* done$/.test(l.msg));
      expect(done.map((l) => l.kind).sort()).toEqual(queued.map((j) => j.kind).sort());
      expect(done.every((l) => l.reqId === 'reset-request-1')).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('work queued outside a request has no request id', async () => {
    await enqueue(app.db, 'echo', { n: 77 });
    expect((await lastJob('echo'))?.requestId).toBeNull();
    await app.jobs.drain();
  });
});

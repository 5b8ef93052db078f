import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { jobSchedules, jobs } from '../db/schema/index.ts';
import { claimSchedule, enqueue } from './queue.ts';

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

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { Agent, buildPeerApp, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs } from '../../../test/factories.ts';
import { artworks, follows, jobs, notifications } from '../../db/schema/index.ts';
import { PUBLISH_JOB } from './schedule.ts';

/**
 * Issue #34 (1): a scheduled artwork publishes exactly once at its time with two processes on one PostgreSQL
 * database and a restart in between (the process that took the schedule is gone when the time comes).
 */
describe('scheduled publishing across processes and a restart', () => {
  const opened: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of opened.reverse()) await app.close();
  });

  it('publishes once, tells each follower once', async () => {
    const first = await buildTestApp({ JOBS_POLL_MS: 0 });
    opened.push(first);
    const peer = await buildPeerApp(first);
    opened.push(peer);
    const author = await buildPremium(first);
    const followers = [await buildUser(first), await buildUser(first)];
    await first.db.insert(follows).values(followers.map((f) => ({ followerId: f.id, artistId: author.id })));
    const draft = await buildArtwork(first, author, { draft: true, publishedAt: null });
    const agent = new Agent(peer, 'ko');
    await loginAs(agent, author);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await agent.put(`/api/v1/artworks/${draft.id}/`, { publish_at: at })).statusCode).toBe(200);
    // The process that took the schedule stops; another starts on the same database.
    opened.splice(opened.indexOf(peer), 1);
    await peer.close();
    const restarted = await buildPeerApp(first);
    opened.push(restarted);

    // The time comes: both processes drain at once. A second job of the same schedule (as a retry after a crash
    // between publishing and marking the job done would be) finds it published and adds nothing.
    await first.db.insert(jobs).values({ kind: PUBLISH_JOB, payload: { artwork: draft.id, at } });
    await first.db.execute(sql`update jobs set run_at = now() where kind = ${PUBLISH_JOB}`);
    await Promise.all([first.jobs.drain(), restarted.jobs.drain(), first.jobs.drain(), restarted.jobs.drain()]);
    await Promise.all([first.jobs.drain(), restarted.jobs.drain()]);

    const [row] = await first.db.select().from(artworks).where(eq(artworks.id, draft.id));
    expect(row).toMatchObject({ draft: false, visible: true, publishAt: null });
    const publishJobs = await first.db.select().from(jobs).where(eq(jobs.kind, PUBLISH_JOB));
    expect(publishJobs.map((j) => [j.status, j.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
    const fanOuts = await first.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'follows.publish'), sql`payload->>'artwork' = ${String(draft.id)}`));
    expect(fanOuts).toHaveLength(1);
    for (const f of followers) {
      const notices = await first.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, f.id), eq(notifications.artworkId, draft.id)));
      expect(notices.map((n) => n.type)).toEqual(['publish']);
    }
  });
});

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { artworks, follows, jobs, notifications } from '../../db/schema/index.ts';
import { PUBLISH_JOB } from './schedule.ts';

/** Issue #34 (1) scheduled publishing, on one process (PGlite in `npm test`, PostgreSQL in `npm run test:pg`). */
let app: FastifyInstance;
let author: UserRow;
let follower: UserRow;
let agent: Agent;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app);
  follower = await buildUser(app);
  await app.db.insert(follows).values({ followerId: follower.id, artistId: author.id });
  agent = new Agent(app, 'en');
  await loginAs(agent, author);
});
afterAll(() => app.close());

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const row = async (id: number) => (await app.db.select().from(artworks).where(eq(artworks.id, id)))[0];
/** The time the schedule named comes: its job becomes due now. */
const timeComes = (id: number) => app.db.execute(sql`update jobs set run_at = now() where kind = ${PUBLISH_JOB} and payload->>'artwork' = ${String(id)}`);
const publishNotices = (id: number) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.artworkId, id), eq(notifications.userId, follower.id)));

describe('publish_at (issue #34.1)', () => {
  it('keeps the project unpublished until its time, then publishes it once and tells the followers', async () => {
    const draft = await buildArtwork(app, author, { draft: true, publishedAt: null });
    const at = inHours(5);
    const res = await agent.put(`/api/v1/artworks/${draft.id}/`, { publish_at: at });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ draft: true, visible: false, publish_at: at, published_at: null });
    await app.jobs.drain();
    expect((await row(draft.id)).draft).toBe(true);
    expect(await publishNotices(draft.id)).toHaveLength(0);
    // Guests do not see it before its time.
    expect((await app.inject({ url: `/api/v1/artworks/${draft.id}/` })).statusCode).toBe(404);

    await timeComes(draft.id);
    await app.jobs.drain();
    const published = await row(draft.id);
    expect(published).toMatchObject({ draft: false, visible: true, publishAt: null });
    expect(published.publishedAt).not.toBeNull();
    expect(await publishNotices(draft.id)).toHaveLength(1);
    expect((await app.inject({ url: `/api/v1/artworks/${draft.id}/` })).statusCode).toBe(200);
  });

  it('a changed schedule publishes at the new time only; a cancelled one never', async () => {
    const draft = await buildArtwork(app, author, { draft: true, publishedAt: null });
    await agent.put(`/api/v1/artworks/${draft.id}/`, { publish_at: inHours(2) });
    const later = inHours(30);
    expect((await agent.put(`/api/v1/artworks/${draft.id}/`, { publish_at: later })).json().publish_at).toBe(later);
    // Both jobs come due: the first finds its schedule changed and does nothing, the second publishes.
    await timeComes(draft.id);
    await app.jobs.drain();
    expect(await row(draft.id)).toMatchObject({ draft: false, publishAt: null });

    const cancelled = await buildArtwork(app, author, { draft: true, publishedAt: null });
    await agent.put(`/api/v1/artworks/${cancelled.id}/`, { publish_at: inHours(1) });
    expect((await agent.put(`/api/v1/artworks/${cancelled.id}/`, { publish_at: null })).json()).toMatchObject({ publish_at: null, draft: true });
    await timeComes(cancelled.id);
    await app.jobs.drain();
    expect(await row(cancelled.id)).toMatchObject({ draft: true, visible: false });
    const done = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PUBLISH_JOB), sql`payload->>'artwork' = ${String(cancelled.id)}`));
    expect(done.map((j) => j.status)).toEqual(['done']);
  });

  it('publishing now drops the schedule', async () => {
    const draft = await buildArtwork(app, author, { draft: true, publishedAt: null });
    await agent.put(`/api/v1/artworks/${draft.id}/`, { publish_at: inHours(3) });
    expect((await agent.put(`/api/v1/artworks/${draft.id}/`, { draft: false })).json()).toMatchObject({ draft: false, publish_at: null, visible: true });
  });

  it.each([
    ['en', 'past', () => new Date(Date.now() - 60_000).toISOString(), 'The scheduled time must be in the future.'],
    ['ko', 'past', () => new Date(Date.now() - 60_000).toISOString(), '예약 시각은 지금 이후여야 합니다.'],
    ['en', 'beyond a year', () => inHours(24 * 366), 'You can schedule at most one year ahead.'],
    ['ko', 'beyond a year', () => inHours(24 * 366), '예약은 1년 이내로만 할 수 있습니다.'],
    ['en', 'not a time', () => 'next friday', 'Enter a valid date and time.'],
  ])('%s: a time %s is a 400 under publish_at', async (lang, _what, at, message) => {
    const draft = await buildArtwork(app, author, { draft: true, publishedAt: null });
    const as = new Agent(app, lang as 'ko' | 'en');
    await loginAs(as, author);
    const res = await as.put(`/api/v1/artworks/${draft.id}/`, { publish_at: at() });
    expect(res.statusCode).toBe(400);
    expect(res.json().publish_at).toEqual([message]);
    expect(
      await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, PUBLISH_JOB), sql`payload->>'artwork' = ${String(draft.id)}`)),
    ).toHaveLength(0);
  });

  it('a schedule needs what publishing needs (SPEC §5), checked now', async () => {
    const empty = await agent.post('/api/v1/artworks/', {});
    const res = await agent.put(`/api/v1/artworks/${empty.json().id}/`, { publish_at: inHours(1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('title');
    expect((await row(empty.json().id)).publishAt).toBeNull();
  });

  it('only the author schedules', async () => {
    const draft = await buildArtwork(app, author, { draft: true });
    const other = new Agent(app, 'en');
    await loginAs(other, await buildPremium(app));
    expect((await other.put(`/api/v1/artworks/${draft.id}/`, { publish_at: inHours(1) })).statusCode).toBe(403);
  });
});

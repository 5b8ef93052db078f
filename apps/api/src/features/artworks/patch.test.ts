import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { artworks } from '../../db/schema/index.ts';
import { PUBLISH_JOB } from './schedule.ts';

/** Issue #34 (1): PATCH /api/v1/artworks/{id}/ takes the author's fields (publish_at too) and the staff's level. */
let app: FastifyInstance;
let author: UserRow;
let owner: Agent;
let staff: Agent;
let stranger: Agent;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app);
  owner = new Agent(app, 'en');
  await loginAs(owner, author);
  staff = new Agent(app, 'en');
  await loginAs(staff, await buildStaff(app));
  stranger = new Agent(app, 'ko');
  await loginAs(stranger, await buildUser(app));
});
afterAll(() => app.close());

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const row = async (id: number) => (await app.db.select().from(artworks).where(eq(artworks.id, id)))[0];
const publishJobs = async (id: number) =>
  (await app.db.execute(sql`select id from jobs where kind = ${PUBLISH_JOB} and payload->>'artwork' = ${String(id)}`)) as unknown as
    | { rows: unknown[] }
    | unknown[];
const count = (r: { rows: unknown[] } | unknown[]) => ('rows' in r ? r.rows.length : r.length);

describe('PATCH /api/v1/artworks/{id}/ (issue #34.1)', () => {
  it("the author schedules, changes and cancels publish_at and edits fields, with PUT's rules", async () => {
    const draft = await buildArtwork(app, author, { draft: true, publishedAt: null });
    const at = inHours(6);
    const scheduled = await owner.patch(`/api/v1/artworks/${draft.id}/`, { publish_at: at });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({ id: draft.id, draft: true, visible: false, publish_at: at, published_at: null });
    expect(count(await publishJobs(draft.id))).toBe(1);
    const later = inHours(30);
    expect((await owner.patch(`/api/v1/artworks/${draft.id}/`, { publish_at: later, title: 'Renamed' })).json()).toMatchObject({
      publish_at: later,
      title: 'Renamed',
    });
    expect((await owner.patch(`/api/v1/artworks/${draft.id}/`, { publish_at: null })).json()).toMatchObject({ publish_at: null, draft: true });
    expect(await row(draft.id)).toMatchObject({ publishAt: null, title: 'Renamed', draft: true });
  });

  it.each([
    ['en', () => new Date(Date.now() - 60_000).toISOString(), 'The scheduled time must be in the future.'],
    ['ko', () => inHours(24 * 400), '예약은 1년 이내로만 할 수 있습니다.'],
    ['ko', () => 'tomorrow', '날짜와 시간을 올바르게 입력하세요.'],
  ])('%s: a bad publish_at is a 400 under publish_at, and nothing changes', async (lang, when, message) => {
    const draft = await buildArtwork(app, author, { draft: true, publishedAt: null, title: 'Untouched' });
    const as = new Agent(app, lang as 'ko' | 'en');
    await loginAs(as, author);
    const res = await as.patch(`/api/v1/artworks/${draft.id}/`, { publish_at: when(), title: 'Changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().publish_at).toEqual([message]);
    expect(await row(draft.id)).toMatchObject({ title: 'Untouched', publishAt: null });
  });

  it('permission per field: level is staff’s, every other field the author’s', async () => {
    const work = await buildArtwork(app, author, { title: 'Levelled' });
    // Staff set the level (unchanged behaviour), but not the author's fields.
    expect((await staff.patch(`/api/v1/artworks/${work.id}/`, { level: 3 })).json()).toMatchObject({ level: 3 });
    expect((await staff.patch(`/api/v1/artworks/${work.id}/`, { title: 'By staff' })).statusCode).toBe(403);
    expect((await staff.patch(`/api/v1/artworks/${work.id}/`, { title: 'By staff', level: 2 })).statusCode).toBe(403);
    // The author may not set a level, even with fields of their own.
    expect((await owner.patch(`/api/v1/artworks/${work.id}/`, { level: 5 })).statusCode).toBe(403);
    expect((await owner.patch(`/api/v1/artworks/${work.id}/`, { title: 'Mine', level: 5 })).statusCode).toBe(403);
    expect((await stranger.patch(`/api/v1/artworks/${work.id}/`, { title: 'Theirs' })).statusCode).toBe(403);
    expect((await new Agent(app).patch(`/api/v1/artworks/${work.id}/`, { title: 'Guest' })).statusCode).toBe(403);
    expect(await row(work.id)).toMatchObject({ title: 'Levelled', level: 3 });
    // A staff member who is the author sets both in one save.
    const staffAuthor = await buildStaff(app, { isPremium: true });
    const own = await buildArtwork(app, staffAuthor);
    const as = new Agent(app, 'en');
    await loginAs(as, staffAuthor);
    expect((await as.patch(`/api/v1/artworks/${own.id}/`, { title: 'Both', level: 4 })).json()).toMatchObject({ title: 'Both', level: 4 });
  });

  it('an empty change is a 400; an unknown or malformed id a 404', async () => {
    const work = await buildArtwork(app, author);
    expect((await owner.patch(`/api/v1/artworks/${work.id}/`, {})).json()).toEqual({
      non_field_errors: ['Nothing to change: the request names no field to update.'],
    });
    expect((await owner.patch('/api/v1/artworks/99999999/', { title: 'x' })).statusCode).toBe(404);
    expect((await owner.patch('/api/v1/artworks/abc/', { title: 'x' })).statusCode).toBe(404);
    expect((await staff.patch('/api/v1/artworks/99999999/', { level: 1 })).statusCode).toBe(404);
    // A bad field is the user's language's 400, never a 500.
    expect((await owner.patch(`/api/v1/artworks/${work.id}/`, { title: 'x'.repeat(500) })).statusCode).toBe(400);
  });
});

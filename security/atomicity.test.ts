import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artworks,
  artworkTags,
  collections,
  follows,
  inviteAnswers,
  inviteApplications,
  inviteQuestions,
  inviteSubscriptions,
  tags,
} from '../apps/api/src/db/schema/index.ts';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser, loginAs, type UserRow } from '../apps/api/test/factories.ts';
import { report } from './seed.ts';

/**
 * Issue #15 (6), atomicity under retries: twenty identical requests fired at once (a double click, a client that
 * retries) leave exactly one row, on PostgreSQL with real concurrency; a request that fails half-way leaves none.
 */
let app: FastifyInstance;
let artist: UserRow;
let fan: UserRow;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0 });
  artist = await buildPremium(app);
  fan = await buildUser(app);
});
afterAll(() => app?.close());

const TIMES = 20;
async function at(user: UserRow) {
  const agent = new Agent(app, 'en');
  await loginAs(agent, user);
  await agent.get('/healthz');
  return agent;
}
const fired: Record<string, number[]> = {};
async function burst(name: string, fire: () => Promise<{ statusCode: number }>) {
  const answers = await Promise.all(Array.from({ length: TIMES }, fire));
  fired[name] = answers.map((a) => a.statusCode);
  for (const a of answers) expect(a.statusCode).toBeLessThan(500);
}

describe('twenty identical requests at once (issue #15)', () => {
  it('collect: one collection row', async () => {
    const artwork = await buildArtwork(app, artist);
    const agent = await at(fan);
    await burst('collect', () => agent.post('/api/v1/collections/', { artwork: artwork.id }));
    expect(await app.db.$count(collections, and(eq(collections.userId, fan.id), eq(collections.artworkId, artwork.id)))).toBe(1);
  });

  it('subscribe: one subscription row, every answer naming it', async () => {
    const invite = await buildInvite(app, artist);
    const agent = await at(fan);
    const answers = await Promise.all(Array.from({ length: TIMES }, () => agent.post('/api/v1/invite-subscriptions/', { invite: invite.id })));
    fired.subscribe = answers.map((a) => a.statusCode);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await app.db.$count(inviteSubscriptions, and(eq(inviteSubscriptions.userId, fan.id), eq(inviteSubscriptions.inviteId, invite.id)))).toBe(1);
  });

  it('follow: one follow row, every answer naming it, one 201 (issue #17)', async () => {
    const followed = await buildPremium(app);
    const agent = await at(fan);
    const answers = await Promise.all(Array.from({ length: TIMES }, () => agent.post('/api/v1/follows/', { artist: followed.id })));
    fired.follow = answers.map((a) => a.statusCode);
    for (const a of answers) expect(a.statusCode).toBeLessThan(300);
    expect(fired.follow.filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await app.db.$count(follows, and(eq(follows.followerId, fan.id), eq(follows.artistId, followed.id)))).toBe(1);
  });

  it('apply: one application with its answers; the others are told it is already in', async () => {
    const invite = await buildInvite(app, artist);
    const [question] = await app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'Why?', order: 0 }).returning();
    const applicant = await buildPremium(app);
    const artwork = await buildArtwork(app, applicant);
    const agent = await at(applicant);
    await burst('apply', () =>
      agent.post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id, answers: [{ question: question.id, answer: 'Because' }] }),
    );
    expect(fired.apply.filter((s) => s === 201)).toHaveLength(1);
    const rows = await app.db.select().from(inviteApplications).where(eq(inviteApplications.inviteId, invite.id));
    expect(rows).toHaveLength(1);
    expect(await app.db.$count(inviteAnswers, eq(inviteAnswers.applicationId, rows[0].id))).toBe(1);
  });

  it('a request that fails half-way leaves nothing: an application whose second answer is for another call', async () => {
    const invite = await buildInvite(app, artist);
    const other = await buildInvite(app, artist);
    const [mine] = await app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'Mine?', order: 0 }).returning();
    const [foreign] = await app.db.insert(inviteQuestions).values({ inviteId: other.id, question: 'Theirs?', order: 0 }).returning();
    const applicant = await buildPremium(app);
    const artwork = await buildArtwork(app, applicant);
    const agent = await at(applicant);
    const res = await agent.post('/api/v1/invite-applications/', {
      invite: invite.id,
      artwork: artwork.id,
      answers: [
        { question: mine.id, answer: 'First' },
        { question: foreign.id, answer: 'Second' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(await app.db.$count(inviteApplications, eq(inviteApplications.inviteId, invite.id))).toBe(0);
    expect(await app.db.$count(inviteAnswers, eq(inviteAnswers.questionId, mine.id))).toBe(0);
  });
});

/**
 * The server gives up in the middle of a write (a PostgreSQL that shuts down, a killed backend): a trigger on the
 * second step's table raises `admin_shutdown` (57P01) after the first step has been written in the same transaction.
 */
async function killedOnInsertInto(table: string) {
  await app.db.execute(
    sql.raw(
      `create or replace function axoo_killed() returns trigger language plpgsql as $$ begin raise exception 'killed half-way' using errcode = '57P01'; end $$`,
    ),
  );
  await app.db.execute(sql.raw(`create trigger axoo_killed before insert on ${table} for each row execute function axoo_killed()`));
  return async () => void (await app.db.execute(sql.raw(`drop trigger axoo_killed on ${table}`)));
}

describe('a write killed half-way leaves nothing (issue #15)', () => {
  const killed: Record<string, number> = {};

  it('an application killed while its answers are written: no application, no answer, a clean 503', async () => {
    const invite = await buildInvite(app, artist);
    const [question] = await app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'Why?', order: 0 }).returning();
    const applicant = await buildPremium(app);
    const artwork = await buildArtwork(app, applicant);
    const agent = await at(applicant);
    const revive = await killedOnInsertInto('invite_answers');
    try {
      const res = await agent.post('/api/v1/invite-applications/', {
        invite: invite.id,
        artwork: artwork.id,
        answers: [{ question: question.id, answer: 'Because' }],
      });
      killed.application = res.statusCode;
      expect(res.statusCode).toBe(503);
    } finally {
      await revive();
    }
    expect(await app.db.$count(inviteApplications, eq(inviteApplications.inviteId, invite.id))).toBe(0);
    expect(await app.db.$count(inviteAnswers, eq(inviteAnswers.questionId, question.id))).toBe(0);
    // Once the database is whole again, the same request goes through.
    const again = await agent.post('/api/v1/invite-applications/', {
      invite: invite.id,
      artwork: artwork.id,
      answers: [{ question: question.id, answer: 'Because' }],
    });
    expect(again.statusCode).toBe(201);
  });

  it('an artwork saved with new tags, killed while they are linked: the title, the tags and their links as before', async () => {
    const artwork = await buildArtwork(app, artist, { title: 'Before' });
    const agent = await at(artist);
    const first = await agent.put(`/api/v1/artworks/${artwork.id}/`, { tags: ['kept-tag'] });
    expect(first.statusCode).toBe(200);
    const revive = await killedOnInsertInto('artwork_tags');
    try {
      const res = await agent.put(`/api/v1/artworks/${artwork.id}/`, { title: 'After', tags: ['kept-tag', 'half-way-tag'] });
      killed.artwork = res.statusCode;
      expect(res.statusCode).toBe(503);
    } finally {
      await revive();
    }
    const [row] = await app.db.select({ title: artworks.title }).from(artworks).where(eq(artworks.id, artwork.id));
    expect(row.title).toBe('Before');
    expect(await app.db.$count(tags, eq(tags.name, 'half-way-tag'))).toBe(0);
    expect(await app.db.$count(artworkTags, eq(artworkTags.artworkId, artwork.id))).toBe(1);
    report('atomicity', { burst: TIMES, statuses: fired, killedHalfWay: killed });
  });
});

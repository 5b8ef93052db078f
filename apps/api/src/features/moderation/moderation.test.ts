import { REPORT_LIMITS } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { reports } from '../../db/schema/index.ts';

/** Issue #31, reports: one model for artworks, users, open calls and messages. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
});
afterAll(() => app.close());

async function as(user: UserRow | null, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (user) await loginAs(agent, user);
  return agent;
}

describe('POST /api/v1/reports/ (issue #31)', () => {
  it('files one open report per reporter and target: 201, then 200 with the same id; after staff resolve it, a new one', async () => {
    const artist = await buildPremium(app);
    const work = await buildArtwork(app, artist);
    const reporter = await as(await buildUser(app));
    const first = await reporter.post('/api/v1/reports/', { target: 'artwork', target_id: work.id, reason: 'stolen', detail: 'My drawing' });
    expect(first.statusCode).toBe(201);
    const again = await reporter.post('/api/v1/reports/', { target: 'artwork', target_id: work.id, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: first.json().id });
    const [row] = await app.db.select().from(reports).where(eq(reports.id, first.json().id));
    expect(row).toMatchObject({ target: 'artwork', targetId: work.id, reason: 'stolen', detail: 'My drawing', status: 'open' });
    await app.db.update(reports).set({ status: 'resolved', resolvedAt: new Date() }).where(eq(reports.id, row.id));
    const later = await reporter.post('/api/v1/reports/', { target: 'artwork', target_id: work.id, reason: 'stolen' });
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(row.id);
    // Another reporter of the same work files their own.
    const other = await (await as(await buildUser(app))).post('/api/v1/reports/', { target: 'artwork', target_id: work.id, reason: 'stolen' });
    expect(other.statusCode).toBe(201);
  });

  it('reports a user and an open call; guests are refused before the body', async () => {
    const owner = await buildUser(app);
    const invite = await buildInvite(app, owner);
    const reporter = await as(await buildUser(app));
    expect((await reporter.post('/api/v1/reports/', { target: 'user', target_id: owner.id, reason: 'harassment' })).statusCode).toBe(201);
    expect((await reporter.post('/api/v1/reports/', { target: 'invite', target_id: invite.id, reason: 'spam' })).statusCode).toBe(201);
    const guest = await as(null);
    expect((await guest.post('/api/v1/reports/', { target: 'user', target_id: owner.id, reason: 'spam' })).statusCode).toBe(403);
    expect((await guest.post('/api/v1/reports/', {})).statusCode).toBe(403);
  });

  it('refuses bad input per field in the viewer language, nothing unseen, nothing of their own', async () => {
    const me = await buildPremium(app);
    const mine = await buildArtwork(app, me);
    const draft = await buildArtwork(app, await buildPremium(app), { draft: true });
    const en = await as(me);
    const bad = await en.post('/api/v1/reports/', { target: 'poem', target_id: 0, reason: 'boring', detail: 'x'.repeat(1001) });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['detail', 'reason', 'target', 'target_id']);
    expect(bad.json().target).toEqual(['Select a valid choice.']);
    const ko = await as(me, 'ko');
    expect((await ko.post('/api/v1/reports/', { target: 'artwork', target_id: mine.id, reason: 'spam' })).json()).toEqual({
      target_id: ['자기 자신이나 자신의 작품·공모는 신고할 수 없습니다.'],
    });
    expect((await en.post('/api/v1/reports/', { target: 'user', target_id: me.id, reason: 'spam' })).statusCode).toBe(400);
    // A draft of someone else and an id with no row name nothing.
    for (const [target, id] of [
      ['artwork', draft.id],
      ['artwork', 999_999],
      ['user', 999_999],
      ['invite', 999_999],
      ['message', 999_999],
    ] as const) {
      const answer = await en.post('/api/v1/reports/', { target, target_id: id, reason: 'spam' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ target_id: ['There is nothing to report with this id.'] });
    }
  });

  it('a message: only the other person of its conversation reports it; the old path files the same model', async () => {
    const artist = await buildPremium(app);
    const brand = await buildUser(app);
    const stranger = await as(await buildUser(app));
    const b = await as(brand);
    const started = await b.post('/api/v1/conversations/', { artist: artist.id, subject: 'Work', body: `Hello ${Math.random()}` });
    expect(started.statusCode).toBe(201);
    const conversation = started.json().id as number;
    const message = (await b.get(`/api/v1/conversations/${conversation}/`)).json().messages[0].id as number;
    expect((await stranger.post('/api/v1/reports/', { target: 'message', target_id: message, reason: 'spam' })).statusCode).toBe(400);
    expect((await b.post('/api/v1/reports/', { target: 'message', target_id: message, reason: 'spam' })).json()).toEqual({
      target_id: ['You cannot report yourself or your own work.'],
    });
    const a = await as(artist);
    const old = await a.post(`/api/v1/conversations/${conversation}/report/`, { reason: 'Insults' });
    expect(old.statusCode).toBe(201);
    const fresh = await a.post('/api/v1/reports/', { target: 'message', target_id: message, reason: 'harassment' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().id).toBe(old.json().id);
    const [row] = await app.db.select().from(reports).where(eq(reports.id, old.json().id));
    expect(row).toMatchObject({ target: 'message', targetId: message, reason: 'other', detail: 'Insults' });
  });

  it('limits a young account per day (429 with Retry-After, in the viewer language); repeats do not count', async () => {
    const reporter = await buildUser(app);
    const targets = await Promise.all(Array.from({ length: REPORT_LIMITS.newAccount.day + 1 }, () => buildUser(app)));
    const ko = await as(reporter, 'ko');
    // Filed earlier today, straight into the table (the route's per-minute limit is not what is tested here).
    await app.db
      .insert(reports)
      .values(
        targets
          .slice(0, REPORT_LIMITS.newAccount.day)
          .map((t) => ({ target: 'user' as const, targetId: t.id, reporterId: reporter.id, reason: 'spam' as const })),
      );
    const repeat = await ko.post('/api/v1/reports/', { target: 'user', target_id: targets[0].id, reason: 'spam' });
    expect(repeat.statusCode).toBe(200);
    const over = await ko.post('/api/v1/reports/', { target: 'user', target_id: targets[REPORT_LIMITS.newAccount.day].id, reason: 'spam' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().detail).toContain(`${REPORT_LIMITS.newAccount.day}건`);
  });
});

import { artworkPath, translate } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, agentAt, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { artworks, jobs, moderationAudit, notifications, repostHolds, takedowns } from '../../db/schema/index.ts';

/**
 * Issue #31, takedowns from outside (the policy of /about/takedown/): a rights holder without an account sends a
 * notice; unconfirmed it does nothing; the mailed signed link confirms it and the work is hidden at once (a temporary
 * measure of at most 30 days, 정보통신망법 §44-2); the uploader is told (ko/en) and may counter once; staff remove or
 * restore, audit-logged; 30 days without a decision end the measure (the `takedowns.expire` job); per-IP limits.
 */
let app: FastifyInstance;
let uploader: UserRow;
let stranger: UserRow;
const agents: Record<'uploader' | 'stranger' | 'staff', Agent> = {} as never;
let ip = 0;
const guest = (lang: 'ko' | 'en' = 'en') => agentAt(app, `198.51.100.${++ip}`, lang);

const notice = (artworkId: number, over: Record<string, unknown> = {}) => ({
  name: 'Mina Park',
  email: `holder${++ip}@example.com`,
  work_url: `https://gallery.example${artworkPath(artworkId)}`,
  original: 'My illustration "Night Ferry" (2021), first posted at https://example.com/night-ferry',
  good_faith: true,
  ...over,
});

/** The token of the confirmation link mailed to `to`. */
async function mailedLink(to: string) {
  const [mail] = await mailsTo(app, to);
  const link = /https?:\/\/\S+\/about\/takedown\/confirm\/\?n=(\d+)&t=([\w-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no confirmation link mailed to ${to}`);
  return { id: Number(link[1]), token: link[2], mail };
}

/** Sends a notice and confirms it through its mailed link; answers its id. */
async function confirmedNotice(artworkId: number) {
  const body = notice(artworkId);
  expect((await guest().post('/api/v1/takedowns/', body)).statusCode).toBe(201);
  const { id, token } = await mailedLink(body.email);
  const res = await guest().post(`/api/v1/takedowns/${id}/confirm/`, { token });
  expect(res.json()).toEqual({ id, status: 'active' });
  return id;
}

const stateOf = async (id: number) => (await app.db.select().from(artworks).where(eq(artworks.id, id)))[0];

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0, TRUST_PROXY: 1 });
  uploader = await buildPremium(app, { language: 'ko', slug: 'ferryman', username: 'ferryman' });
  stranger = await buildUser(app);
  for (const [who, user] of [
    ['uploader', uploader],
    ['stranger', stranger],
    ['staff', await buildStaff(app)],
  ] as const) {
    agents[who] = new Agent(app, 'en');
    await loginAs(agents[who], user);
  }
});
afterAll(() => app.close());

describe('a takedown notice (issue #31)', () => {
  let work: { id: number };
  let noticeId: number;

  beforeAll(async () => {
    work = await buildArtwork(app, uploader, { title: 'Night Ferry repost', level: 5 });
  });

  it('is received from a guest (201) and, unconfirmed, does nothing', async () => {
    const body = notice(work.id);
    const res = await guest().post('/api/v1/takedowns/', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'unconfirmed' });
    expect(await stateOf(work.id)).toMatchObject({ moderationState: 'none', visible: true });
    expect((await agents.uploader.get(`/api/v1/artworks/${work.id}/takedowns/`)).json()).toEqual([]);
    expect((await agents.staff.get('/api/v1/admin/takedowns/')).json().results).toEqual([]);
    const { id, token, mail } = await mailedLink(body.email);
    expect(id).toBe(res.json().id);
    expect(mail.subject).toContain('confirm');
    noticeId = id;
    // A wrong token, or one for another notice, changes nothing.
    expect((await guest().post(`/api/v1/takedowns/${id}/confirm/`, { token: `${token}x` })).statusCode).toBe(400);
    expect((await guest().post(`/api/v1/takedowns/${id}/confirm/`, { token: token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).statusCode).toBe(400);
    expect((await guest().post('/api/v1/takedowns/999999/confirm/', { token })).statusCode).toBe(400);
    expect(await stateOf(work.id)).toMatchObject({ moderationState: 'none' });
  });

  it('bad input is a 400 with each field’s message in Korean', async () => {
    const ko = guest('ko');
    const res = await ko.post('/api/v1/takedowns/', { name: '', email: 'not-an-address', work_url: 'x', original: '', good_faith: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      name: [translate('ko', 'field.required')],
      email: [translate('ko', 'field.invalid_email')],
      original: [translate('ko', 'field.required')],
      good_faith: [translate('ko', 'takedown.good_faith_required')],
    });
    for (const url of ['https://gallery.example/about/', 'https://gallery.example/artwork/999999/', 'not a url at all']) {
      const wrong = await ko.post('/api/v1/takedowns/', notice(work.id, { work_url: url }));
      expect(wrong.statusCode, url).toBe(400);
      expect(wrong.json().work_url).toEqual([translate('ko', 'takedown.url_not_artwork')]);
    }
    const draft = await buildArtwork(app, uploader, { draft: true });
    expect((await ko.post('/api/v1/takedowns/', notice(draft.id))).statusCode).toBe(400);
  });

  it('confirmed through the mailed link, hides the work at once for others, and a second click answers the same', async () => {
    const [row] = await app.db.select().from(takedowns).where(eq(takedowns.id, noticeId));
    const { token } = await mailedLink(row.email);
    const res = await guest().post(`/api/v1/takedowns/${noticeId}/confirm/`, { token });
    expect(res.json()).toEqual({ id: noticeId, status: 'active' });
    expect((await guest().post(`/api/v1/takedowns/${noticeId}/confirm/`, { token })).json()).toEqual({ id: noticeId, status: 'active' });
    expect(await stateOf(work.id)).toMatchObject({ moderationState: 'hidden', moderationReason: 'takedown', visible: false });
    const [after] = await app.db.select().from(takedowns).where(eq(takedowns.id, noticeId));
    expect(after.expiresAt!.getTime() - after.confirmedAt!.getTime()).toBe(30 * 86_400_000);
    const visitor = new Agent(app, 'en');
    expect((await visitor.get(`/api/v1/artworks/${work.id}/`)).statusCode).toBe(404);
    expect((await visitor.get('/api/v1/artworks/')).json().results.map((a: { id: number }) => a.id)).not.toContain(work.id);
    expect((await visitor.get(`/api/v1/users/${uploader.id}/artworks/`)).json().results.map((a: { id: number }) => a.id)).not.toContain(work.id);
    expect((await app.inject({ url: '/sitemaps/artworks-1.xml' })).body).not.toContain(artworkPath(work.id));
    const oembed = await app.inject({ url: `/api/oembed?url=${encodeURIComponent(`http://localhost${artworkPath(work.id)}`)}&format=json` });
    expect(oembed.statusCode).toBe(404);
    expect((await agents.uploader.get(`/api/v1/artworks/${work.id}/`)).json()).toMatchObject({ moderation_state: 'hidden', moderation_reason: 'takedown' });
    const audit = await app.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, work.id));
    expect(audit.map((a) => a.action)).toEqual(['takedown_hide']);
  });

  it('tells the uploader: a notice leading to the notices page and a mail in their language (ko)', async () => {
    const [told] = await app.db.select().from(notifications).where(eq(notifications.userId, uploader.id));
    expect(told).toMatchObject({ type: 'takedown', artworkId: work.id });
    const list = (await agents.uploader.get('/api/v1/notifications/')).json().results;
    expect(list[0]).toMatchObject({ type: 'takedown', link: `/notices/${work.id}/` });
    const [mail] = await mailsTo(app, uploader.email);
    expect(mail.subject).toContain('임시조치');
    expect(mail.text).toContain(`/notices/${work.id}/`);
  });

  it('the uploader and staff read the notice (never the rights holder’s e-mail but staff); others are refused', async () => {
    const [mine] = (await agents.uploader.get(`/api/v1/artworks/${work.id}/takedowns/`)).json();
    expect(mine).toMatchObject({ id: noticeId, status: 'active', name: 'Mina Park', artwork: { id: work.id } });
    expect(mine.email).toBeUndefined();
    expect((await agents.stranger.get(`/api/v1/artworks/${work.id}/takedowns/`)).statusCode).toBe(403);
    expect((await new Agent(app).get(`/api/v1/artworks/${work.id}/takedowns/`)).statusCode).toBe(403);
    for (const who of ['stranger', 'uploader'] as const) {
      expect((await agents[who].get('/api/v1/admin/takedowns/')).statusCode, who).toBe(403);
      expect((await agents[who].patch(`/api/v1/admin/takedowns/${noticeId}/`, { decision: 'restore' })).statusCode, who).toBe(403);
    }
    const staffList = (await agents.staff.get('/api/v1/admin/takedowns/')).json();
    expect(staffList.results[0]).toMatchObject({ id: noticeId, email: expect.stringContaining('@example.com'), uploader: { id: uploader.id } });
  });

  it('the uploader counters once (others 403; bad input 400 in Korean)', async () => {
    expect((await agents.stranger.post(`/api/v1/takedowns/${noticeId}/counter/`, { text: 'Mine', good_faith: true })).statusCode).toBe(403);
    const ko = new Agent(app, 'ko');
    await loginAs(ko, uploader);
    const bad = await ko.post(`/api/v1/takedowns/${noticeId}/counter/`, { text: '', good_faith: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ text: [translate('ko', 'field.required')], good_faith: [translate('ko', 'takedown.good_faith_required')] });
    const res = await agents.uploader.post(`/api/v1/takedowns/${noticeId}/counter/`, {
      text: 'I painted this in 2020; sketches attached on request.',
      good_faith: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'countered', counter_text: 'I painted this in 2020; sketches attached on request.' });
    const again = await ko.post(`/api/v1/takedowns/${noticeId}/counter/`, { text: 'Again', good_faith: true });
    expect(again.statusCode).toBe(400);
    expect(again.json().non_field_errors).toEqual([translate('ko', 'takedown.countered_already')]);
  });

  it('staff restore it: the work shows again, the decision is audit-logged and the rights holder mailed; a second decision is a 400', async () => {
    expect((await agents.staff.patch(`/api/v1/admin/takedowns/${noticeId}/`, { decision: 'maybe' })).statusCode).toBe(400);
    const res = await agents.staff.patch(`/api/v1/admin/takedowns/${noticeId}/`, { decision: 'restore', note: 'The counter-notice shows earlier sketches' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'restored', decision: 'restore', note: 'The counter-notice shows earlier sketches' });
    expect(await stateOf(work.id)).toMatchObject({ moderationState: 'none', visible: true });
    expect((await new Agent(app).get(`/api/v1/artworks/${work.id}/`)).statusCode).toBe(200);
    const audit = await app.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, work.id));
    expect(audit.map((a) => a.action)).toEqual(['takedown_hide', 'takedown_restore']);
    const [row] = await app.db.select().from(takedowns).where(eq(takedowns.id, noticeId));
    const mails = await mailsTo(app, row.email);
    expect(mails.at(-1)?.text).toContain('restored');
    expect((await agents.staff.patch(`/api/v1/admin/takedowns/${noticeId}/`, { decision: 'remove' })).statusCode).toBe(400);
    expect((await agents.uploader.post(`/api/v1/takedowns/${noticeId}/counter/`, { text: 'Late', good_faith: true })).statusCode).toBe(400);
    expect((await agents.staff.get('/api/v1/admin/takedowns/?status=decided')).json().results.map((t: { id: number }) => t.id)).toContain(noticeId);
  });

  it('staff remove another: the work is deleted for good', async () => {
    const other = await buildArtwork(app, uploader, { title: 'Second repost' });
    const id = await confirmedNotice(other.id);
    const res = await agents.staff.patch(`/api/v1/admin/takedowns/${id}/`, { decision: 'remove', note: 'Infringing' });
    expect(res.json()).toMatchObject({ status: 'removed', artwork: null });
    expect(await app.db.select().from(artworks).where(eq(artworks.id, other.id))).toEqual([]);
    const [audit] = await app.db.select().from(moderationAudit).where(eq(moderationAudit.action, 'takedown_remove'));
    expect(audit).toMatchObject({ targetId: other.id, note: 'Infringing' });
  });

  it('30 days without a decision end the measure through the job: the work shows again, audit-logged', async () => {
    const later = await buildArtwork(app, uploader, { title: 'Third repost' });
    const id = await confirmedNotice(later.id);
    expect(await stateOf(later.id)).toMatchObject({ moderationState: 'hidden' });
    // Before its time the job is not due: draining changes nothing.
    await app.jobs.drain();
    expect(await stateOf(later.id)).toMatchObject({ moderationState: 'hidden' });
    const past = new Date(Date.now() - 1000);
    await app.db.update(takedowns).set({ expiresAt: past }).where(eq(takedowns.id, id));
    await app.db
      .update(jobs)
      .set({ runAt: past })
      .where(eq(jobs.key, `takedowns.expire:${id}`));
    await app.jobs.drain();
    expect(await stateOf(later.id)).toMatchObject({ moderationState: 'none', visible: true });
    const [row] = await app.db.select().from(takedowns).where(eq(takedowns.id, id));
    expect(row.status).toBe('expired');
    const [audit] = await app.db.select().from(moderationAudit).where(eq(moderationAudit.action, 'takedown_expire'));
    expect(audit).toMatchObject({ targetId: later.id });
  });

  it('a work held as a possible repost goes back to held, not public, when a takedown on it is restored', async () => {
    const held = await buildArtwork(app, uploader, { title: 'Held and noticed' });
    const id = await confirmedNotice(held.id);
    await app.db.insert(repostHolds).values({ artworkId: held.id, uploaderId: uploader.id });
    await agents.staff.patch(`/api/v1/admin/takedowns/${id}/`, { decision: 'restore' });
    expect(await stateOf(held.id)).toMatchObject({ moderationState: 'held', moderationReason: 'possible_repost', visible: false });
  });
});

describe('per-IP limits on the public notice (issue #31)', () => {
  it('the sixth notice from one address within the hour is a 429 with Retry-After; another address is not limited', async () => {
    const work = await buildArtwork(app, uploader);
    const one = guest();
    for (let i = 0; i < 5; i++) expect((await one.post('/api/v1/takedowns/', notice(work.id))).statusCode).toBe(201);
    const sixth = await one.post('/api/v1/takedowns/', notice(work.id));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await guest().post('/api/v1/takedowns/', notice(work.id))).statusCode).toBe(201);
  });
});

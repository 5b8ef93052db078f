import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { conversationMessages, inviteApplications, inviteJurors, invites, moderationAudit } from '../../db/schema/index.ts';

/**
 * Issue #31, `hide` beyond artworks (migration 0032): staff hide a reported open call (only its owner, who reads the
 * reason, and staff see it; gone from every list, sitemap and share preview) or a message (the other participant sees
 * a placeholder, its author the reason); reversing the appeal shows them again; an account is suspended, never hidden.
 */
let app: FastifyInstance;
let staff: UserRow;
let s: Agent;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  staff = await buildStaff(app, { name: 'Moderator' });
  s = await as(staff);
});
afterAll(() => app.close());

async function as(user: UserRow | null, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (user) await loginAs(agent, user);
  return agent;
}

async function reportBy(target: 'invite' | 'message' | 'user', id: number, reporter?: UserRow) {
  const answer = await (await as(reporter ?? (await buildUser(app)))).post('/api/v1/reports/', { target, target_id: id, reason: 'spam', detail: 'x' });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json().id as number;
}

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);

/** Where a call can be found by someone who is not its owner or staff. */
async function foundBy(agent: Agent, id: number) {
  const list = ids((await agent.get('/api/v1/invites/?limit=100')).json()).includes(id);
  const sitemap = (await agent.get('/sitemaps/invites-1.xml')).body.includes(`/goodluck/${id}/`);
  const detail = (await agent.get(`/api/v1/invites/${id}/`)).statusCode;
  const selected = (await agent.get(`/api/v1/invites/${id}/artworks/?selected=true`)).statusCode;
  const page = await agent.get(`/goodluck/${id}/`);
  const preview = page.body.includes('Scam call title');
  return { list, sitemap, detail, selected, preview };
}

describe('hide an open call (issue #31)', () => {
  it('only its owner (with the reason) and staff see it; reversing the appeal brings it back', async () => {
    const owner = await buildUser(app, { language: 'ko' });
    const call = await buildInvite(app, owner, { title: 'Scam call title', status: 'selection' });
    const member = await as(await buildUser(app));
    const guest = await as(null);
    const shown = { list: true, sitemap: true, detail: 200, preview: true };
    expect(await foundBy(guest, call.id)).toMatchObject(shown);

    const artist = await buildPremium(app);
    const entry = await buildArtwork(app, artist);
    await app.db.insert(inviteApplications).values({ inviteId: call.id, artworkId: entry.id, applicantId: artist.id });
    expect((await guest.get(`/api/v1/artworks/${entry.id}/`)).json().inviteapplication_set.map((a: { invite: number }) => a.invite)).toContain(call.id);
    const lead = await reportBy('invite', call.id);
    const hidden = await s.patch(`/api/v1/admin/reports/${lead}/`, { action: 'hide', note: 'Asks artists for money' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ action: 'hide', status: 'resolved', target: 'invite' });
    const [row] = await app.db.select().from(invites).where(eq(invites.id, call.id));
    expect(row).toMatchObject({ moderationState: 'hidden', moderationReason: 'Asks artists for money' });

    const gone = { list: false, sitemap: false, detail: 404, selected: 404, preview: false };
    // An entry's artwork no longer names the hidden call to its viewers.
    const named = async () => (await guest.get(`/api/v1/artworks/${entry.id}/`)).json().inviteapplication_set.map((a: { invite: number }) => a.invite);
    expect(await foundBy(guest, call.id)).toEqual(gone);
    expect(await foundBy(member, call.id)).toEqual(gone);
    expect(await named()).not.toContain(call.id);
    // Nor its questions (they were readable by anyone who knew the call's id).
    for (const viewer of [guest, member]) expect((await viewer.get(`/api/v1/invite-questions/?invite=${call.id}`)).statusCode).toBe(404);
    // Nobody else subscribes to or enters a call they cannot see.
    expect((await member.post('/api/v1/invite-subscriptions/', { invite: call.id })).json()).toMatchObject({ invite: expect.any(Array) });

    const mine = await as(owner, 'ko');
    const seen = await mine.get(`/api/v1/invites/${call.id}/`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ moderation_state: 'hidden', moderation_reason: 'Asks artists for money', can_edit: true });
    expect(ids((await mine.get('/api/v1/invites/?owner=me&limit=100')).json())).toContain(call.id);
    expect((await mine.get(`/api/v1/invites/${call.id}/artworks/`)).statusCode).toBe(200);
    expect((await mine.get(`/api/v1/invite-questions/?invite=${call.id}`)).statusCode).toBe(200);
    expect((await s.get(`/api/v1/invite-questions/?invite=${call.id}`)).statusCode).toBe(200);
    const staffSees = (await s.get(`/api/v1/invites/${call.id}/`)).json();
    expect(staffSees).toMatchObject({ moderation_state: 'hidden', moderation_reason: 'Asks artists for money' });
    expect(ids((await s.get('/api/v1/invites/?limit=100')).json())).toContain(call.id);

    const audit = await app.db.select().from(moderationAudit).where(eq(moderationAudit.reportId, lead));
    expect(audit).toEqual([expect.objectContaining({ action: 'hide', target: 'invite', targetId: call.id, note: 'Asks artists for money' })]);

    const appeal = await mine.post('/api/v1/appeals/', { report: lead, text: '정상적인 공모입니다.' });
    expect(appeal.statusCode, appeal.body).toBe(201);
    expect((await s.patch(`/api/v1/admin/appeals/${appeal.json().id}/`, { decision: 'reverse' })).statusCode).toBe(200);
    expect(await foundBy(member, call.id)).toMatchObject(shown);
    expect(await named()).toContain(call.id);
    expect((await guest.get(`/api/v1/invites/${call.id}/`)).json()).toMatchObject({ moderation_state: 'none', moderation_reason: '' });
    const trail = await app.db.select().from(moderationAudit).where(eq(moderationAudit.reportId, lead));
    expect(trail.map((a) => a.action)).toEqual(['hide', 'reverse']);
  });

  it('judging goes on: its jurors keep their queue (decided in docs/ARCHITECTURE.md), though its page is 404 to them', async () => {
    const owner = await buildUser(app);
    const call = await buildInvite(app, owner, { title: 'Judged call', status: 'examination' });
    const juror = await buildUser(app);
    await app.db.insert(inviteJurors).values({ inviteId: call.id, email: juror.email, userId: juror.id, accepted: new Date() });
    const j = await as(juror);
    expect((await j.get(`/api/v1/invites/${call.id}/judging/`)).statusCode).toBe(200);
    const lead = await reportBy('invite', call.id);
    expect((await s.patch(`/api/v1/admin/reports/${lead}/`, { action: 'hide', note: 'Misleading' })).statusCode).toBe(200);
    expect((await j.get(`/api/v1/invites/${call.id}/judging/`)).statusCode).toBe(200);
    expect((await j.get(`/api/v1/invites/${call.id}/`)).statusCode).toBe(404);
    expect((await (await as(owner)).get(`/api/v1/invites/${call.id}/dashboard/`)).statusCode).toBe(200);
  });
});

describe('hide a message (issue #31)', () => {
  it('the other participant sees a placeholder; its author sees it with the reason; reversing shows it again', async () => {
    const brand = await buildUser(app);
    const artist = await buildPremium(app);
    const body = `Insulting words ${Math.random()}`;
    const b = await as(brand);
    const started = await b.post('/api/v1/conversations/', { artist: artist.id, subject: 'Hi', body });
    const conversation = started.json().id as number;
    const [message] = await app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversation));
    const a = await as(artist);
    const lead = await reportBy('message', message.id, artist);
    expect((await s.patch(`/api/v1/admin/reports/${lead}/`, { action: 'hide', note: 'Insults' })).statusCode).toBe(200);

    const theirs = (await a.get(`/api/v1/conversations/${conversation}/`)).json();
    expect(theirs.messages[0]).toMatchObject({ id: message.id, mine: false, hidden: true, body: '', moderation_reason: '' });
    const inbox = (await a.get('/api/v1/conversations/')).json();
    expect(inbox.results.find((c: { id: number }) => c.id === conversation).preview).toBe('');
    expect(JSON.stringify(inbox)).not.toContain(body);
    const own = (await b.get(`/api/v1/conversations/${conversation}/`)).json();
    expect(own.messages[0]).toMatchObject({ mine: true, hidden: true, body, moderation_reason: 'Insults' });
    const audit = await app.db.select().from(moderationAudit).where(eq(moderationAudit.reportId, lead));
    expect(audit).toEqual([expect.objectContaining({ action: 'hide', target: 'message', targetId: message.id })]);

    const appeal = await b.post('/api/v1/appeals/', { report: lead, text: 'It was a joke' });
    expect((await s.patch(`/api/v1/admin/appeals/${appeal.json().id}/`, { decision: 'reverse' })).statusCode).toBe(200);
    const back = (await a.get(`/api/v1/conversations/${conversation}/`)).json();
    expect(back.messages[0]).toMatchObject({ hidden: false, body, moderation_reason: '' });
  });
});

describe('hide is not for accounts (issue #31)', () => {
  it('answers a 400 in ko naming suspend; members cannot act (403)', async () => {
    const user = await buildUser(app);
    const id = await reportBy('user', user.id);
    const ko = await as(staff, 'ko');
    const hide = await ko.patch(`/api/v1/admin/reports/${id}/`, { action: 'hide', note: 'x' });
    expect(hide.statusCode).toBe(400);
    expect(hide.json()).toEqual({ action: ['계정은 숨길 수 없습니다. 계정을 막으려면 정지를, 그 밖에는 경고나 삭제를 고르세요.'] });
    const bad = await ko.patch(`/api/v1/admin/reports/${id}/`, { action: 'hide' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['note']);
    const call = await buildInvite(app, await buildUser(app));
    const r = await reportBy('invite', call.id);
    expect((await (await as(await buildUser(app))).patch(`/api/v1/admin/reports/${r}/`, { action: 'hide', note: 'x' })).statusCode).toBe(403);
    const [row] = await app.db.select().from(invites).where(eq(invites.id, call.id));
    expect(row.moderationState).toBe('none');
  });
});

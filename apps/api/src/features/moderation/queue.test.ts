import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, PASSWORD, type UserRow } from '../../../test/factories.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { appeals, artworks, conversationMessages, invites, media, moderationAudit, notifications, reports, users } from '../../db/schema/index.ts';

/**
 * Issue #31, reports and the queue: staff's grouped queue, the five actions (each resolving every open report of the
 * target, telling the owner, audit-logged in the same transaction), appeals once per action, and reversals.
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

/** Files a report of the target by a new member; answers the report's id. */
async function reportBy(target: 'artwork' | 'user' | 'invite' | 'message', id: number, reason = 'stolen', reporter?: UserRow) {
  const agent = await as(reporter ?? (await buildUser(app)));
  const answer = await agent.post('/api/v1/reports/', { target, target_id: id, reason, detail: `detail ${Math.random()}` });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json().id as number;
}

const groupOf = async (status: 'open' | 'resolved', target: string, id: number) => {
  const body = (await s.get(`/api/v1/admin/reports/?status=${status}&target=${target}&limit=100`)).json();
  return body.results.find((g: { target_id: number }) => g.target_id === id);
};

describe('GET /api/v1/admin/reports/ (issue #31)', () => {
  it('groups open reports by target with the number of reporters, oldest first, the target as its viewers see it', async () => {
    const artist = await buildPremium(app, { name: 'Grouped Artist' });
    const older = await buildArtwork(app, artist, { title: 'Older work' });
    const newer = await buildArtwork(app, artist, { title: 'Newer work', rating: 'mature', blurredCover: 'artworks/blurred/x.jpg' });
    const a = await reportBy('artwork', older.id);
    const b = await reportBy('artwork', newer.id, 'sexual');
    await reportBy('artwork', older.id, 'spam');
    await reportBy('artwork', older.id, 'spam');
    // The newer work's report is made the oldest of all: the queue follows the first report of each target.
    await app.db
      .update(reports)
      .set({ created: new Date(Date.now() - 3_600_000) })
      .where(eq(reports.id, b));
    await app.db
      .update(reports)
      .set({ created: new Date(Date.now() - 1_800_000) })
      .where(eq(reports.id, a));
    const page = (await s.get('/api/v1/admin/reports/?target=artwork&limit=100')).json();
    const ours = page.results.filter((g: { target_id: number }) => g.target_id === older.id || g.target_id === newer.id);
    expect(ours.map((g: { target_id: number }) => g.target_id)).toEqual([newer.id, older.id]);
    expect(ours[1]).toMatchObject({ id: a, status: 'open', reporters: 3, action: null, target: 'artwork' });
    expect(ours[1].reports).toHaveLength(3);
    expect(ours[1].subject).toMatchObject({ title: 'Older work', owner: { id: artist.id, name: 'Grouped Artist' }, path: `/artwork/${older.id}/` });
    // A mature cover shows blurred, as a viewer who has not opted in receives it.
    expect(ours[0].subject.cover).toBe('artworks/blurred/x.jpg');
    // Oldest first across the page; paged with a count.
    const firsts = page.results.map((g: { first: string }) => g.first);
    expect([...firsts].sort()).toEqual(firsts);
    expect(page.count).toBeGreaterThanOrEqual(2);
    const one = (await s.get('/api/v1/admin/reports/?target=artwork&limit=1')).json();
    expect(one.results).toHaveLength(1);
    expect(one.next).toContain('offset=1');
  });

  it('shows a user by name, an open call by title, a message by its text', async () => {
    const owner = await buildUser(app, { name: 'Shown Owner' });
    const invite = await buildInvite(app, owner, { title: 'Shown call' });
    await reportBy('user', owner.id, 'harassment');
    await reportBy('invite', invite.id, 'spam');
    const brand = await buildUser(app);
    const artist = await buildPremium(app);
    const started = await (await as(brand)).post('/api/v1/conversations/', { artist: artist.id, subject: 'Hi', body: `Rude words ${Math.random()}` });
    const [message] = await app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, started.json().id));
    await reportBy('message', message.id, 'harassment', artist);
    expect((await groupOf('open', 'user', owner.id)).subject).toMatchObject({ title: 'Shown Owner', path: `/${owner.slug}/` });
    expect((await groupOf('open', 'invite', invite.id)).subject).toMatchObject({ title: 'Shown call', owner: { id: owner.id } });
    expect((await groupOf('open', 'message', message.id)).subject).toMatchObject({ text: message.body, owner: { id: brand.id } });
  });

  it('refuses members and guests (403), and a bad filter is a 400 in the viewer language', async () => {
    expect((await (await as(await buildUser(app))).get('/api/v1/admin/reports/')).statusCode).toBe(403);
    expect((await (await as(null)).get('/api/v1/admin/reports/')).statusCode).toBe(403);
    const ko = await as(staff, 'ko');
    const bad = await ko.get('/api/v1/admin/reports/?status=maybe&target=poem');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['status', 'target']);
    expect(bad.json().status[0]).toMatch(/[가-힣]/);
  });
});

describe('PATCH /api/v1/admin/reports/{id}/ (issue #31)', () => {
  it('hide: resolves every open report of the work; only the owner (with the reason) and staff see it; told in their language; audited', async () => {
    const artist = await buildPremium(app, { language: 'ko', name: '숨김작가' });
    const work = await buildArtwork(app, artist, { title: 'Hideable unique' });
    const first = await reportBy('artwork', work.id);
    const second = await reportBy('artwork', work.id, 'spam');
    const done = await s.patch(`/api/v1/admin/reports/${second}/`, { action: 'hide', note: 'Copied from another artist' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: second, status: 'resolved', action: 'hide', reporters: 2, note: 'Copied from another artist' });
    const rows = await app.db.select().from(reports).where(eq(reports.targetId, work.id));
    for (const r of rows.filter((x) => x.target === 'artwork'))
      expect(r).toMatchObject({ status: 'resolved', action: 'hide', leadId: second, ownerId: artist.id });
    expect(rows.map((r) => r.id)).toContain(first);
    // Others: absent from the page, the gallery and its search; the owner reads the reason.
    const guest = await as(null);
    expect((await guest.get(`/api/v1/artworks/${work.id}/`)).statusCode).toBe(404);
    expect(JSON.stringify((await guest.get('/api/v1/artworks/?search=Hideable')).json())).not.toContain('Hideable unique');
    const owner = await as(artist);
    expect((await owner.get(`/api/v1/artworks/${work.id}/`)).json()).toMatchObject({
      moderation_state: 'hidden',
      moderation_reason: 'Copied from another artist',
    });
    expect((await s.get(`/api/v1/artworks/${work.id}/`)).statusCode).toBe(200);
    // Told: a notice and a mail in Korean with the reason and the signed way to appeal.
    const [notice] = await app.db.select().from(notifications).where(eq(notifications.userId, artist.id));
    expect(notice).toMatchObject({ type: 'moderation', key: `moderation:${second}` });
    // The bell's notice leads to the owner's moderation notices, where the appeal form is.
    expect((await owner.get('/api/v1/notifications/')).json().results).toContainEqual(expect.objectContaining({ type: 'moderation', link: '/moderation/' }));
    const [mail] = await mailsTo(app, artist.email);
    expect(mail.subject).toContain('운영 조치');
    expect(mail.text).toContain('Copied from another artist');
    expect(mail.text).toMatch(new RegExp(`/moderation/${second}/\\?token=`));
    const [entry] = await app.db.select().from(moderationAudit).where(eq(moderationAudit.reportId, second));
    expect(entry).toMatchObject({ action: 'hide', actorId: staff.id, actorName: 'Moderator', target: 'artwork', targetId: work.id });
    // Resolved: acting again is a 400; the queue lists it under resolved.
    const again = await (await as(staff, 'ko')).patch(`/api/v1/admin/reports/${first}/`, { action: 'dismiss' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ action: ['이미 처리된 신고입니다.'] });
    expect(await groupOf('open', 'artwork', work.id)).toBeUndefined();
    expect(await groupOf('resolved', 'artwork', work.id)).toMatchObject({ id: second, action: 'hide', reporters: 2 });
  });

  it('two staff acting at once on two reports of one target: one action wins, the other is told it is resolved (no 500)', async () => {
    const artist = await buildPremium(app);
    const work = await buildArtwork(app, artist);
    const a = await reportBy('artwork', work.id);
    const b = await reportBy('artwork', work.id, 'spam');
    const other = await as(await buildStaff(app));
    const answers = await Promise.all([
      s.patch(`/api/v1/admin/reports/${a}/`, { action: 'warn', note: 'First' }),
      other.patch(`/api/v1/admin/reports/${b}/`, { action: 'dismiss' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const audit = await app.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, work.id));
    expect(audit.filter((e) => e.target === 'artwork')).toHaveLength(1);
  });

  it('remove: the artwork and its files go for good, through the deletion path', async () => {
    const artist = await buildPremium(app);
    const key = `artworks/removal-${Date.now()}/cover.png`;
    await app.storage.put(key, Buffer.from('png'), 'image/png');
    const work = await buildArtwork(app, artist, { cover: key, croppedCover: key });
    const id = await reportBy('artwork', work.id);
    expect((await s.patch(`/api/v1/admin/reports/${id}/`, { action: 'remove', note: 'Stolen' })).statusCode).toBe(200);
    expect(await app.db.select().from(artworks).where(eq(artworks.id, work.id))).toEqual([]);
    await app.jobs.drain();
    expect(await app.storage.get(key)).toBeNull();
    // The queue still lists the resolved group, its target gone.
    expect(await groupOf('resolved', 'artwork', work.id)).toMatchObject({ action: 'remove', subject: null });
  });

  it('remove: an open call and a message', async () => {
    const owner = await buildUser(app);
    const invite = await buildInvite(app, owner);
    const id = await reportBy('invite', invite.id, 'spam');
    expect((await s.patch(`/api/v1/admin/reports/${id}/`, { action: 'remove', note: 'Scam call' })).statusCode).toBe(200);
    expect(await app.db.select().from(invites).where(eq(invites.id, invite.id))).toEqual([]);
    const brand = await buildUser(app);
    const artist = await buildPremium(app);
    const started = await (await as(brand)).post('/api/v1/conversations/', { artist: artist.id, subject: 'Hi', body: `Insult ${Math.random()}` });
    const [message] = await app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, started.json().id));
    const m = await reportBy('message', message.id, 'harassment', artist);
    expect((await s.patch(`/api/v1/admin/reports/${m}/`, { action: 'remove', note: 'Insult' })).statusCode).toBe(200);
    expect(await app.db.select().from(conversationMessages).where(eq(conversationMessages.id, message.id))).toEqual([]);
  });

  it('remove: an account goes for good with its files; it is told by mail that this cannot be appealed', async () => {
    const spammer = await buildPremium(app, { language: 'en' });
    const key = `artworks/spam-${Date.now()}/cover.png`;
    await app.storage.put(key, Buffer.from('png'), 'image/png');
    // Uploaded as the product stores it: a media record of the account.
    await app.db.insert(media).values({ key, ownerId: spammer.id, contentType: 'image/png', status: 'ready' });
    await buildArtwork(app, spammer, { cover: key, croppedCover: key });
    const id = await reportBy('user', spammer.id, 'spam');
    expect((await s.patch(`/api/v1/admin/reports/${id}/`, { action: 'remove', note: 'Spam account' })).statusCode).toBe(200);
    expect(await app.db.select().from(users).where(eq(users.id, spammer.id))).toEqual([]);
    const [mail] = await mailsTo(app, spammer.email);
    expect(mail.subject).toContain('Your account was removed');
    expect(mail.text).toContain('Spam account');
    expect(mail.text).not.toContain('token=');
    expect(await app.storage.get(key)).toBeNull();
    const [row] = await app.db.select().from(reports).where(eq(reports.id, id));
    expect(row).toMatchObject({ status: 'resolved', action: 'remove', leadId: id, ownerId: null });
  });

  it('warn: a notice only; dismiss: nothing for the owner; an account is suspended, not hidden (400)', async () => {
    const owner = await buildUser(app, { language: 'en' });
    const id = await reportBy('user', owner.id, 'spam');
    const ko = await as(staff, 'ko');
    const hide = await ko.patch(`/api/v1/admin/reports/${id}/`, { action: 'hide', note: 'x' });
    expect(hide.statusCode).toBe(400);
    expect(hide.json()).toEqual({ action: ['계정은 숨길 수 없습니다. 계정을 막으려면 정지를, 그 밖에는 경고나 삭제를 고르세요.'] });
    expect((await s.patch(`/api/v1/admin/reports/${id}/`, { action: 'warn', note: 'Stop spamming' })).statusCode).toBe(200);
    const [user] = await app.db.select().from(users).where(eq(users.id, owner.id));
    expect(user.suspendedAt).toBeNull();
    const mails = await mailsTo(app, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Stop spamming');
    const other = await buildUser(app);
    const d = await reportBy('user', other.id, 'spam');
    expect((await s.patch(`/api/v1/admin/reports/${d}/`, { action: 'dismiss' })).json()).toMatchObject({ action: 'dismiss', status: 'resolved' });
    expect(await mailsTo(app, other.email)).toEqual([]);
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, other.id))).toEqual([]);
  });

  it('suspend: the owner can no longer log in; members and guests are refused (403); bad input is a 400 in ko', async () => {
    const artist = await buildPremium(app);
    const work = await buildArtwork(app, artist);
    const id = await reportBy('artwork', work.id, 'hate');
    const member = await as(await buildUser(app));
    expect((await member.patch(`/api/v1/admin/reports/${id}/`, { action: 'dismiss' })).statusCode).toBe(403);
    expect((await (await as(null)).patch(`/api/v1/admin/reports/${id}/`, { action: 'dismiss' })).statusCode).toBe(403);
    const ko = await as(staff, 'ko');
    const bad = await ko.patch(`/api/v1/admin/reports/${id}/`, { action: 'ban', note: 'x'.repeat(1001) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().action[0]).toMatch(/[가-힣]/);
    expect(bad.json().note[0]).toMatch(/[가-힣]/);
    const noNote = await ko.patch(`/api/v1/admin/reports/${id}/`, { action: 'suspend' });
    expect(noNote.json()).toEqual({ note: ['소유자에게 알릴 사유를 적어 주세요. 기각 외의 조치에는 사유가 필요합니다.'] });
    expect((await ko.patch('/api/v1/admin/reports/999999/', { action: 'dismiss' })).statusCode).toBe(404);
    expect((await s.patch(`/api/v1/admin/reports/${id}/`, { action: 'suspend', note: 'Hate speech' })).statusCode).toBe(200);
    const login = await new Agent(app, 'en').post('/accounts/login/', new URLSearchParams({ email: artist.email, password: PASSWORD }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(login.statusCode).toBe(403);
    expect((await groupOf('resolved', 'artwork', work.id)).subject).toMatchObject({ suspended: true });
  });
});

describe('appeals (issue #31)', () => {
  /** An artwork of a new artist, reported and actioned: its artist, the lead report and the artist's agent. */
  async function actioned(action: 'hide' | 'warn' | 'suspend' | 'remove' | 'dismiss') {
    const artist = await buildPremium(app, { language: 'en' });
    const work = await buildArtwork(app, artist, { title: `Appealed ${action}` });
    const lead = await reportBy('artwork', work.id);
    const second = await reportBy('artwork', work.id);
    const owner = await as(artist);
    expect((await s.patch(`/api/v1/admin/reports/${lead}/`, { action, note: `Because ${action}` })).statusCode).toBe(200);
    return { artist, work, lead, second, owner };
  }

  it('the owner appeals once per action (naming any report it resolved); others cannot; staff reverse a hide', async () => {
    const { artist, work, lead, second, owner } = await actioned('hide');
    const decisions = (await owner.get('/api/v1/moderation/decisions/')).json();
    expect(decisions.results).toEqual([
      expect.objectContaining({ report: lead, action: 'hide', note: 'Because hide', title: 'Appealed hide', appeal: null, appealable: true }),
    ]);
    const stranger = await as(await buildUser(app));
    const theirs = await stranger.post('/api/v1/appeals/', { report: lead, text: 'Not mine but' });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toEqual({ report: ['There is no action on your work or account with this id.'] });
    expect((await stranger.get(`/api/v1/moderation/decisions/${lead}/`)).statusCode).toBe(404);
    const filed = await owner.post('/api/v1/appeals/', { report: second, text: 'I drew this myself; here are my sketches.' });
    expect(filed.statusCode, filed.body).toBe(201);
    const [row] = await app.db.select().from(appeals).where(eq(appeals.id, filed.json().id));
    expect(row).toMatchObject({ reportId: lead, appellantId: artist.id, status: 'open' });
    const ko = new Agent(app, 'ko');
    await loginAs(ko, artist);
    const twice = await ko.post('/api/v1/appeals/', { report: lead, text: 'Again' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ report: ['이 조치에는 이미 이의를 제기했습니다. 조치 하나에 한 번만 할 수 있습니다.'] });
    const empty = await ko.post('/api/v1/appeals/', { report: lead, text: '  ' });
    expect(Object.keys(empty.json())).toEqual(['text']);

    const list = (await s.get('/api/v1/admin/appeals/?status=open&limit=100')).json();
    expect(list.results).toContainEqual(
      expect.objectContaining({ id: row.id, report: lead, action: 'hide', status: 'open', appellant: { id: artist.id, name: artist.name } }),
    );
    expect((await owner.patch(`/api/v1/admin/appeals/${row.id}/`, { decision: 'reverse' })).statusCode).toBe(403);
    const reversed = await s.patch(`/api/v1/admin/appeals/${row.id}/`, { decision: 'reverse' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({ status: 'reversed', subject: { moderation_state: 'none' } });
    expect((await (await as(null)).get(`/api/v1/artworks/${work.id}/`)).statusCode).toBe(200);
    const again = await (await as(staff, 'ko')).patch(`/api/v1/admin/appeals/${row.id}/`, { decision: 'uphold' });
    expect(again.json()).toEqual({ decision: ['이미 결정된 이의 제기입니다.'] });
    const audit = await app.db.select().from(moderationAudit).where(eq(moderationAudit.appealId, row.id));
    expect(audit).toEqual([expect.objectContaining({ action: 'reverse', reportId: lead, target: 'artwork', targetId: work.id })]);
    expect((await owner.get(`/api/v1/moderation/decisions/${lead}/`)).json()).toMatchObject({ appeal: { status: 'reversed' }, appealable: false });
  });

  it('a suspended owner appeals with the mailed link; reversing lifts the suspension', async () => {
    const { artist, lead } = await actioned('suspend');
    const [mail] = await mailsTo(app, artist.email);
    const token = new URL(/https?:\/\/\S+\/moderation\/\S+/.exec(mail.text ?? '')?.[0] ?? 'http://x/').searchParams.get('token');
    expect(token).toBeTruthy();
    const guest = await as(null);
    expect((await guest.get(`/api/v1/moderation/decisions/${lead}/`)).statusCode).toBe(403);
    expect((await guest.get(`/api/v1/moderation/decisions/${lead}/?token=forged`)).statusCode).toBe(403);
    expect((await guest.get(`/api/v1/moderation/decisions/${lead}/?token=${token}`)).json()).toMatchObject({ action: 'suspend', appealable: true });
    expect((await guest.post('/api/v1/appeals/', { report: lead, text: 'Please', token: 'forged' })).statusCode).toBe(403);
    const filed = await guest.post('/api/v1/appeals/', { report: lead, text: 'Please look again', token });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await s.patch(`/api/v1/admin/appeals/${filed.json().id}/`, { decision: 'reverse' })).json()).toMatchObject({ status: 'reversed' });
    const [user] = await app.db.select().from(users).where(eq(users.id, artist.id));
    expect(user.suspendedAt).toBeNull();
    const login = await new Agent(app, 'en').post('/accounts/login/', new URLSearchParams({ email: artist.email, password: PASSWORD }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(login.statusCode).toBe(200);
    const mails = await mailsTo(app, artist.email);
    expect(mails.at(-1)?.subject).toContain('reversed');
  });

  it('a removal cannot be reversed (a clear 400) but can be upheld; a dismissal has nothing to appeal', async () => {
    const { lead, owner } = await actioned('warn');
    const filed = await owner.post('/api/v1/appeals/', { report: lead, text: 'Unfair' });
    expect((await s.patch(`/api/v1/admin/appeals/${filed.json().id}/`, { decision: 'uphold' })).json()).toMatchObject({ status: 'upheld' });

    const artist = await buildPremium(app);
    const work = await buildArtwork(app, artist);
    const r = await reportBy('artwork', work.id);
    // The owner appeals a removal of one of their works (their account stays).
    await s.patch(`/api/v1/admin/reports/${r}/`, { action: 'remove', note: 'Stolen' });
    const appeal = await (await as(artist)).post('/api/v1/appeals/', { report: r, text: 'It was mine' });
    expect(appeal.statusCode).toBe(201);
    const reverse = await (await as(staff, 'ko')).patch(`/api/v1/admin/appeals/${appeal.json().id}/`, { decision: 'reverse' });
    expect(reverse.statusCode).toBe(400);
    expect(reverse.json().decision[0]).toContain('되돌릴 수 없습니다');
    const [still] = await app.db.select().from(appeals).where(eq(appeals.id, appeal.json().id));
    expect(still.status).toBe('open');

    const { lead: dismissed, owner: o2 } = await actioned('dismiss');
    expect((await o2.post('/api/v1/appeals/', { report: dismissed, text: 'Hm' })).statusCode).toBe(400);
    expect((await (await as(null)).post('/api/v1/appeals/', { report: dismissed, text: 'Hm' })).statusCode).toBe(403);
  });

  it('the audit log holds every action and decision, and refuses changes', async () => {
    const { lead } = await actioned('warn');
    const entries = (await s.get('/api/v1/admin/audit/?limit=200')).json().results;
    expect(entries).toContainEqual(expect.objectContaining({ action: 'warn', report: lead, note: 'Because warn' }));
    await expect(app.db.execute(sql`update moderation_audit set note = 'x' where report_id = ${lead}`)).rejects.toThrow();
  });
});

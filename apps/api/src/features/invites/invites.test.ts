import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { inviteAnswers, inviteApplications, inviteQuestions, invites, jobSchedules, notifications } from '../../db/schema/index.ts';
import { closeExpiredInvites } from './calls/queries.ts';
import { EXAMINATION_SWEEP } from './sweep.ts';

let app: FastifyInstance;
let staff: UserRow;
let owner: UserRow;
let artist: UserRow;
let other: UserRow;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await buildStaff(app);
  owner = await buildPremium(app);
  artist = await buildPremium(app, { language: 'en' });
  other = await buildPremium(app);
});
afterAll(() => app.close());

async function as(user: UserRow | null, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (user) await loginAs(agent, user);
  return agent;
}

async function addQuestions(inviteId: number, texts: string[]) {
  return app.db
    .insert(inviteQuestions)
    .values(texts.map((question, order) => ({ inviteId, question, order })))
    .returning();
}

const applicationsOf = (inviteId: number) => app.db.select().from(inviteApplications).where(eq(inviteApplications.inviteId, inviteId));

describe('invite list and detail (SPEC §3 Invite, §7 Invites)', () => {
  it('lists invites with page size 100 and answers the detail with ordered pages, columns and the viewer subscription', async () => {
    const invite = await buildInvite(app, owner);
    const staffAgent = await as(staff);
    const second = await staffAgent.post('/api/v1/invite-pages/', { invite: invite.id, order: 2, background_color: '#000000' });
    expect(second.statusCode).toBe(201);
    const first = await staffAgent.post('/api/v1/invite-pages/', {
      invite: invite.id,
      order: 1,
      columns: [
        { content: '<p>right</p>', width: 6, order: 2 },
        { content: '<p>left</p>', order: 1 },
      ],
    });
    expect(first.statusCode).toBe(201);

    const guest = await as(null);
    const list = await guest.get('/api/v1/invites/');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.results.some((i: { id: number }) => i.id === invite.id)).toBe(true);
    expect(body).toMatchObject({ next: null, previous: null });
    const item = body.results.find((i: { id: number }) => i.id === invite.id);
    expect(item).toMatchObject({ title: invite.title, status: 'ongoing', owner: { id: owner.id, slug: owner.slug } });
    expect(item.pages).toBeUndefined();

    const detail = (await guest.get(`/api/v1/invites/${invite.id}/`)).json();
    expect(detail.subscription).toBeNull();
    expect(detail.pages.map((p: { order: number }) => p.order)).toEqual([1, 2]);
    expect(detail.pages[0].columns.map((c: { content: string; width: number }) => [c.content, c.width])).toEqual([
      ['<p>left</p>', 6],
      ['<p>right</p>', 6],
    ]);
    expect(detail.pages[1].background_color).toBe('#000000');
    expect(detail.pages[0].background_color).toBe('#FFFFFF');

    expect((await guest.get('/api/v1/invites/999999/')).statusCode).toBe(404);
  });
});

describe('automatic move to examination (SPEC §4 Invite status)', () => {
  it('turns an ongoing invite past its closed date into examination on read and refuses applications', async () => {
    const invite = await buildInvite(app, owner, { closed: new Date(Date.now() - 60_000) });
    const artwork = await buildArtwork(app, artist);
    const agent = await as(artist);
    const res = await agent.post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ invite: ['Applications are only accepted while the invite is in progress.'] });
    expect((await agent.get(`/api/v1/invites/${invite.id}/`)).json().status).toBe('examination');
    const [stored] = await app.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(stored.status).toBe('examination');
  });

  it('leaves open invites, other statuses and invites without a closed date alone', async () => {
    const open = await buildInvite(app, owner);
    const noDate = await buildInvite(app, owner, { closed: null });
    const review = await buildInvite(app, owner, { status: 'review', closed: new Date(Date.now() - 60_000) });
    await closeExpiredInvites(app.db);
    const rows = await app.db.select().from(invites);
    const status = (id: number) => rows.find((r) => r.id === id)?.status;
    expect([status(open.id), status(noDate.id), status(review.id)]).toEqual(['ongoing', 'ongoing', 'review']);
  });

  it('also moves invites with a periodic sweep, with nobody reading, once per period across processes', async () => {
    const closed = new Date(Date.now() - 60_000);
    const invite = await buildInvite(app, owner, { closed: new Date(Date.now() + 3_600_000) });
    await app.db.update(invites).set({ closed }).where(eq(invites.id, invite.id));
    const statusInTable = async () => (await app.db.select().from(invites).where(eq(invites.id, invite.id)))[0].status;
    const runs = async () => (await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, EXAMINATION_SWEEP)))[0]?.runs ?? 0;
    expect(await statusInTable()).toBe('ongoing');
    // The process ran the sweep once when it started; its period has passed since.
    await app.db
      .update(jobSchedules)
      .set({ lastRun: new Date(Date.now() - 2 * app.config.INVITE_SWEEP_MS) })
      .where(eq(jobSchedules.name, EXAMINATION_SWEEP));
    // This app's pass takes the period; the table is read directly, so no request applied the rule.
    await app.jobs.runSchedules();
    expect(await statusInTable()).toBe('examination');
    const after = await runs();
    expect(after).toBeGreaterThanOrEqual(1);
    // Another pass in the same period (another process, or the same one) does not run it again.
    await app.jobs.runSchedules();
    expect(await runs()).toBe(after);
  });
});

describe('applications (SPEC §4, §5, §7)', () => {
  it('only while ongoing: review, examination and selection refuse, ongoing accepts', async () => {
    for (const status of ['review', 'examination', 'selection'] as const) {
      const invite = await buildInvite(app, owner, { status });
      const artwork = await buildArtwork(app, artist);
      const res = await (await as(artist, 'ko')).post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ invite: ['진행 중인 공모에만 지원할 수 있습니다.'] });
    }
    const invite = await buildInvite(app, owner);
    const artwork = await buildArtwork(app, artist);
    const res = await (await as(artist)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ invite: invite.id, artwork: artwork.id, selected: false, answers: [] });
  });

  it('a guest gets 403; only the applicant’s own published, non-draft artwork is accepted', async () => {
    const invite = await buildInvite(app, owner);
    const own = await buildArtwork(app, artist);
    expect((await (await as(null)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: own.id })).statusCode).toBe(403);

    const theirs = await buildArtwork(app, other);
    const notOwn = await (await as(artist)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: theirs.id });
    expect(notOwn.json()).toEqual({ artwork: ['You can only apply with your own project.'] });

    const draft = await buildArtwork(app, artist, { draft: true });
    const privateOne = await buildArtwork(app, artist, { published: false });
    for (const a of [draft, privateOne]) {
      const res = await (await as(artist)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: a.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ artwork: ['Only a published project can be submitted.'] });
    }
    const missing = await (await as(artist)).post('/api/v1/invite-applications/', { invite: 999999, artwork: own.id });
    expect(missing.json()).toEqual({ invite: ['This invite does not exist.'] });
    expect(await applicationsOf(invite.id)).toHaveLength(0);
  });

  it('accepts a pair once', async () => {
    const invite = await buildInvite(app, owner);
    const artwork = await buildArtwork(app, artist);
    const agent = await as(artist);
    expect((await agent.post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id })).statusCode).toBe(201);
    const again = await agent.post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ['This project has already been submitted to this invite.'] });
    expect(await applicationsOf(invite.id)).toHaveLength(1);
  });

  it('stores answers of at most 250 characters with the application', async () => {
    const invite = await buildInvite(app, owner);
    const [q1, q2] = await addQuestions(invite.id, ['Why?', 'How?']);
    const artwork = await buildArtwork(app, artist);
    const agent = await as(artist, 'ko');
    const long = await agent.post('/api/v1/invite-applications/', {
      invite: invite.id,
      artwork: artwork.id,
      answers: [
        { question: q1.id, answer: 'ok' },
        { question: q2.id, answer: 'x'.repeat(251) },
      ],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ 'answers.1.answer': ['답변은 250자 이하로 입력하세요.'] });
    expect(await applicationsOf(invite.id)).toHaveLength(0);

    const ok = await agent.post('/api/v1/invite-applications/', {
      invite: invite.id,
      artwork: artwork.id,
      answers: [
        { question: q1.id, answer: 'ok' },
        { question: q2.id, answer: '가'.repeat(250) },
      ],
    });
    expect(ok.statusCode).toBe(201);
    const saved = await app.db.select().from(inviteAnswers).where(eq(inviteAnswers.applicationId, ok.json().id));
    expect(saved.map((a) => a.answer.length).sort((a, b) => a - b)).toEqual([2, 250]);
  });

  it('writes the application and its answers in one transaction: a failing answer leaves nothing behind', async () => {
    const invite = await buildInvite(app, owner);
    const elsewhere = await buildInvite(app, owner);
    const [mine] = await addQuestions(invite.id, ['Mine']);
    const [foreign] = await addQuestions(elsewhere.id, ['Foreign']);
    const artwork = await buildArtwork(app, artist);
    const res = await (await as(artist)).post('/api/v1/invite-applications/', {
      invite: invite.id,
      artwork: artwork.id,
      // The first answer is written before the second fails.
      answers: [
        { question: mine.id, answer: 'first' },
        { question: foreign.id, answer: 'second' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'answers.1.question': ['This question does not belong to the invite.'] });
    expect(await applicationsOf(invite.id)).toHaveLength(0);
    expect(await app.db.select().from(inviteAnswers).where(eq(inviteAnswers.questionId, mine.id))).toHaveLength(0);
    // And the same artwork can still apply afterwards.
    expect((await (await as(artist)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id })).statusCode).toBe(201);
  });

  it('refuses two answers to one question in the same application', async () => {
    const invite = await buildInvite(app, owner);
    const [q1] = await addQuestions(invite.id, ['Once']);
    const artwork = await buildArtwork(app, artist);
    const res = await (await as(artist)).post('/api/v1/invite-applications/', {
      invite: invite.id,
      artwork: artwork.id,
      answers: [
        { question: q1.id, answer: 'a' },
        { question: q1.id, answer: 'b' },
      ],
    });
    expect(res.json()).toEqual({ 'answers.1.question': ['Each question takes one answer.'] });
    expect(await applicationsOf(invite.id)).toHaveLength(0);
  });
});

describe('answers saved one per question (SPEC §7 Answers)', () => {
  it('lets the applicant answer each question once, at most 250 characters, while ongoing', async () => {
    const invite = await buildInvite(app, owner);
    const [q1, q2] = await addQuestions(invite.id, ['One', 'Two']);
    const artwork = await buildArtwork(app, artist);
    const agent = await as(artist);
    const application = (await agent.post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id })).json();

    const tooLong = await agent.post('/api/v1/invite-answers/', { application: application.id, question: q1.id, answer: 'x'.repeat(251) });
    expect(tooLong.json()).toEqual({ answer: ['Answers are at most 250 characters.'] });
    const ok = await agent.post('/api/v1/invite-answers/', { application: application.id, question: q1.id, answer: 'x'.repeat(250) });
    expect(ok.statusCode).toBe(201);
    const twice = await agent.post('/api/v1/invite-answers/', { application: application.id, question: q1.id, answer: 'again' });
    expect(twice.json()).toEqual({ question: ['This question has already been answered.'] });

    const stranger = await (await as(other)).post('/api/v1/invite-answers/', { application: application.id, question: q2.id, answer: 'hi' });
    expect(stranger.json()).toEqual({ application: ['This application does not exist.'] });
    expect((await (await as(null)).post('/api/v1/invite-answers/', { application: application.id, question: q2.id, answer: 'hi' })).statusCode).toBe(403);

    await app.db.update(invites).set({ status: 'examination' }).where(eq(invites.id, invite.id));
    const late = await agent.post('/api/v1/invite-answers/', { application: application.id, question: q2.id, answer: 'late' });
    expect(late.json()).toEqual({ application: ['Applications are only accepted while the invite is in progress.'] });
  });
});

describe('selection (SPEC §4 Invite application selection, §6)', () => {
  async function submitted() {
    const invite = await buildInvite(app, owner);
    const [question] = await addQuestions(invite.id, ['Tell us']);
    const chosen = await buildArtwork(app, artist, { title: 'Chosen work' });
    const rest = await buildArtwork(app, artist);
    const agent = await as(artist);
    const a1 = (
      await agent.post('/api/v1/invite-applications/', { invite: invite.id, artwork: chosen.id, answers: [{ question: question.id, answer: 'because' }] })
    ).json();
    const a2 = (await agent.post('/api/v1/invite-applications/', { invite: invite.id, artwork: rest.id })).json();
    return { invite, chosen, rest, a1, a2 };
  }

  it('only the owner or staff toggle selected; the applicant gets a mail in their language', async () => {
    const { invite, a1, a2 } = await submitted();
    expect((await (await as(null)).put(`/api/v1/invite-applications/${a1.id}/`, { selected: true })).statusCode).toBe(403);
    expect((await (await as(artist)).put(`/api/v1/invite-applications/${a1.id}/`, { selected: true })).statusCode).toBe(403);
    expect((await (await as(other)).put(`/api/v1/invite-applications/${a1.id}/`, { selected: true })).statusCode).toBe(403);
    expect((await applicationsOf(invite.id)).every((a) => !a.selected)).toBe(true);

    // The applicants' receipts (issue #16) are sent first; only the selection mails are counted here.
    await app.jobs.drain();
    const before = new Set(await readdir(app.config.outboxDir).catch(() => [] as string[]));
    const byOwner = await (await as(owner)).put(`/api/v1/invite-applications/${a1.id}/`, { selected: true });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({ id: a1.id, selected: true });
    const byStaff = await (await as(staff)).put(`/api/v1/invite-applications/${a2.id}/`, { selected: true });
    expect(byStaff.json()).toMatchObject({ id: a2.id, selected: true });
    const unselect = await (await as(staff)).put(`/api/v1/invite-applications/${a2.id}/`, { selected: false });
    expect(unselect.json().selected).toBe(false);
    expect((await (await as(owner)).put('/api/v1/invite-applications/999999/', { selected: true })).statusCode).toBe(404);

    await app.jobs.drain();
    const files = (await readdir(app.config.outboxDir)).filter((f) => !before.has(f));
    const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(join(app.config.outboxDir, f)))));
    const chosenMail = mails.find((m) => m.text?.includes('Chosen work'));
    expect(chosenMail?.subject).toBe(`[AXOO] Your submission to "${invite.title}" was selected`);
    expect(chosenMail?.to && 'text' in chosenMail.to ? chosenMail.to.text : '').toContain(artist.email);
    expect(chosenMail?.text).toContain(`/goodluck/${invite.id}/`);
    // Two selections, two mails (unselecting sends none).
    expect(mails.filter((m) => m.to && 'text' in m.to && m.to.text.includes(artist.email))).toHaveLength(2);
  });

  it('mails a Korean applicant in Korean', async () => {
    const korean = await buildPremium(app, { language: 'ko' });
    const invite = await buildInvite(app, owner, { title: '봄 공모' });
    const artwork = await buildArtwork(app, korean, { title: '봄' });
    const application = (await (await as(korean)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: artwork.id })).json();
    await app.jobs.drain();
    const before = new Set(await readdir(app.config.outboxDir).catch(() => [] as string[]));
    await (await as(owner, 'en')).put(`/api/v1/invite-applications/${application.id}/`, { selected: true });
    await app.jobs.drain();
    const [file] = (await readdir(app.config.outboxDir)).filter((f) => !before.has(f));
    const mail = await simpleParser(await readFile(join(app.config.outboxDir, file)));
    expect(mail.subject).toBe('[AXOO] "봄 공모" 공모에 선정되었습니다');
    // The applicant is told in the app too, once, whatever the toggling (issue #17 seam).
    await (await as(owner, 'en')).put(`/api/v1/invite-applications/${application.id}/`, { selected: false });
    await (await as(owner, 'en')).put(`/api/v1/invite-applications/${application.id}/`, { selected: true });
    const notices = await app.db.select().from(notifications).where(eq(notifications.userId, korean.id));
    // The receipt of the entry (issue #16), then one selection notice.
    expect(notices.map((n) => [n.type, n.inviteId, n.applicationId])).toEqual([
      ['application_received', invite.id, application.id],
      ['selected', invite.id, application.id],
    ]);
  });

  it('shows the full list to owner and staff only, and the selected list to everyone once in selection status', async () => {
    const { invite, chosen, rest, a1 } = await submitted();
    await (await as(owner)).put(`/api/v1/invite-applications/${a1.id}/`, { selected: true });
    const all = `/api/v1/invites/${invite.id}/artworks/`;
    const selected = `${all}?selected=true`;

    expect((await (await as(null)).get(all)).statusCode).toBe(403);
    expect((await (await as(other)).get(all)).statusCode).toBe(403);
    expect((await (await as(artist)).get(all)).statusCode).toBe(403);
    for (const manager of [owner, staff]) {
      const res = (await (await as(manager)).get(all)).json();
      expect(res.count).toBe(2);
      expect(res.results.map((a: { id: number }) => a.id).sort()).toEqual([chosen.id, rest.id].sort());
      const item = res.results.find((a: { id: number }) => a.id === chosen.id);
      expect(item.application).toMatchObject({ id: a1.id, selected: true, answers: [{ answer: 'because' }] });
      expect(item.inviteapplication_set).toEqual([{ id: a1.id, invite: invite.id, title: invite.title, selected: true }]);
    }

    // Ongoing: the selected list is for owner and staff only.
    expect((await (await as(null)).get(selected)).statusCode).toBe(403);
    expect((await (await as(other)).get(selected)).statusCode).toBe(403);
    expect((await (await as(owner)).get(selected)).json().results.map((a: { id: number }) => a.id)).toEqual([chosen.id]);

    await app.db.update(invites).set({ status: 'selection', selected: new Date() }).where(eq(invites.id, invite.id));
    const publicList = (await (await as(null)).get(selected)).json();
    expect(publicList.count).toBe(1);
    expect(publicList.results[0]).toMatchObject({ id: chosen.id, application: { id: a1.id, selected: true } });
    expect(publicList.results[0].application.answers).toBeUndefined();
    expect((await (await as(other)).get(all)).statusCode).toBe(403);
  });

  it("shows the owner and staff every entry of their call, a non-member's too, and the public only visible ones (issue #19)", async () => {
    const nonMember = await buildUser(app);
    const invite = await buildInvite(app, owner);
    const hidden = await buildArtwork(app, nonMember);
    expect(hidden.visible).toBe(false);
    expect((await (await as(nonMember)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: hidden.id })).statusCode).toBe(201);
    for (const manager of [owner, staff]) {
      const res = (await (await as(manager)).get(`/api/v1/invites/${invite.id}/artworks/`)).json();
      expect(res.count).toBe(1);
      expect(res.results[0]).toMatchObject({ id: hidden.id, visible: false });
    }
  });

  it('keeps hidden work hidden in the public selected list', async () => {
    const nonMember = await buildUser(app);
    const invite = await buildInvite(app, owner);
    const hidden = await buildArtwork(app, nonMember);
    const application = (await (await as(nonMember)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: hidden.id })).json();
    await (await as(staff)).put(`/api/v1/invite-applications/${application.id}/`, { selected: true });
    await app.db.update(invites).set({ status: 'selection' }).where(eq(invites.id, invite.id));
    expect((await (await as(null)).get(`/api/v1/invites/${invite.id}/artworks/?selected=true`)).json().count).toBe(0);
    expect((await (await as(nonMember)).get(`/api/v1/invites/${invite.id}/artworks/?selected=true`)).json().count).toBe(1);
    expect((await (await as(staff)).get(`/api/v1/invites/${invite.id}/artworks/?selected=true`)).json().count).toBe(1);
  });
});

describe('subscriptions (SPEC §4 Invite subscription)', () => {
  it('a guest gets 403; a user subscribes (id), sees it on the detail, and only they can delete it', async () => {
    const invite = await buildInvite(app, owner);
    expect((await (await as(null)).post('/api/v1/invite-subscriptions/', { invite: invite.id })).statusCode).toBe(403);
    const agent = await as(artist);
    const created = await agent.post('/api/v1/invite-subscriptions/', { invite: invite.id });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, invite: invite.id });
    expect((await agent.post('/api/v1/invite-subscriptions/', { invite: invite.id })).json().id).toBe(id);
    expect((await agent.get(`/api/v1/invites/${invite.id}/`)).json().subscription).toBe(id);
    expect((await (await as(other)).get(`/api/v1/invites/${invite.id}/`)).json().subscription).toBeNull();

    expect((await (await as(other)).delete(`/api/v1/invite-subscriptions/${id}/`)).statusCode).toBe(404);
    expect((await (await as(null)).delete(`/api/v1/invite-subscriptions/${id}/`)).statusCode).toBe(403);
    expect((await agent.delete(`/api/v1/invite-subscriptions/${id}/`)).statusCode).toBe(204);
    expect((await agent.get(`/api/v1/invites/${invite.id}/`)).json().subscription).toBeNull();
    expect((await agent.post('/api/v1/invite-subscriptions/', { invite: 999999 })).json()).toEqual({ invite: ['This invite does not exist.'] });
  });
});

describe('staff: invites, questions, pages and columns (SPEC §6 Staff)', () => {
  it('creates and edits an invite with an owner chosen by e-mail or id; others may not set the owner or status', async () => {
    const payload = {
      owner: owner.email.toUpperCase(),
      title: 'Brand call',
      subtitle: 'Sub',
      description: 'Desc',
      status: 'ongoing',
      closed: new Date(Date.now() + 86_400_000).toISOString(),
      selected: null,
    };
    expect((await (await as(null)).post('/api/v1/invites/', payload)).statusCode).toBe(403);
    // A member may start a call, but not open it themself (issue #19).
    const byMember = await (await as(owner)).post('/api/v1/invites/', payload);
    expect(byMember.statusCode).toBe(400);
    expect(byMember.json()).toEqual({ status: ['You cannot set this status. Staff open a new call once they have reviewed it.'] });
    expect((await (await as(other)).post('/api/v1/invites/', { ...payload, status: 'review' })).json()).toEqual({
      owner: ['You can only create calls of your own.'],
    });
    const agent = await as(staff);
    const created = await agent.post('/api/v1/invites/', payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Brand call', owner: { id: owner.id }, status: 'ongoing', pages: [], subscription: null });

    const edited = await agent.put(`/api/v1/invites/${created.json().id}/`, { ...payload, owner: other.id, status: 'selection' });
    expect(edited.json()).toMatchObject({ owner: { id: other.id }, status: 'selection' });

    const bad = await (await as(staff, 'ko')).post('/api/v1/invites/', { ...payload, owner: 'nobody@example.com', status: 'done', closed: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: ['유효하지 않은 선택입니다.'], closed: ['올바른 날짜를 입력하세요.'] });
    const noOwner = await agent.post('/api/v1/invites/', { ...payload, owner: 'nobody@example.com' });
    expect(noOwner.json()).toEqual({ owner: ['No user has this e-mail or id.'] });

    expect((await (await as(owner)).delete(`/api/v1/invites/${created.json().id}/`)).statusCode).toBe(403);
    expect((await agent.delete(`/api/v1/invites/${created.json().id}/`)).statusCode).toBe(204);
    expect((await agent.get(`/api/v1/invites/${created.json().id}/`)).statusCode).toBe(404);
  });

  it('manages questions (staff, and the owner); anyone lists them by invite', async () => {
    const invite = await buildInvite(app, owner);
    const agent = await as(staff);
    expect((await (await as(other)).post('/api/v1/invite-questions/', { invite: invite.id, question: 'No' })).statusCode).toBe(403);
    expect((await (await as(owner)).post('/api/v1/invite-questions/', { invite: invite.id, question: 'Mine?', order: 3 })).statusCode).toBe(201);
    const second = (await agent.post('/api/v1/invite-questions/', { invite: invite.id, question: 'Second?', order: 2 })).json();
    const first = (await agent.post('/api/v1/invite-questions/', { invite: invite.id, question: 'First?', order: 1 })).json();
    const listed = (await (await as(null)).get(`/api/v1/invite-questions/?invite=${invite.id}`)).json();
    expect(listed.map((q: { question: string }) => q.question)).toEqual(['First?', 'Second?', 'Mine?']);
    expect((await agent.put(`/api/v1/invite-questions/${first.id}/`, { question: 'First, edited?' })).json().question).toBe('First, edited?');
    expect((await agent.delete(`/api/v1/invite-questions/${second.id}/`)).statusCode).toBe(204);
    expect((await (await as(null)).get(`/api/v1/invite-questions/?invite=${invite.id}`)).json()).toHaveLength(2);
    expect((await agent.post('/api/v1/invite-questions/', { invite: invite.id, question: '' })).statusCode).toBe(400);
  });

  it('saves an invite with its whole question list in one transaction', async () => {
    const agent = await as(staff);
    const base = { owner: owner.id, title: 'Call with questions', status: 'ongoing', closed: null, selected: null };
    const created = await agent.post('/api/v1/invites/', { ...base, questions: [{ question: 'Why?' }, { question: 'How?' }] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const listQ = async () => (await (await as(null)).get(`/api/v1/invite-questions/?invite=${id}`)).json() as { id: number; question: string }[];
    const [why, how] = await listQ();
    expect([why.question, how.question]).toEqual(['Why?', 'How?']);

    // Reorder, edit one, drop one, add one.
    const edited = await agent.put(`/api/v1/invites/${id}/`, { ...base, questions: [{ id: how.id, question: 'How, exactly?' }, { question: 'When?' }] });
    expect(edited.statusCode).toBe(200);
    expect((await listQ()).map((q) => q.question)).toEqual(['How, exactly?', 'When?']);
    expect((await listQ())[0].id).toBe(how.id);

    // A question of another invite is refused, and nothing of the request is kept.
    const foreign = (await addQuestions((await buildInvite(app, owner)).id, ['Elsewhere?']))[0];
    const refused = await agent.put(`/api/v1/invites/${id}/`, { ...base, title: 'Renamed', questions: [{ id: foreign.id, question: 'Mine now?' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty(['questions.0.id']);
    expect((await (await as(null)).get(`/api/v1/invites/${id}/`)).json().title).toBe('Call with questions');
    expect((await listQ()).map((q) => q.question)).toEqual(['How, exactly?', 'When?']);
  });

  it('pages and columns: staff and the owner, width 6 or 12 (default 6), content sanitized, deletes', async () => {
    const invite = await buildInvite(app, owner);
    expect((await (await as(other)).post('/api/v1/invite-pages/', { invite: invite.id })).statusCode).toBe(403);
    const ownPage = await (await as(owner)).post('/api/v1/invite-pages/', { invite: invite.id, order: 5 });
    expect(ownPage.statusCode).toBe(201);
    expect((await (await as(owner)).delete(`/api/v1/invite-pages/${ownPage.json().id}/`)).statusCode).toBe(204);
    expect((await (await as(null)).post('/api/v1/invite-pages/', { invite: invite.id })).statusCode).toBe(403);
    const agent = await as(staff);
    const page = (await agent.post('/api/v1/invite-pages/', { invite: invite.id })).json();
    expect(page).toMatchObject({ invite: invite.id, background_color: '#FFFFFF', order: 0, columns: [] });

    const column = await agent.post('/api/v1/invite-columns/', { page: page.id, content: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(column.statusCode).toBe(201);
    expect(column.json().width).toBe(6);
    expect(column.json().content).not.toMatch(/script|onclick/);
    expect(column.json().content).toContain('Hi');

    const wide = await agent.put(`/api/v1/invite-columns/${column.json().id}/`, { width: 12, content: '<h2>Wide</h2>' });
    expect(wide.json()).toMatchObject({ width: 12, content: '<h2>Wide</h2>' });
    const badWidth = await agent.put(`/api/v1/invite-columns/${column.json().id}/`, { width: 7 });
    expect(badWidth.json()).toEqual({ width: ['Column width is 6 or 12.'] });
    expect((await (await as(other)).put(`/api/v1/invite-columns/${column.json().id}/`, { width: 6 })).statusCode).toBe(403);
    expect((await agent.post('/api/v1/invite-columns/', { page: 999999 })).json()).toEqual({ page: ['This page does not exist.'] });
    expect((await agent.put(`/api/v1/invite-pages/${page.id}/`, { background_color: 'red' })).json()).toEqual({
      background_color: ['Enter a colour as #RRGGBB.'],
    });
    expect((await agent.put(`/api/v1/invite-pages/${page.id}/`, { background_color: '#112233' })).json().background_color).toBe('#112233');

    expect((await (await as(other)).delete(`/api/v1/invite-columns/${column.json().id}/`)).statusCode).toBe(403);
    expect((await agent.delete(`/api/v1/invite-columns/${column.json().id}/`)).statusCode).toBe(204);
    expect((await agent.delete(`/api/v1/invite-columns/${column.json().id}/`)).statusCode).toBe(404);
    expect((await agent.delete(`/api/v1/invite-pages/${page.id}/`)).statusCode).toBe(204);
    expect((await agent.get(`/api/v1/invites/${invite.id}/`)).json().pages).toEqual([]);
  });

  it('presigns column images for any logged-in user (who owns the file), not for guests', async () => {
    const body = { filename: 'a.png', type: 'image/png', width: 10, height: 10, size: 100 };
    expect((await (await as(null)).post('/api/v1/invite-columns/presign/', body)).statusCode).toBe(403);
    expect((await (await as(owner)).post('/api/v1/invite-columns/presign/', body)).statusCode).toBe(200);
    const res = await (await as(staff)).post('/api/v1/invite-columns/presign/', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().filename).toMatch(/^invites\/columns\/.+\.png$/);
    const bad = await (await as(staff)).post('/api/v1/invite-columns/presign/', { ...body, type: 'text/html' });
    expect(bad.statusCode).toBe(400);
  });
});

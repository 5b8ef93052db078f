import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { InviteResultsSchema } from '@axoo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, loginAs, type UserRow } from '../../../../test/factories.ts';
import { inviteApplications, inviteEligibility, inviteJurors, invites, inviteSnapshots, jobs } from '../../../db/schema/index.ts';
import { remindUnfinished } from './reminder.ts';

let app: FastifyInstance;
let staff: UserRow;
let owner: UserRow;
let artist: UserRow;
let korean: UserRow;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await buildStaff(app);
  owner = await buildPremium(app);
  artist = await buildPremium(app, { language: 'en' });
  korean = await buildPremium(app, { language: 'ko' });
});
afterAll(() => app.close());

async function as(user: UserRow | null, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (user) await loginAs(agent, user);
  return agent;
}

/** A call with one free-text question and two eligibility ones (based in Korea: yes; a student: no). */
async function callWithEligibility(values: Partial<typeof invites.$inferInsert> = {}) {
  const invite = await buildInvite(app, owner, values);
  const ownerAgent = await as(owner);
  const text = await ownerAgent.post('/api/v1/invite-questions/', { invite: invite.id, question: 'Why this work?', order: 0 });
  const based = await ownerAgent.post('/api/v1/invite-questions/', {
    invite: invite.id,
    question: 'Are you based in Korea?',
    kind: 'eligibility',
    required_answer: true,
    order: 1,
  });
  const student = await ownerAgent.post('/api/v1/invite-questions/', {
    invite: invite.id,
    question: 'Are you a full-time student?',
    kind: 'eligibility',
    required_answer: false,
    order: 2,
  });
  expect([text.statusCode, based.statusCode, student.statusCode]).toEqual([201, 201, 201]);
  return { invite, text: text.json().id as number, based: based.json().id as number, student: student.json().id as number };
}

const applicationsOf = (inviteId: number) => app.db.select().from(inviteApplications).where(eq(inviteApplications.inviteId, inviteId));

describe('eligibility questions (issue #33.1)', () => {
  it('adds eligibility questions with the answer that passes, and refuses one without it or a text question with one', async () => {
    const invite = await buildInvite(app, owner);
    const ko = await as(owner, 'ko');
    const missing = await ko.post('/api/v1/invite-questions/', { invite: invite.id, question: 'Over 18?', kind: 'eligibility' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().required_answer).toEqual(['자격 질문에는 통과 답(예/아니오)을 정하세요.']);
    const textWithAnswer = await ko.post('/api/v1/invite-questions/', { invite: invite.id, question: 'Why?', required_answer: true });
    expect(textWithAnswer.statusCode).toBe(400);
    const made = await ko.post('/api/v1/invite-questions/', { invite: invite.id, question: 'Over 18?', kind: 'eligibility', required_answer: true });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ kind: 'eligibility', required_answer: true });
    const listed = (await ko.get(`/api/v1/invite-questions/?invite=${invite.id}`)).json();
    expect(listed).toEqual([expect.objectContaining({ question: 'Over 18?', kind: 'eligibility', required_answer: true })]);
    // The call editor saves the list with the invite: kinds included, checked the same way.
    const edited = await ko.put(`/api/v1/invites/${invite.id}/`, {
      title: invite.title,
      questions: [
        { id: made.json().id, question: 'Over 18?', kind: 'eligibility', required_answer: false },
        { question: 'Your statement', kind: 'text' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const after = (await ko.get(`/api/v1/invite-questions/?invite=${invite.id}`)).json();
    expect(after.map((q: { kind: string; required_answer: boolean | null }) => [q.kind, q.required_answer])).toEqual([
      ['eligibility', false],
      ['text', null],
    ]);
    const bad = await ko.put(`/api/v1/invites/${invite.id}/`, { title: invite.title, questions: [{ question: 'Member?', kind: 'eligibility' }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['questions.0.required_answer']);
  });

  it('answers 200 eligible for passing answers, and 400 naming the excluding question in the user’s language', async () => {
    const { invite, based, student, text } = await callWithEligibility();
    const en = await as(artist, 'en');
    const ok = await en.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: true, [student]: false } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ eligible: true });

    const ko = await as(korean, 'ko');
    const out = await ko.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: true, [student]: true } });
    expect(out.statusCode).toBe(400);
    expect(out.json()).toEqual({ [`answers.${student}`]: ['이 공모의 지원 자격에 맞지 않습니다: "Are you a full-time student?"'] });
    const outEn = await en.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: false, [student]: false } });
    expect(outEn.json()).toEqual({ [`answers.${based}`]: ['You are not eligible for this call: "Are you based in Korea?"'] });

    // Unanswered, a text question, another call's question, a malformed key: 400 under that answer, nothing recorded.
    const unanswered = await ko.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: true } });
    expect(unanswered.json()).toEqual({ [`answers.${student}`]: ['이 자격 질문에 답하세요.'] });
    const textAnswer = await ko.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: true, [student]: false, [text]: true } });
    expect(textAnswer.statusCode).toBe(400);
    expect(textAnswer.json()[`answers.${text}`]).toEqual(['이 공모의 자격 질문이 아닙니다.']);
    const other = await callWithEligibility();
    const foreign = await ko.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: true, [student]: false, [other.based]: true } });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json())).toEqual([`answers.${other.based}`]);
    const malformed = await ko.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { abc: true } });
    expect(malformed.statusCode).toBe(400);
    const notBoolean = await ko.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: 'yes' } });
    expect(notBoolean.statusCode).toBe(400);
    expect(await app.db.select().from(inviteEligibility).where(eq(inviteEligibility.userId, korean.id))).toEqual([]);

    expect((await (await as(null)).post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: {} })).statusCode).toBe(403);
    expect((await en.post('/api/v1/invites/99999999/eligibility/', { answers: {} })).statusCode).toBe(404);
    const closed = await buildInvite(app, owner, { status: 'examination' });
    const late = await en.post(`/api/v1/invites/${closed.id}/eligibility/`, { answers: {} });
    expect(late.statusCode).toBe(400);
    expect(Object.keys(late.json())).toEqual(['invite']);
  });

  it('refuses an application from an artist who has not passed, server-side, and takes it once they have', async () => {
    const { invite, based, student, text } = await callWithEligibility();
    const ko = await as(korean, 'ko');
    const work = await buildArtwork(app, korean);
    const refused = await ko.post('/api/v1/invite-applications/', { invite: invite.id, artwork: work.id, answers: [{ question: text, answer: 'Because' }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: '지원하기 전에 이 공모의 자격 질문에 답하세요.' });
    expect(await applicationsOf(invite.id)).toEqual([]);

    expect((await ko.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: true, [student]: false } })).statusCode).toBe(200);
    const applied = await ko.post('/api/v1/invite-applications/', { invite: invite.id, artwork: work.id, answers: [{ question: text, answer: 'Because' }] });
    expect(applied.statusCode).toBe(201);
    expect(applied.json()).toMatchObject({ late: false, answers: [{ question: text, answer: 'Because' }] });
    // An eligibility question is not answered with the entry.
    const answered = await ko.post('/api/v1/invite-answers/', { application: applied.json().id, question: based, answer: 'yes' });
    expect(answered.json()).toEqual({ question: ['이 공모의 질문이 아닙니다.'] });

    // A later answer that excludes withdraws the pass: the next entry is refused.
    expect((await ko.post(`/api/v1/invites/${invite.id}/eligibility/`, { answers: { [based]: false, [student]: false } })).statusCode).toBe(400);
    const second = await buildArtwork(app, korean);
    expect((await ko.post('/api/v1/invite-applications/', { invite: invite.id, artwork: second.id })).statusCode).toBe(403);
    expect(await applicationsOf(invite.id)).toHaveLength(1);
  });

  it('lets a call without eligibility questions be entered as before', async () => {
    const invite = await buildInvite(app, owner);
    const work = await buildArtwork(app, artist);
    expect((await (await as(artist)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: work.id })).statusCode).toBe(201);
  });
});

describe('applying with a project already published (issue #33.2)', () => {
  it('enters one of the artist’s own published projects, frozen as sent; not another’s, not a draft', async () => {
    const invite = await buildInvite(app, owner);
    const en = await as(artist);
    const mine = await buildArtwork(app, artist, { title: 'Already shown' });
    const theirs = await buildArtwork(app, korean);
    const draft = await buildArtwork(app, artist, { draft: true });
    expect((await en.post('/api/v1/invite-applications/', { invite: invite.id, artwork: theirs.id })).json()).toEqual({
      artwork: ['You can only apply with your own project.'],
    });
    expect((await en.post('/api/v1/invite-applications/', { invite: invite.id, artwork: draft.id })).statusCode).toBe(400);
    const applied = await en.post('/api/v1/invite-applications/', { invite: invite.id, artwork: mine.id });
    expect(applied.statusCode).toBe(201);
    const [snapshot] = await app.db.select().from(inviteSnapshots).where(eq(inviteSnapshots.applicationId, applied.json().id));
    expect(snapshot?.title).toBe('Already shown');
  });
});

describe('grace minutes (issue #33.6)', () => {
  it('takes an entry within the grace window, marked late and shown so to the owner; none after it', async () => {
    const graceful = await buildInvite(app, owner, { closed: new Date(Date.now() - 5 * 60_000), graceMinutes: 30 });
    const strict = await buildInvite(app, owner, { closed: new Date(Date.now() - 5 * 60_000) });
    const en = await as(artist);
    expect((await en.get(`/api/v1/invites/${graceful.id}/`)).json()).toMatchObject({ status: 'ongoing', grace_minutes: 30 });
    const work = await buildArtwork(app, artist);
    const late = await en.post('/api/v1/invite-applications/', { invite: graceful.id, artwork: work.id });
    expect(late.statusCode).toBe(201);
    expect(late.json().late).toBe(true);
    const refused = await en.post('/api/v1/invite-applications/', { invite: strict.id, artwork: work.id });
    expect(refused.json()).toEqual({ invite: ['Applications are only accepted while the invite is in progress.'] });
    const listed = (await (await as(owner)).get(`/api/v1/invites/${graceful.id}/artworks/`)).json();
    expect(listed.results[0].application).toMatchObject({ late: true });
    const publicList = await (await as(artist)).get(`/api/v1/invites/${graceful.id}/artworks/?selected=true`);
    expect(publicList.statusCode).toBe(403);
    const past = await buildInvite(app, owner, { closed: new Date(Date.now() - 31 * 60_000), graceMinutes: 30 });
    expect((await en.get(`/api/v1/invites/${past.id}/`)).json().status).toBe('examination');
  });

  it('lets an owner lengthen an open call’s grace, never shorten it; staff set any', async () => {
    const invite = await buildInvite(app, owner, { graceMinutes: 60 });
    const ko = await as(owner, 'ko');
    const shorter = await ko.put(`/api/v1/invites/${invite.id}/`, { title: invite.title, grace_minutes: 10 });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().grace_minutes).toEqual(['진행 중인 공모의 마감일은 앞당길 수 없습니다.']);
    expect((await ko.put(`/api/v1/invites/${invite.id}/`, { title: invite.title, grace_minutes: 90 })).json().grace_minutes).toBe(90);
    expect((await ko.put(`/api/v1/invites/${invite.id}/`, { title: invite.title, grace_minutes: 2000 })).statusCode).toBe(400);
    expect((await (await as(staff)).put(`/api/v1/invites/${invite.id}/`, { title: invite.title, grace_minutes: 0 })).json().grace_minutes).toBe(0);
  });
});

describe('the "closes tomorrow" reminder (issue #33.6)', () => {
  it('mails once, in their language, whoever started applying and sent nothing, however many processes run it', async () => {
    const soon = await buildInvite(app, owner, { title: '봄 공모', closed: new Date(Date.now() + 12 * 3_600_000) });
    const later = await buildInvite(app, owner, { closed: new Date(Date.now() + 3 * 86_400_000) });
    const finished = await buildPremium(app);
    for (const user of [korean, finished])
      expect((await (await as(user)).post(`/api/v1/invites/${soon.id}/eligibility/`, { answers: {} })).statusCode).toBe(200);
    expect((await (await as(artist)).post(`/api/v1/invites/${later.id}/eligibility/`, { answers: {} })).statusCode).toBe(200);
    const work = await buildArtwork(app, finished);
    expect((await (await as(finished)).post('/api/v1/invite-applications/', { invite: soon.id, artwork: work.id })).statusCode).toBe(201);

    const runs = await Promise.all([remindUnfinished(app, 'https://axoo.test'), remindUnfinished(app, 'https://axoo.test')]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindUnfinished(app, 'https://axoo.test')).toBe(0);
    const queued = await app.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `mail:unfinished:${soon.id}:%`));
    expect(queued.map((j) => j.key)).toEqual([`mail:unfinished:${soon.id}:${korean.id}`]);
    const mail = queued[0]?.payload as { to: string; subject: string; text: string };
    expect(mail.to).toBe(korean.email);
    expect(mail.subject).toBe('[AXOO] "봄 공모" 마감이 하루 남았습니다');
    expect(mail.text).toContain(`https://axoo.test/goodluck/${soon.id}/apply/`);
    const none = await app.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `mail:unfinished:${later.id}:%`));
    expect(none).toEqual([]);
  });
});

describe('published results (issue #33.8)', () => {
  it('shows the selected entries, the jury’s statement and the counts once the call is in selection, with share tags', async () => {
    const invite = await buildInvite(app, owner, { title: 'Sea call' });
    const en = await as(artist);
    const chosen = await buildArtwork(app, artist, { title: 'Tide', cover: 'covers/tide.jpg' });
    const other = await buildArtwork(app, korean);
    const a = (await en.post('/api/v1/invite-applications/', { invite: invite.id, artwork: chosen.id })).json();
    expect((await (await as(korean)).post('/api/v1/invite-applications/', { invite: invite.id, artwork: other.id })).statusCode).toBe(201);
    await app.db.insert(inviteJurors).values([
      { inviteId: invite.id, email: 'j1@example.com', accepted: new Date() },
      { inviteId: invite.id, email: 'j2@example.com', accepted: new Date() },
      { inviteId: invite.id, email: 'j3@example.com' },
    ]);
    const guest = await as(null, 'ko');
    const early = await guest.get(`/api/v1/invites/${invite.id}/results/`);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ detail: '선정 결과는 아직 발표되지 않았습니다.' });

    const ownerAgent = await as(owner);
    expect((await ownerAgent.put(`/api/v1/invite-applications/${a.id}/`, { selected: true })).statusCode).toBe(200);
    await app.db.update(invites).set({ status: 'examination' }).where(eq(invites.id, invite.id));
    const published = await ownerAgent.put(`/api/v1/invites/${invite.id}/`, { title: 'Sea call', status: 'selection', jury_statement: 'Bold tides won.' });
    expect(published.statusCode).toBe(200);
    expect(published.json().jury_statement).toBe('Bold tides won.');

    const results = await guest.get(`/api/v1/invites/${invite.id}/results/`);
    expect(results.statusCode).toBe(200);
    expect(results.json()).toMatchObject({ invite: invite.id, title: 'Sea call', statement: 'Bold tides won.', entries: 2, jurors: 2 });
    expect(() => InviteResultsSchema.parse(results.json())).not.toThrow();
    expect(results.json().results).toEqual([
      expect.objectContaining({ application: a.id, title: 'Tide', artwork: chosen.id, artist: expect.objectContaining({ id: artist.id, slug: artist.slug }) }),
    ]);
    expect((await guest.get('/api/v1/invites/99999999/results/')).statusCode).toBe(404);

    const page = await app.inject({ method: 'GET', url: `/goodluck/${invite.id}/results/`, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('content="Results: Sea call · AXOO"');
    expect(page.body).toContain('1 selected from 2 entries · Bold tides won.');
  });

  it('keeps the statement the owner’s: another user may not write it', async () => {
    const invite = await buildInvite(app, owner);
    const res = await (await as(artist)).put(`/api/v1/invites/${invite.id}/`, { title: invite.title, jury_statement: 'Mine now' });
    expect(res.statusCode).toBe(403);
    const [row] = await app.db
      .select()
      .from(invites)
      .where(and(eq(invites.id, invite.id)));
    expect(row?.juryStatement).toBe('');
  });
});

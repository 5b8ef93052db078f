import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, type UserRow } from '../../../../test/factories.ts';
import { unzip } from '../../../../test/zip.ts';
import { agentAs, mailsTo as outboxTo } from '../../../../test/outbox.ts';
import { artworks, inviteQuestions, inviteScores, invites, media, notifications } from '../../../db/schema/index.ts';
import { enqueueMediaDelete } from '../../../media/cleanup.ts';

/**
 * Issue #16: a juried open call end to end through the API: frozen submissions, rubric, jurors, the blind queue and
 * scores, rounds and shortlists, the final selection, the applicant notices, the juror pack and the dashboard, with
 * the permission matrix of every endpoint (guest, artist, other user, juror of this invite, juror of another invite,
 * owner, staff).
 */
let app: FastifyInstance;
let staff: UserRow;
let owner: UserRow;
let artistA: UserRow;
let artistB: UserRow;
let stranger: UserRow;
let juror1: UserRow;
let juror2: UserRow;
let elsewhere: UserRow;
let invite: typeof invites.$inferSelect;
let otherInvite: typeof invites.$inferSelect;
const site = 'http://site.test';
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0, PUBLIC_URL: site });
  staff = await buildStaff(app);
  owner = await buildUser(app, { name: 'Brand Owner' });
  artistA = await buildPremium(app, { name: 'Alice Painter', username: 'alicepainter', language: 'en' });
  artistB = await buildPremium(app, { name: '김화가', username: 'kimhwaga', language: 'ko' });
  stranger = await buildUser(app);
  juror1 = await buildUser(app, { name: 'Juror One' });
  juror2 = await buildUser(app, { name: 'Juror Two' });
  elsewhere = await buildUser(app, { name: 'Juror Elsewhere' });
  invite = await buildInvite(app, owner, { title: 'Poster call' });
  otherInvite = await buildInvite(app, owner, { title: 'Other call', status: 'examination' });
  await app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'Why this work?' });
});
afterAll(() => app.close());

const as = (user: UserRow | null, lang: 'ko' | 'en' = 'en') => agentAs(app, user, lang);
const mailsTo = (to: string) => outboxTo(app, to);

async function acceptFromMail(user: UserRow, email: string) {
  const [mail] = (await mailsTo(email)).slice(-1);
  const url = new URL(/https?:\/\/\S+\/jury\/accept\/\S+/.exec(mail.text ?? '')![0]);
  const jurorId = Number(url.searchParams.get('juror'));
  const res = await (await as(user)).post(`/api/v1/invite-jurors/${jurorId}/accept/`, { token: url.searchParams.get('token') });
  return { res, jurorId, token: url.searchParams.get('token')! };
}

const ids: { applications: number[]; criteria: number[]; artworks: number[] } = { applications: [], criteria: [], artworks: [] };

describe('open-call judging (issue #16)', () => {
  it('freezes each submission at application, with a receipt; the artist keeps editing the live artwork; the copy and its images stay', async () => {
    for (const [artist, key] of [
      [artistA, 'snap/a-1.png'],
      [artistB, 'snap/b-1.png'],
    ] as const) {
      await app.storage.put(key, png, 'image/png');
      const artwork = await buildArtwork(app, artist, {
        title: artist === artistA ? 'Blue poster' : '붉은 포스터',
        content: `<p><img src="/media/${key}"></p><p><img src="/media/${key.replace('-1', '-2')}"></p>`,
        tagNames: ['poster'],
      });
      await app.storage.put(key.replace('-1', '-2'), png, 'image/png');
      const [question] = await app.db.select().from(inviteQuestions).where(eq(inviteQuestions.inviteId, invite.id));
      const res = await (await as(artist)).post('/api/v1/invite-applications/', {
        invite: invite.id,
        artwork: artwork.id,
        answers: [{ question: question.id, answer: artist === artistA ? 'Because of the light' : '빛 때문에' }],
      });
      expect(res.statusCode).toBe(201);
      ids.applications.push(res.json().id);
      ids.artworks.push(artwork.id);
    }
    // A's receipt in English, in the applicant's language, with the frozen copy; and one notice each.
    const [receipt] = await mailsTo(artistA.email);
    expect(receipt.subject).toBe('[AXOO] Your submission to "Poster call" was received');
    expect(receipt.text).toContain('Title: Blue poster');
    expect(receipt.text).toContain('Images: 2');
    expect(receipt.text).toContain('Because of the light');
    expect((await mailsTo(artistB.email))[0].subject).toBe('[AXOO] "Poster call" 공모 출품이 접수되었습니다');
    const notices = await app.db.select().from(notifications).where(eq(notifications.type, 'application_received'));
    expect(notices.map((n) => n.userId).sort()).toEqual([artistA.id, artistB.id].sort());

    // The artist edits the live artwork and drops an image, which is deleted: the frozen copy does not change, and
    // its images are copies of their own, which stay.
    await app.db.update(artworks).set({ title: 'Changed later', content: '<p>no images</p>' }).where(eq(artworks.id, ids.artworks[0]));
    await app.db.insert(media).values({ key: 'snap/a-1.png', ownerId: artistA.id, contentType: 'image/png', size: png.length }).onConflictDoNothing();
    await app.db.transaction((tx) => enqueueMediaDelete(tx, ['snap/a-1.png']));
    await app.jobs.drain();
    expect(await app.storage.get('snap/a-1.png')).toBeNull();
    const list = await (await as(owner)).get(`/api/v1/invites/${invite.id}/artworks/?ordering=oldest`);
    const [first] = list.json().results;
    expect(first.title).toBe('Blue poster');
    expect(first.application.snapshot).toMatchObject({
      title: 'Blue poster',
      images: [expect.stringMatching(/^submissions\//), expect.stringMatching(/^submissions\//)],
      categories: [{ category: 'painting' }],
      tags: ['poster'],
    });
    const [copy] = first.application.snapshot.images;
    expect(first.application.snapshot.content).toContain(`/media/${copy}`);
    expect(await app.storage.get(copy)).toEqual(png);
  });

  it('lets only the owner and staff write the rubric (1–8 criteria with ko/en names and weights), with field messages', async () => {
    const body = (n: number) => ({ invite: invite.id, name_ko: `기준 ${n}`, name_en: `Criterion ${n}`, description: 'How well', weight: n });
    for (const user of [null, artistA, stranger]) expect((await (await as(user)).post('/api/v1/invite-criteria/', body(1))).statusCode).toBe(403);
    for (const n of [1, 2, 3]) {
      const res = await (await as(n === 3 ? staff : owner)).post('/api/v1/invite-criteria/', body(n));
      expect(res.statusCode).toBe(201);
      ids.criteria.push(res.json().id);
    }
    const bad = await (await as(owner, 'ko')).post('/api/v1/invite-criteria/', { ...body(1), weight: 11, name_en: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['name_en', 'weight']);
    const put = await (await as(owner)).put(`/api/v1/invite-criteria/${ids.criteria[0]}/`, { name_ko: '구성', name_en: 'Composition', weight: 2 });
    expect(put.json()).toMatchObject({ name: 'Composition', weight: 2 });
    const extra = await (await as(owner)).post('/api/v1/invite-criteria/', body(4));
    expect((await (await as(owner)).delete(`/api/v1/invite-criteria/${extra.json().id}/`)).statusCode).toBe(204);
    // At most 8.
    const other = await buildInvite(app, owner);
    for (let n = 1; n <= 8; n++) await (await as(owner)).post('/api/v1/invite-criteria/', { ...body(1), invite: other.id });
    expect((await (await as(owner)).post('/api/v1/invite-criteria/', { ...body(1), invite: other.id })).json()).toEqual({
      invite: ['A rubric has at most 8 criteria.'],
    });
  });

  it('invites jurors by e-mail; they accept through the signed link (logged in), and see only the calls they judge', async () => {
    for (const user of [null, artistA, stranger])
      expect((await (await as(user)).post('/api/v1/invite-jurors/', { invite: invite.id, email: juror1.email })).statusCode).toBe(403);
    expect((await (await as(owner)).post('/api/v1/invite-jurors/', { invite: invite.id, email: 'not-an-email' })).json()).toEqual({
      email: ['Enter a valid email address.'],
    });
    expect((await (await as(owner)).post('/api/v1/invite-jurors/', { invite: invite.id, email: juror1.email })).statusCode).toBe(201);
    expect((await (await as(staff)).post('/api/v1/invite-jurors/', { invite: invite.id, email: juror2.email.toUpperCase() })).statusCode).toBe(201);
    expect((await (await as(owner)).post('/api/v1/invite-jurors/', { invite: invite.id, email: juror1.email })).json()).toEqual({
      email: ['This person is already a juror of this call.'],
    });
    // A juror of another invite.
    await (await as(owner)).post('/api/v1/invite-jurors/', { invite: otherInvite.id, email: elsewhere.email });
    expect((await acceptFromMail(elsewhere, elsewhere.email)).res.statusCode).toBe(200);

    const [mail] = await mailsTo(juror1.email);
    expect(mail.subject).toBe('[AXOO] You are invited to judge "Poster call"');
    const url = new URL(/https?:\/\/\S+\/jury\/accept\/\S+/.exec(mail.text ?? '')![0]);
    expect(url.pathname).toBe(`/goodluck/${invite.id}/jury/accept/`);
    const jurorId = Number(url.searchParams.get('juror'));
    expect((await (await as(null)).post(`/api/v1/invite-jurors/${jurorId}/accept/`, { token: url.searchParams.get('token') })).statusCode).toBe(403);
    expect((await (await as(juror1)).post(`/api/v1/invite-jurors/${jurorId}/accept/`, { token: 'forged' })).json()).toEqual({
      token: ['This invitation link is not valid or no longer in use.'],
    });
    expect((await acceptFromMail(juror1, juror1.email)).res.json()).toMatchObject({ invite: invite.id, status: 'accepted' });
    expect((await acceptFromMail(juror2, juror2.email)).res.statusCode).toBe(200);
    expect((await (await as(juror1)).get('/api/v1/invite-jurors/')).json()).toEqual([expect.objectContaining({ invite: invite.id, title: 'Poster call' })]);

    const jury = await (await as(owner)).get(`/api/v1/invites/${invite.id}/jury/`);
    expect(jury.json().jurors.map((j: { status: string; name: string }) => [j.status, j.name])).toEqual([
      ['accepted', 'Juror One'],
      ['accepted', 'Juror Two'],
    ]);
    // A juror sees the rubric but not the other jurors; others see nothing.
    expect((await (await as(juror1)).get(`/api/v1/invites/${invite.id}/jury/`)).json()).toMatchObject({ jurors: [], can_manage: false, juror: jurorId });
    for (const user of [null, artistA, stranger, elsewhere]) expect((await (await as(user)).get(`/api/v1/invites/${invite.id}/jury/`)).statusCode).toBe(403);
  });

  it('opens the blind queue to jurors only while the call is under examination, and it names no artist (JSON and page)', async () => {
    expect((await (await as(juror1)).get(`/api/v1/invites/${invite.id}/judging/`)).json()).toEqual({ detail: 'Judging is not open now.' });
    await app.db.update(invites).set({ status: 'examination' }).where(eq(invites.id, invite.id));
    const res = await (await as(juror1)).get(`/api/v1/invites/${invite.id}/judging/`);
    expect(res.statusCode).toBe(200);
    const queue = res.json();
    expect(queue).toMatchObject({ count: 2, scored: 0, total: 2, scale: 10, round: { number: 1 } });
    expect(queue.results[0]).toMatchObject({ application: ids.applications[0], artist: null, answers: [{ question: 'Why this work?' }] });
    const text = res.body;
    for (const artist of [artistA, artistB]) {
      for (const value of [artist.username, artist.slug, artist.email, `"author"`, `"${artist.id}"`]) expect(text).not.toContain(value);
    }
    expect(text).not.toContain('"artwork"');
    // The scoring page as served carries no identity either.
    const page = await (await as(juror1)).get(`/goodluck/${invite.id}/jury/`);
    expect(page.statusCode).toBe(200);
    for (const artist of [artistA, artistB]) for (const value of [artist.username, artist.name, artist.email]) expect(page.body).not.toContain(value);

    // Matrix of the queue: only the jurors of this invite.
    for (const user of [null, artistA, stranger, elsewhere, owner, staff])
      expect((await (await as(user)).get(`/api/v1/invites/${invite.id}/judging/`)).statusCode).toBe(403);
  });

  it('scores: within the scale, on this rubric, once per juror × submission × criterion (a second score updates), never on a conflict', async () => {
    const [a, b] = ids.applications;
    const [c1, c2, c3] = ids.criteria;
    const j1 = await as(juror1, 'ko');
    expect((await j1.post('/api/v1/invite-scores/', { application: a, criterion: c1, score: 11 })).json()).toEqual({ score: ['점수는 1부터 10까지입니다.'] });
    expect((await j1.post('/api/v1/invite-scores/', { application: a, criterion: c1, score: 0 })).statusCode).toBe(400);
    const foreign = (await (await as(owner)).post('/api/v1/invite-criteria/', { invite: otherInvite.id, name_ko: '다른', name_en: 'Other' })).json();
    expect((await j1.post('/api/v1/invite-scores/', { application: a, criterion: foreign.id, score: 5 })).json()).toEqual({
      criterion: ['이 공모의 평가 기준이 아닙니다.'],
    });
    const first = await j1.post('/api/v1/invite-scores/', { application: a, criterion: c1, score: 6, comment: 'strong' });
    expect(first.json()).toMatchObject({ application: a, criterion: c1, score: 6, comment: 'strong', round: 1 });
    expect((await j1.post('/api/v1/invite-scores/', { application: a, criterion: c1, score: 8 })).json()).toMatchObject({ score: 8, comment: 'strong' });
    const rows = await app.db
      .select()
      .from(inviteScores)
      .where(and(eq(inviteScores.applicationId, a), eq(inviteScores.criterionId, c1)));
    expect(rows.map((r) => r.score)).toEqual([8]);
    for (const [criterion, score] of [
      [c2, 5],
      [c3, 5],
    ])
      await j1.post('/api/v1/invite-scores/', { application: a, criterion, score });
    // Juror 2 scores A and B; juror 1 declares a conflict with B and cannot score it.
    const j2 = await as(juror2);
    for (const [application, criterion, score] of [
      [a, c1, 4],
      [a, c2, 7],
      [a, c3, 7],
      [b, c1, 9],
      [b, c2, 9],
      [b, c3, 9],
    ])
      expect((await j2.post('/api/v1/invite-scores/', { application, criterion, score })).statusCode).toBe(200);
    expect((await (await as(juror1)).post('/api/v1/invite-reviews/', { application: b, conflict: true })).json()).toMatchObject({ conflict: true });
    expect((await (await as(juror1)).post('/api/v1/invite-scores/', { application: b, criterion: c1, score: 3 })).json()).toEqual({
      application: ['You declared a conflict of interest with this submission, so you do not judge it.'],
    });
    expect((await (await as(juror1)).get(`/api/v1/invites/${invite.id}/judging/`)).json()).toMatchObject({ scored: 1, total: 1 });

    for (const user of [null, artistA, stranger, elsewhere, owner, staff])
      expect((await (await as(user)).post('/api/v1/invite-scores/', { application: a, criterion: c1, score: 5 })).statusCode).toBe(403);
    // Now locked.
    expect((await (await as(owner)).post('/api/v1/invite-criteria/', { invite: invite.id, name_ko: '새', name_en: 'New' })).json()).toEqual({
      non_field_errors: ['The rubric and the scale are locked once the first score is given.'],
    });
    expect((await (await as(owner)).put(`/api/v1/invites/${invite.id}/jury/`, { scale: 5 })).statusCode).toBe(400);
  });

  it('ranks by the weighted mean, with spread, counts and agreement; jurors see it only once the round is closed', async () => {
    const [a, b] = ids.applications;
    expect((await (await as(juror1)).get(`/api/v1/invites/${invite.id}/ranking/`)).statusCode).toBe(403);
    for (const user of [null, artistA, stranger, elsewhere]) expect((await (await as(user)).get(`/api/v1/invites/${invite.id}/ranking/`)).statusCode).toBe(403);
    const ranking = (await (await as(owner)).get(`/api/v1/invites/${invite.id}/ranking/`)).json();
    // Weights 2, 2, 3. B: juror 2 only → 9. A: juror 1 (2·8 + 2·5 + 3·5) / 7 = 41/7; juror 2 (2·4 + 2·7 + 3·7) / 7 = 43/7 → 6, sd 1/7.
    expect(ranking.results.map((r: { application: number }) => r.application)).toEqual([b, a]);
    expect(ranking.results[0]).toMatchObject({ mean: 9, jurors: 1, scores: 3, conflicts: 1, agreement: null });
    expect(ranking.results[1]).toMatchObject({ mean: 6, sd: 0.143, jurors: 2, scores: 6, agreement: 0.968 });

    const roundId = ranking.round.id;
    for (const user of [null, artistA, stranger, juror1, elsewhere])
      expect((await (await as(user)).post(`/api/v1/invite-rounds/${roundId}/close/`)).statusCode).toBe(403);
    expect((await (await as(owner)).post('/api/v1/invite-rounds/', { invite: invite.id, top: 1 })).json()).toEqual({
      invite: ['Close the current round first.'],
    });
    expect((await (await as(owner)).post(`/api/v1/invite-rounds/${roundId}/close/`)).json()).toMatchObject({ number: 1, closed: expect.any(String) });
    expect((await (await as(juror1)).post('/api/v1/invite-scores/', { application: a, criterion: ids.criteria[0], score: 5 })).json()).toEqual({
      application: ['This round is closed.'],
    });
    expect((await (await as(juror1)).get(`/api/v1/invites/${invite.id}/ranking/`)).statusCode).toBe(200);
  });

  it('shortlists the top N into round 2 (the shortlisted hear it once), which shows only the shortlist; a removed juror is refused', async () => {
    const [a, b] = ids.applications;
    for (const user of [null, artistA, stranger, juror1, elsewhere])
      expect((await (await as(user)).post('/api/v1/invite-rounds/', { invite: invite.id, top: 1 })).statusCode).toBe(403);
    expect((await (await as(owner)).post('/api/v1/invite-rounds/', { invite: invite.id, applications: [999999] })).json()).toEqual({
      'applications.0': ['Only submissions of the closed round can be chosen.'],
    });
    const res = await (await as(owner)).post('/api/v1/invite-rounds/', { invite: invite.id, top: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ number: 2, shortlist: 1, closed: null });
    const queue = (await (await as(juror2)).get(`/api/v1/invites/${invite.id}/judging/`)).json();
    expect(queue.results.map((r: { application: number }) => r.application)).toEqual([b]);
    expect((await (await as(juror2)).post('/api/v1/invite-scores/', { application: a, criterion: ids.criteria[0], score: 5 })).json()).toEqual({
      application: ['This submission is not in the current round.'],
    });
    expect((await mailsTo(artistB.email)).map((m) => m.subject)).toContain('[AXOO] "Poster call" 공모의 후보에 올랐습니다');
    expect((await mailsTo(artistA.email)).map((m) => m.subject)).not.toContain('[AXOO] Your submission to "Poster call" is shortlisted');

    // Remove juror 1: 403 from then on; their scores stay, marked, and no longer count.
    const jury = (await (await as(owner)).get(`/api/v1/invites/${invite.id}/jury/`)).json();
    const j1 = jury.jurors.find((j: { name: string }) => j.name === 'Juror One');
    for (const user of [null, artistA, stranger, juror2, elsewhere])
      expect((await (await as(user)).delete(`/api/v1/invite-jurors/${j1.id}/`)).statusCode).toBe(403);
    expect((await (await as(owner)).delete(`/api/v1/invite-jurors/${j1.id}/`)).statusCode).toBe(204);
    expect((await (await as(juror1)).get(`/api/v1/invites/${invite.id}/judging/`)).json()).toEqual({ detail: 'You are no longer a juror of this call.' });
    expect((await (await as(juror1)).post('/api/v1/invite-scores/', { application: b, criterion: ids.criteria[0], score: 5 })).statusCode).toBe(403);
    const round1 = (await (await as(owner)).get(`/api/v1/invites/${invite.id}/ranking/?round=1`)).json();
    expect(round1.results.find((r: { application: number }) => r.application === a)).toMatchObject({ removed_scores: 3, jurors: 1, mean: 6.143 });
  });

  it('the final selection sets the selected flag; reaching selection tells the others once that they were not selected', async () => {
    const [a, b] = ids.applications;
    expect((await (await as(owner)).put(`/api/v1/invite-applications/${b}/`, { selected: true })).statusCode).toBe(200);
    expect((await (await as(owner)).put(`/api/v1/invites/${invite.id}/`, { title: 'Poster call', status: 'selection' })).statusCode).toBe(200);
    const aMails = (await mailsTo(artistA.email)).map((m) => m.subject);
    expect(aMails).toContain('[AXOO] The results of "Poster call"');
    expect((await mailsTo(artistB.email)).map((m) => m.subject)).toContain('[AXOO] "Poster call" 공모에 선정되었습니다');
    expect((await mailsTo(artistB.email)).map((m) => m.subject)).not.toContain('[AXOO] "Poster call" 공모 결과 안내');
    const notSelected = await app.db.select().from(notifications).where(eq(notifications.type, 'not_selected'));
    expect(notSelected.map((n) => [n.userId, n.applicationId])).toEqual([[artistA.id, a]]);
    const selected = (await (await as(null)).get(`/api/v1/invites/${invite.id}/artworks/?selected=true`)).json();
    expect(selected.results.map((r: { application: { id: number } }) => r.application.id)).toEqual([b]);
  });

  it('builds the juror pack as a job with progress: original images named <submission>-<n>, answers and scores as CSV with BOM', async () => {
    const [a, b] = ids.applications;
    for (const user of [null, artistA, stranger, juror2, elsewhere])
      expect((await (await as(user)).post(`/api/v1/invites/${invite.id}/export/`)).statusCode).toBe(403);
    expect((await (await as(owner)).get(`/api/v1/invites/${invite.id}/export/`)).json()).toEqual({ status: 'none', done: 0, total: 0, url: null });
    const started = await (await as(owner)).post(`/api/v1/invites/${invite.id}/export/`);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'queued', url: null });
    await app.jobs.drain();
    const state = (await (await as(staff)).get(`/api/v1/invites/${invite.id}/export/`)).json();
    expect(state).toMatchObject({ status: 'done', done: 7, total: 7 });
    const url = new URL(state.url);
    for (const user of [null, artistA, juror2]) expect((await (await as(user)).get(url.pathname + url.search)).statusCode).toBe(403);
    expect((await (await as(owner)).get(`${url.pathname}?token=forged`)).statusCode).toBe(400);
    const download = await (await as(owner)).request({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = await unzip(download.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      ['answers.csv', `images/${a}-1.png`, `images/${a}-2.png`, `images/${b}-1.png`, `images/${b}-2.png`, 'ranking.csv', 'scores.csv'].sort(),
    );
    expect(files.get(`images/${a}-1.png`)).toEqual(png);
    const answers = files.get('answers.csv')!.toString('utf8');
    expect(answers.startsWith('\uFEFFsubmission,title,submitted,selected,Why this work?\r\n')).toBe(true);
    expect(answers).toContain(`${b},붉은 포스터,`);
    expect(answers).toContain('빛 때문에');
    // Blind unless the call reveals names.
    expect(answers).not.toContain('김화가');
    const scores = files
      .get('scores.csv')!
      .toString('utf8')
      .replace('\uFEFF', '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(scores[0]).toEqual(['round', 'submission', 'juror', 'juror_removed', 'criterion_ko', 'criterion_en', 'score', 'comment']);
    expect(scores).toContainEqual(['1', String(a), juror1.email, 'true', '구성', 'Composition', '8', 'strong']);
    expect(scores.length).toBe(1 + 9);
  });

  it('shows the owner a dashboard: submissions per day, by genre, and each juror’s progress', async () => {
    for (const user of [null, artistA, stranger, juror2, elsewhere])
      expect((await (await as(user)).get(`/api/v1/invites/${invite.id}/dashboard/`)).statusCode).toBe(403);
    const dash = (await (await as(owner, 'en')).get(`/api/v1/invites/${invite.id}/dashboard/`)).json();
    expect(dash.submissions).toBe(2);
    expect(dash.per_day).toEqual([{ day: new Date().toISOString().slice(0, 10), count: 2 }]);
    expect(dash.by_category).toEqual([{ category: 'painting', name: expect.any(String), count: 2 }]);
    expect(dash.jurors.map((j: { status: string; scored: number; total: number }) => [j.status, j.scored, j.total])).toEqual([
      ['removed', 0, 0],
      ['accepted', 0, 1],
    ]);
  });
});

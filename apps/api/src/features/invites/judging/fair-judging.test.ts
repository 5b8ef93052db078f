import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/app.ts';
import { buildArtwork, buildInvite, buildUser, type UserRow } from '../../../../test/factories.ts';
import { agentAs, mailsTo } from '../../../../test/outbox.ts';
import { unzip } from '../../../../test/zip.ts';
import {
  collections,
  follows,
  inviteApplications,
  inviteCriteria,
  inviteJurors,
  inviteReviews,
  inviteScores,
  inviteSnapshots,
  invites,
  inviteVoteRounds,
  inviteVotes,
  users,
} from '../../../db/schema/index.ts';
import { currentRound } from './queries.ts';

/**
 * Issue #33, points 3 and 4 through the API: a juror's declared conflict of interest (who may declare one, the entry
 * leaving their queue, their scores counting nowhere: ranking and pack), the prompt to consider one, and the
 * normalised ranking with hand-computed figures (a harsh juror and a generous one); points 5 and 7: feedback released
 * to applicants after the results, and the public vote's rules (who votes, once, where, and when the counts show).
 */
let app: FastifyInstance;
let owner: UserRow;
let harsh: UserRow;
let generous: UserRow;
let stranger: UserRow;
let outsider: UserRow;
let inviteId = 0;
let otherInviteId = 0;
let criterionId = 0;
const apps: number[] = [];
const artists: UserRow[] = [];
const jurorIds: Record<string, number> = {};

const as = (user: UserRow | null, lang: 'ko' | 'en' = 'en') => agentAs(app, user, lang);

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  owner = await buildUser(app, { name: 'Fair Owner' });
  harsh = await buildUser(app, { name: 'Harsh Juror' });
  generous = await buildUser(app, { name: 'Generous Juror' });
  stranger = await buildUser(app);
  outsider = await buildUser(app, { name: 'Other Call Juror' });
  const invite = await buildInvite(app, owner, { title: 'Fair call', status: 'examination', closed: new Date(Date.now() - 86_400_000) });
  const other = await buildInvite(app, owner, { title: 'Other call', status: 'examination', closed: new Date(Date.now() - 86_400_000) });
  inviteId = invite.id;
  otherInviteId = other.id;
  const [criterion] = await app.db.insert(inviteCriteria).values({ inviteId, nameKo: '완성도', nameEn: 'Craft', weight: 1 }).returning();
  criterionId = criterion.id;
  // Five entries, A–E, each by its own artist, each with a frozen copy.
  for (const letter of ['A', 'B', 'C', 'D', 'E']) {
    const artist = await buildUser(app, { name: `Artist ${letter}` });
    const artwork = await buildArtwork(app, artist, { title: `Entry ${letter}` });
    const [row] = await app.db.insert(inviteApplications).values({ inviteId, artworkId: artwork.id, applicantId: artist.id }).returning();
    await app.db
      .insert(inviteSnapshots)
      .values({ applicationId: row.id, inviteId, title: `Entry ${letter}`, taxonomy: { categories: [], fields: [], concepts: [], tags: [] } });
    apps.push(row.id);
    artists.push(artist);
  }
  for (const [key, user, id] of [
    ['harsh', harsh, inviteId],
    ['generous', generous, inviteId],
    ['outsider', outsider, otherInviteId],
  ] as const) {
    const [row] = await app.db.insert(inviteJurors).values({ inviteId: id, email: user.email, userId: user.id, accepted: new Date() }).returning();
    jurorIds[key] = row.id;
  }
}, 300_000);
afterAll(() => app.close());

async function score(user: UserRow, application: number, value: number) {
  const res = await (await as(user)).post('/api/v1/invite-scores/', { application, criterion: criterionId, score: value });
  expect(res.statusCode).toBe(200);
}

describe('normalised ranking (issue #33.4)', () => {
  it('gives mean and normalized per entry, with hand-computed figures, ordered by ?by=mean|normalized', async () => {
    const [A, B, C, D, E] = apps;
    // Harsh: A 5, B 2, C 3 (μ 10/3, σ √(14/9)); generous: C 8, D 10, E 9 (μ 9, σ √(2/3)).
    for (const [application, value] of [
      [A, 5],
      [B, 2],
      [C, 3],
    ])
      await score(harsh, application, value);
    for (const [application, value] of [
      [C, 8],
      [D, 10],
      [E, 9],
    ])
      await score(generous, application, value);
    const byMean = (await (await as(owner)).get(`/api/v1/invites/${inviteId}/ranking/`)).json();
    expect(byMean.by).toBe('mean');
    expect(byMean.results.map((r: { application: number; mean: number; normalized: number }) => [r.application, r.mean, r.normalized])).toEqual([
      [D, 10, 1.225],
      [E, 9, 0],
      [C, 5.5, -0.746],
      [A, 5, 1.336],
      [B, 2, -1.069],
    ]);
    const byNormalized = (await (await as(owner)).get(`/api/v1/invites/${inviteId}/ranking/?by=normalized`)).json();
    expect(byNormalized.results.map((r: { application: number }) => r.application)).toEqual([A, D, E, C, B]);
    const bad = await (await as(owner, 'ko')).get(`/api/v1/invites/${inviteId}/ranking/?by=median`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['by']);
  });
});

describe('conflicts of interest (issue #33.3)', () => {
  it('prompts a juror who follows an artist or collected the work, without saying which or who', async () => {
    const [, , , D, E] = apps;
    await app.db.insert(follows).values({ followerId: generous.id, artistId: artists[3].id });
    const [application] = await app.db.select().from(inviteApplications).where(eq(inviteApplications.id, E));
    await app.db.insert(collections).values({ userId: generous.id, artworkId: application.artworkId as number });
    const res = await (await as(generous)).get(`/api/v1/invites/${inviteId}/judging/`);
    expect(res.statusCode, res.body).toBe(200);
    const flags = Object.fromEntries(res.json().results.map((r: { application: number; consider_conflict: boolean }) => [r.application, r.consider_conflict]));
    expect(flags).toEqual({ [apps[0]]: false, [apps[1]]: false, [apps[2]]: false, [D]: true, [E]: true });
    for (const artist of artists.slice(3)) for (const value of [artist.name, artist.username, artist.email]) expect(res.body).not.toContain(value);
    // The harsh juror has no such ties.
    const mine = (await (await as(harsh)).get(`/api/v1/invites/${inviteId}/judging/`)).json();
    expect(mine.results.some((r: { consider_conflict: boolean }) => r.consider_conflict)).toBe(false);
  });

  it('refuses a conflict from anyone who is not a juror of that call (403 in their language), and an unknown entry (400)', async () => {
    const [A] = apps;
    for (const user of [null, stranger, owner, outsider, artists[0]])
      expect((await (await as(user)).post('/api/v1/invite-conflicts/', { application: A })).statusCode).toBe(403);
    expect((await (await as(outsider, 'ko')).post('/api/v1/invite-conflicts/', { application: A })).json()).toEqual({
      detail: '이 공모의 심사위원만 이해관계 충돌을 알릴 수 있습니다.',
    });
    expect((await (await as(stranger, 'en')).post('/api/v1/invite-conflicts/', { application: A })).json()).toEqual({
      detail: 'Only a juror of this call can declare a conflict of interest.',
    });
    expect((await (await as(harsh)).post('/api/v1/invite-conflicts/', { application: 999_999 })).json()).toEqual({
      application: ['This submission does not belong to the call.'],
    });
    const long = await (await as(harsh, 'ko')).post('/api/v1/invite-conflicts/', { application: A, reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['reason']);
    const reviews = await app.db.select().from(inviteReviews).where(eq(inviteReviews.conflict, true));
    expect(reviews).toEqual([]);
  });

  it('excludes the juror’s score of the entry everywhere: ranking, queue, pack; the owner sees the conflict', async () => {
    const [A, B, C] = apps;
    const res = await (await as(generous)).post('/api/v1/invite-conflicts/', { application: C, reason: 'I taught this artist' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ application: C, reason: 'I taught this artist', declared: expect.any(String) });
    // The score stays stored but counts nowhere.
    expect((await app.db.select().from(inviteScores).where(eq(inviteScores.applicationId, C))).length).toBe(2);

    const queue = (await (await as(generous)).get(`/api/v1/invites/${inviteId}/judging/`)).json();
    expect(queue.results.map((r: { application: number }) => r.application)).not.toContain(C);
    expect(queue).toMatchObject({ count: 4, total: 4 });

    // Generous now counts D 10, E 9 (μ 9.5, σ 0.5 → 1, −1); C keeps only the harsh juror's z (−0.267).
    const ranking = (await (await as(owner)).get(`/api/v1/invites/${inviteId}/ranking/?by=normalized`)).json();
    const c = ranking.results.find((r: { application: number }) => r.application === C);
    expect(c).toMatchObject({ mean: 3, normalized: -0.267, jurors: 1, scores: 1, conflicts: 1 });
    expect(ranking.results.map((r: { application: number }) => r.application)).toEqual([A, apps[3], C, apps[4], B]);

    // The owner sees who declared what; nobody else does.
    const list = await (await as(owner)).get(`/api/v1/invites/${inviteId}/conflicts/`);
    expect(list.json()).toEqual({
      results: [
        {
          application: C,
          title: 'Entry C',
          juror: { id: jurorIds.generous, email: generous.email, name: 'Generous Juror' },
          reason: 'I taught this artist',
          declared: expect.any(String),
        },
      ],
    });
    for (const user of [null, stranger, harsh, generous]) expect((await (await as(user)).get(`/api/v1/invites/${inviteId}/conflicts/`)).statusCode).toBe(403);

    // The pack: the conflicted score is left out of scores.csv; ranking.csv carries mean and normalized.
    expect((await (await as(owner)).post(`/api/v1/invites/${inviteId}/export/`)).statusCode).toBe(202);
    await app.jobs.drain();
    const state = (await (await as(owner)).get(`/api/v1/invites/${inviteId}/export/`)).json();
    const url = new URL(state.url);
    const files = await unzip((await (await as(owner)).request({ method: 'GET', url: url.pathname + url.search })).rawPayload);
    const lines = (name: string) => files.get(name)!.toString('utf8').replace('\uFEFF', '').trim().split('\r\n');
    const scores = lines('scores.csv').map((l) => l.split(','));
    expect(scores.filter((r) => r[1] === String(C)).map((r) => r[2])).toEqual([harsh.email]);
    expect(scores.length).toBe(1 + 5);
    const ranked = lines('ranking.csv');
    expect(ranked[0]).toBe('round,rank,submission,title,mean,normalized,sd,jurors,scores,conflicts');
    // Ranked by mean (D 10, E 9, A 5, C 3, B 2), each row with both figures.
    expect(ranked).toContain(`1,4,${C},Entry C,3,-0.267,0,1,1,1`);
    expect(ranked).toContain(`1,3,${A},Entry A,5,1.336,0,1,1,0`);
    // The round is judged in the other call only by its own jurors.
    expect((await currentRound(app.db, otherInviteId)).number).toBe(1);
    expect((await app.db.select().from(invites).where(eq(invites.id, inviteId)))[0].feedbackReleased).toBeNull();
  });
});

describe('feedback that reaches applicants (issue #33.5)', () => {
  it('releases the shareable comments after the results, once, with a mail in each applicant’s language; never a juror’s name', async () => {
    const [A, B, C] = apps;
    const review = async (user: UserRow, body: object) => expect((await (await as(user)).post('/api/v1/invite-reviews/', body)).statusCode).toBe(200);
    await review(harsh, { application: A, comment: 'The light in the corner is strong.', shareable: true });
    await review(harsh, { application: B, comment: 'Private: weak.' });
    // A comment on an entry the juror declared a conflict with never reaches the applicant.
    await review(generous, { application: C, comment: 'Conflicted words', shareable: true });

    expect((await (await as(owner, 'ko')).post(`/api/v1/invites/${inviteId}/feedback/release/`)).json()).toEqual({
      non_field_errors: ['심사평은 결과가 발표된 뒤에 공개할 수 있습니다.'],
    });
    expect((await (await as(artists[0])).get(`/api/v1/invite-applications/${A}/feedback/`)).json()).toMatchObject({ released: null, comments: [] });
    await app.db.update(invites).set({ status: 'selection' }).where(eq(invites.id, inviteId));
    for (const user of [null, stranger, harsh, artists[0]])
      expect((await (await as(user)).post(`/api/v1/invites/${inviteId}/feedback/release/`)).statusCode).toBe(403);
    const released = await (await as(owner)).post(`/api/v1/invites/${inviteId}/feedback/release/`);
    expect(released.json()).toMatchObject({ invite: inviteId, applications: 1, comments: 1, released: expect.any(String) });
    expect((await (await as(owner)).post(`/api/v1/invites/${inviteId}/feedback/release/`)).json()).toEqual({
      non_field_errors: ['Feedback was already released.'],
    });

    const page = await (await as(artists[0])).get(`/api/v1/invite-applications/${A}/feedback/`);
    expect(page.json()).toMatchObject({ application: A, title: 'Entry A', comments: [{ comment: 'The light in the corner is strong.' }] });
    for (const value of [harsh.name, harsh.email, generous.name, 'Private: weak.']) expect(page.body).not.toContain(value);
    expect((await (await as(artists[2])).get(`/api/v1/invite-applications/${C}/feedback/`)).json().comments).toEqual([]);
    for (const user of [null, stranger, artists[1]]) expect((await (await as(user)).get(`/api/v1/invite-applications/${A}/feedback/`)).statusCode).toBe(403);
    expect((await (await as(artists[0])).get('/api/v1/invite-applications/999999/feedback/')).statusCode).toBe(404);

    // The call's page lists the applicant's own entries with that feedback (issue #33.5), nobody else's.
    const own = await (await as(artists[0])).get(`/api/v1/invite-applications/?invite=${inviteId}`);
    expect(own.json()).toEqual({
      results: [
        { application: A, invite: inviteId, title: 'Entry A', released: expect.any(String), comments: [{ comment: 'The light in the corner is strong.' }] },
      ],
    });
    for (const value of [harsh.name, harsh.email, 'Private: weak.', 'Entry B']) expect(own.body).not.toContain(value);
    expect((await (await as(stranger)).get(`/api/v1/invite-applications/?invite=${inviteId}`)).json()).toEqual({ results: [] });
    expect((await (await as(null)).get(`/api/v1/invite-applications/?invite=${inviteId}`)).statusCode).toBe(403);
    expect((await (await as(artists[0], 'ko')).get('/api/v1/invite-applications/?invite=abc')).json()).toEqual({ invite: [expect.stringMatching(/[가-힣]/)] });
    expect((await (await as(artists[0], 'ko')).get('/api/v1/invite-applications/?invite=999999')).json()).toEqual({ invite: ['존재하지 않는 공모입니다.'] });

    const mails = await mailsTo(app, artists[0].email);
    const feedback = mails.filter((m) => m.subject?.includes('심사평'));
    expect(feedback.length).toBe(1);
    expect(feedback[0].subject).toBe('[AXOO] "Fair call" 공모 심사평이 도착했습니다');
    expect(feedback[0].text).toContain(`/goodluck/${inviteId}/feedback/${A}/`);
    expect(feedback[0].text).not.toContain('The light in the corner');
    expect((await mailsTo(app, artists[2].email)).filter((m) => m.subject?.includes('심사평'))).toEqual([]);
    // And a notice, whose link is the call's page (where the applicant's entries show the feedback).
    const notices = (await (await as(artists[0])).get('/api/v1/notifications/')).json().results;
    expect(notices.filter((n: { type: string }) => n.type === 'feedback_released')).toEqual([
      expect.objectContaining({ type: 'feedback_released', link: `/goodluck/${inviteId}/` }),
    ]);
    const others = (await (await as(artists[2])).get('/api/v1/notifications/')).json().results;
    expect(others.filter((n: { type: string }) => n.type === 'feedback_released')).toEqual([]);
  });
});

const DAY = 86_400_000;
/** A voter: an account of `age` days, its e-mail confirmed unless told otherwise. */
async function voter(age: number, confirmed = true) {
  return buildUser(app, { created: new Date(Date.now() - age * DAY), emailConfirmed: confirmed ? new Date() : null });
}

describe('a public vote round on the shortlist (issue #33.7)', () => {
  let roundId = 0;
  let old: UserRow;

  it('is opened by the owner on the latest shortlist, with dates in order and no overlap', async () => {
    const body = {
      invite: inviteId,
      kind: 'public_vote',
      starts: new Date(Date.now() - 10 * DAY).toISOString(),
      ends: new Date(Date.now() + DAY).toISOString(),
    };
    expect((await (await as(owner, 'ko')).post('/api/v1/invite-rounds/', body)).json()).toEqual({
      invite: ['공개 투표에는 후보작 목록이 필요합니다. 먼저 라운드를 마감하고 후보를 정하세요.'],
    });
    // Round 1 closes; its top 3 by mean (D, E, A: C's conflicted score left out) are shortlisted.
    const round = await currentRound(app.db, inviteId);
    expect((await (await as(owner)).post(`/api/v1/invite-rounds/${round.id}/close/`)).statusCode).toBe(200);
    expect((await (await as(owner)).post('/api/v1/invite-rounds/', { invite: inviteId, top: 3 })).statusCode).toBe(201);
    for (const user of [null, stranger, harsh]) expect((await (await as(user)).post('/api/v1/invite-rounds/', body)).statusCode).toBe(403);
    expect((await (await as(owner)).post('/api/v1/invite-rounds/', { ...body, ends: body.starts })).json()).toEqual({
      ends: ['The vote must end after it starts.'],
    });
    expect(Object.keys((await (await as(owner)).post('/api/v1/invite-rounds/', { invite: inviteId, kind: 'public_vote' })).json()).sort()).toEqual([
      'ends',
      'starts',
    ]);
    const res = await (await as(owner)).post('/api/v1/invite-rounds/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ invite: inviteId, kind: 'public_vote', open: true });
    roundId = res.json().id;
    expect((await (await as(owner)).post('/api/v1/invite-rounds/', body)).json()).toEqual({
      starts: ['Another public vote of this call overlaps these dates.'],
    });
    // The ballot: the shortlist as frozen entries, blind.
    const ballot = await (await as(null)).get(`/api/v1/invites/${inviteId}/vote/`);
    expect(ballot.json().entries.map((e: { application: number }) => e.application)).toEqual([apps[0], apps[3], apps[4]]);
    for (const artist of artists) expect(ballot.body).not.toContain(artist.email);
  });

  it('takes one vote per account (a second moves it) from accounts older than 7 days with a confirmed e-mail, never for their own entry', async () => {
    const [A, B, , D, E] = apps;
    old = await voter(30);
    expect((await (await as(null)).post('/api/v1/invite-votes/', { application: D })).statusCode).toBe(403);
    expect((await (await as(await voter(2), 'ko')).post('/api/v1/invite-votes/', { application: D })).json()).toEqual({
      detail: '가입한 지 7일이 지난 계정만 투표할 수 있습니다.',
    });
    // Unconfirmed: refused with the way to the account settings, in the voter's language (issue #33.7).
    expect((await (await as(await voter(30, false))).post('/api/v1/invite-votes/', { application: D })).json()).toEqual({
      detail: expect.stringMatching(/^Confirm your e-mail address to vote\. You can do it in your account settings: http:\/\/[^ ]+\/accounts\/$/),
    });
    const unconfirmed = await (await as(await voter(30, false), 'ko')).post('/api/v1/invite-votes/', { application: D });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().detail).toMatch(/^이메일 인증을 마친 계정만 투표할 수 있습니다\. 계정 설정에서 인증하세요: http:\/\/[^ ]+\/accounts\/$/);
    // An address confirmed and then changed no longer counts.
    const changed = await voter(30);
    await app.db
      .update(users)
      .set({ email: `changed${changed.id}@example.com`, emailConfirmed: null })
      .where(eq(users.id, changed.id));
    expect((await (await as({ ...changed, email: `changed${changed.id}@example.com` })).post('/api/v1/invite-votes/', { application: D })).statusCode).toBe(
      403,
    );
    for (const application of ['abc', -1, null])
      expect((await (await as(old, 'ko')).post('/api/v1/invite-votes/', { application })).json()).toEqual({ application: [expect.stringMatching(/[가-힣]/)] });
    expect((await (await as(artists[3])).post('/api/v1/invite-votes/', { application: D })).json()).toEqual({
      application: ['You cannot vote for your own entry.'],
    });
    expect((await (await as(old)).post('/api/v1/invite-votes/', { application: B })).json()).toEqual({
      application: ['This entry is not on the vote’s shortlist.'],
    });
    expect((await (await as(old)).post('/api/v1/invite-votes/', { application: D })).json()).toEqual({ round: roundId, application: D, moved: false });
    expect((await (await as(old)).post('/api/v1/invite-votes/', { application: E })).json()).toEqual({ round: roundId, application: E, moved: true });
    const rows = await app.db.select().from(inviteVotes).where(eq(inviteVotes.userId, old.id));
    expect(rows.map((r) => r.applicationId)).toEqual([E]);
    expect((await (await as(old)).get(`/api/v1/invites/${inviteId}/vote/`)).json()).toMatchObject({ mine: E, round: { id: roundId, open: true } });
    // The ballot marks the viewer's own entry (not votable), for them only.
    const ownBallot = (await (await as(artists[3])).get(`/api/v1/invites/${inviteId}/vote/`)).json();
    expect(ownBallot.entries.map((e: { application: number; own: boolean }) => [e.application, e.own])).toEqual([
      [A, false],
      [D, true],
      [E, false],
    ]);
    expect((await (await as(old)).get(`/api/v1/invites/${inviteId}/vote/`)).json().entries.some((e: { own: boolean }) => e.own)).toBe(false);
    expect(A).toBeGreaterThan(0);
  });

  it('limits the accounts voting from one address, hides the counts until the end, and does not count accounts made after it began', async () => {
    const [A, , , D, E] = apps;
    for (const application of [D, D, A]) expect((await (await as(await voter(30))).post('/api/v1/invite-votes/', { application })).statusCode).toBe(200);
    // Made 8 days ago, after the vote began 10 days ago: it votes, but is not counted.
    expect((await (await as(await voter(8))).post('/api/v1/invite-votes/', { application: A })).statusCode).toBe(200);
    // Five accounts voted from this address; a sixth is refused, and an account that voted may still move its vote.
    expect((await (await as(await voter(30), 'ko')).post('/api/v1/invite-votes/', { application: A })).json()).toEqual({
      detail: '이 네트워크에서 이미 많은 표가 들어왔습니다. 다른 네트워크에서 투표해 주세요.',
    });
    expect((await (await as(old)).post('/api/v1/invite-votes/', { application: E })).statusCode).toBe(200);

    expect((await (await as(owner)).get(`/api/v1/invites/${inviteId}/votes/`)).json()).toEqual({ detail: 'The counts are shown once the vote ends.' });
    await app.db
      .update(inviteVoteRounds)
      .set({ ends: new Date(Date.now() - 1000) })
      .where(eq(inviteVoteRounds.id, roundId));
    expect((await (await as(old, 'ko')).post('/api/v1/invite-votes/', { application: D })).json()).toEqual({ application: ['지금은 투표 기간이 아닙니다.'] });
    const counts = (await (await as(null)).get(`/api/v1/invites/${inviteId}/votes/`)).json();
    expect(counts).toMatchObject({ round: { id: roundId, open: false }, total: 4 });
    expect(counts.results.map((r: { application: number; votes: number }) => [r.application, r.votes])).toEqual([
      [D, 2],
      [A, 1],
      [E, 1],
    ]);
  });
});

describe('the owner manages the public vote rounds (issue #33.7)', () => {
  it('lists them with their state and, once ended, the counted votes; withdraws one not begun; refuses everyone else', async () => {
    const list = async (user: UserRow | null = owner) => (await as(user)).get(`/api/v1/invites/${inviteId}/vote-rounds/`);
    for (const user of [null, stranger, harsh, artists[0]]) expect((await list(user)).statusCode).toBe(403);
    expect((await list()).json().results.map((r: { state: string; votes: number | null }) => [r.state, r.votes])).toEqual([['ended', 4]]);
    const later = {
      invite: inviteId,
      kind: 'public_vote',
      starts: new Date(Date.now() + 2 * DAY).toISOString(),
      ends: new Date(Date.now() + 3 * DAY).toISOString(),
    };
    const created = await (await as(owner)).post('/api/v1/invite-rounds/', later);
    expect(created.json()).toMatchObject({ state: 'scheduled', open: false });
    const id = created.json().id;
    expect((await list()).json().results.map((r: { id: number; state: string; votes: number | null }) => [r.id, r.state, r.votes])).toEqual([
      [id, 'scheduled', null],
      [expect.any(Number), 'ended', 4],
    ]);
    // A vote before it begins is outside the round.
    const early = await voter(30);
    expect((await (await as(early, 'ko')).post('/api/v1/invite-votes/', { application: apps[0] })).json()).toEqual({
      application: ['지금은 투표 기간이 아닙니다.'],
    });
    for (const user of [null, stranger, harsh]) expect((await (await as(user)).delete(`/api/v1/invite-vote-rounds/${id}/`)).statusCode).toBe(403);
    expect((await (await as(owner)).delete(`/api/v1/invite-vote-rounds/${id}/`)).statusCode).toBe(204);
    expect((await (await as(owner)).delete(`/api/v1/invite-vote-rounds/${id}/`)).statusCode).toBe(404);
    const [ended] = (await list()).json().results;
    expect((await (await as(owner, 'ko')).delete(`/api/v1/invite-vote-rounds/${ended.id}/`)).json()).toEqual({
      non_field_errors: ['이미 시작된 투표는 취소할 수 없습니다.'],
    });
    expect((await list()).json().results).toHaveLength(1);
    expect((await (await as(owner, 'ko')).post('/api/v1/invite-rounds/', { ...later, starts: 'soon' })).json()).toEqual({
      starts: [expect.stringMatching(/[가-힣]/)],
    });
  });
});

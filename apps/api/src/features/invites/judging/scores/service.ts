import { type Lang, SCORE_MIN } from '@axoo/contract';
import type { Db, Executor } from '../../../../db/client.ts';
import { badRequest, notAuthenticated } from '../../../../http/errors.ts';
import type { Page } from '../../../../http/paging.ts';
import type { UserRow } from '../../../../domain/users/user.ts';
import { presentSnapshot } from '../../../../domain/open-calls/snapshot.ts';
import { presentCriterion, presentRound } from '../present.ts';
import * as shared from '../queries.ts';
import * as q from './queries.ts';
import type { JurorRow } from '../queries.ts';
import { requireAccess } from '../service.ts';

export async function getQueue(db: Db, viewer: UserRow | null, inviteId: number, page: Page, lang: Lang) {
  const { invite, juror, round } = await requireAccess(db, viewer, inviteId, 'judge');
  const me = juror as JurorRow;
  const [criteria, { count, rows }, all, allScores, reviews, rounds] = await Promise.all([
    shared.listCriteria(db, invite.id),
    q.queuePage(db, round, me.id, page.limit, page.offset),
    shared.roundApplications(db, round),
    q.jurorScores(db, round.id, me.id),
    q.reviewsOf(db, me.id),
    shared.listRounds(db, invite.id),
  ]);
  const ids = rows.map((r) => r.application);
  const [answers, related] = await Promise.all([q.answersOf(db, ids), q.relatedEntries(db, me.userId as number, ids)]);
  const conflicted = new Set(reviews.filter((r) => r.conflict).map((r) => r.applicationId));
  const inRound = new Set(all.map((a) => a.id));
  const perApp = new Map<number, number>();
  for (const s of allScores) if (inRound.has(s.applicationId)) perApp.set(s.applicationId, (perApp.get(s.applicationId) ?? 0) + 1);
  const scored = criteria.length ? [...perApp.entries()].filter(([id, n]) => n >= criteria.length && !conflicted.has(id)).length : 0;
  const shortlist = rounds.find((r) => r.round.id === round.id)?.shortlist ?? 0;
  return {
    count,
    round: presentRound(round, shortlist),
    criteria: criteria.map((c) => presentCriterion(c, lang)),
    scale: invite.scoreScale,
    scored,
    total: all.filter((a) => !conflicted.has(a.id)).length,
    results: rows.map((r) => {
      const review = reviews.find((v) => v.applicationId === r.application);
      const scores: Record<string, number> = {};
      for (const s of allScores) if (s.applicationId === r.application) scores[String(s.criterionId)] = s.score;
      // Blind review (issue #16): nothing here names the artist unless the invite reveals names.
      return {
        application: r.application,
        snapshot: presentSnapshot(r.snapshot, lang, { blind: !invite.revealNames }),
        answers: answers.filter((a) => a.applicationId === r.application).map((a) => ({ question: a.question, answer: a.answer })),
        scores,
        comment: review?.comment ?? '',
        conflict: review?.conflict ?? false,
        shareable: review?.shareable ?? false,
        consider_conflict: related.has(r.application),
        artist: invite.revealNames && r.artistName !== null && r.artistSlug !== null ? { name: r.artistName, slug: r.artistSlug } : null,
      };
    }),
  };
}

/** The application, the access to its invite as a judging juror, and the checks every score and review share. */
async function judgeApplication(db: Executor, viewer: UserRow | null, applicationId: number) {
  if (!viewer) throw notAuthenticated();
  const application = await q.findApplication(db, applicationId);
  if (!application) throw badRequest({ application: 'judging.application_not_found' });
  const access = await requireAccess(db, viewer, application.inviteId, 'judge');
  if (access.round.closed) throw badRequest({ application: 'judging.round_closed' });
  if (!(await q.isInRound(db, access.round, application.id))) throw badRequest({ application: 'judging.not_in_round' });
  return { ...access, juror: access.juror as JurorRow, application };
}

export interface ScoreInput {
  application: number;
  criterion: number;
  score: number;
  comment?: string;
}

/** Creates or updates the juror's score (and comment) in the current round, in one transaction. */
export async function scoreSubmission(db: Db, viewer: UserRow | null, input: ScoreInput) {
  return db.transaction(async (tx) => {
    const { invite, juror, round, application } = await judgeApplication(tx, viewer, input.application);
    const criterion = await shared.findCriterion(tx, input.criterion);
    if (!criterion || criterion.inviteId !== invite.id) throw badRequest({ criterion: 'judging.criterion_not_found' });
    if (input.score < SCORE_MIN || input.score > invite.scoreScale)
      throw badRequest({ score: { key: 'judging.score_range', params: { min: SCORE_MIN, max: invite.scoreScale } } });
    const [review] = await q.reviewsOf(tx, juror.id, [application.id]);
    if (review?.conflict) throw badRequest({ application: 'judging.conflicted' });
    const row = await q.upsertScore(tx, { roundId: round.id, jurorId: juror.id, applicationId: application.id, criterionId: criterion.id, score: input.score });
    const comment =
      input.comment === undefined ? (review?.comment ?? '') : (await q.upsertReview(tx, juror.id, application.id, { comment: input.comment })).comment;
    return { id: row.id, application: application.id, criterion: criterion.id, score: row.score, comment, round: round.number };
  });
}

/** The juror's private comment (shareable with the applicant or not, issue #33.5) and conflict of interest on one submission. */
export async function reviewSubmission(
  db: Db,
  viewer: UserRow | null,
  input: { application: number; comment?: string; conflict?: boolean; shareable?: boolean },
) {
  const { juror, application } = await judgeApplication(db, viewer, input.application);
  if (input.comment === undefined && input.conflict === undefined && input.shareable === undefined)
    throw badRequest({ non_field_errors: { key: 'judging.nothing_to_change', params: { fields: 'comment, conflict, shareable' } } });
  const row = await q.upsertReview(db, juror.id, application.id, { comment: input.comment, conflict: input.conflict, shareable: input.shareable });
  return { application: row.applicationId, comment: row.comment, conflict: row.conflict, shareable: row.shareable };
}

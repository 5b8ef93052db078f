import type { Db, Executor } from '../../../db/client.ts';
import { AppError, badRequest, notAuthenticated, notFound } from '../../../http/errors.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import { acceptsApplications } from '../../../domain/open-calls/policy.ts';
import * as calls from '../calls/queries.ts';
import * as q from './queries.ts';

type Question = Awaited<ReturnType<typeof q.eligibilityQuestions>>[number];

/** The first question the answers fail (unanswered or answered otherwise than it requires), or undefined. */
function failed(questions: Question[], answers: Record<string, boolean>) {
  return questions.find((question) => answers[String(question.id)] !== question.requiredAnswer);
}

/**
 * Issue #33.1 `POST /api/v1/invites/{id}/eligibility/`: the viewer's yes/no answers to the call's eligibility
 * questions. Answers to anything but this call's eligibility questions, or a question left out, are a 400 under
 * `answers.<id>`; an answer that excludes is a 400 naming the question (and withdraws an earlier pass). Passing is
 * recorded for the viewer (it is also what "started applying" means to the closing reminder), read by `applyToInvite`.
 */
export async function checkEligibility(db: Db, viewer: UserRow | null, inviteId: number, answers: Record<string, boolean>) {
  if (!viewer) throw notAuthenticated();
  const outcome = await db.transaction(async (tx) => {
    // Held (shared) like an application: an owner's change of the questions waits, or is waited for.
    const invite = await calls.lockInvite(tx, inviteId, 'share');
    if (!invite) throw notFound();
    if (!acceptsApplications(invite)) throw badRequest({ invite: 'invite.not_ongoing' });
    const questions = await q.eligibilityQuestions(tx, invite.id);
    const known = new Set(questions.map((question) => String(question.id)));
    const foreign = Object.keys(answers).find((key) => !known.has(key));
    if (foreign !== undefined) throw badRequest({ [`answers.${foreign}`]: 'invite.not_eligibility_question' });
    const missing = questions.find((question) => answers[String(question.id)] === undefined);
    if (missing) throw badRequest({ [`answers.${missing.id}`]: 'invite.eligibility_unanswered' });
    const excluding = failed(questions, answers);
    if (excluding) {
      await q.deletePass(tx, invite.id, viewer.id);
      return excluding;
    }
    await q.savePass(tx, invite.id, viewer.id, answers);
    return null;
  });
  // The withdrawn pass is committed; the refusal names the question that excludes.
  if (outcome) throw badRequest({ [`answers.${outcome.id}`]: { key: 'invite.not_eligible', params: { question: outcome.question } } });
  return { eligible: true as const };
}

/** Issue #33.1: an application needs a pass whose answers still meet the call's eligibility questions (none: nothing to pass). */
export async function assertEligible(tx: Executor, inviteId: number, userId: number) {
  const questions = await q.eligibilityQuestions(tx, inviteId);
  if (!questions.length) return;
  const pass = await q.findPass(tx, inviteId, userId);
  if (!pass || failed(questions, pass.answers)) throw new AppError(403, { detail: 'invite.eligibility_required' });
}

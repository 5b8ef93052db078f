import type { Db, Executor } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import { isHiddenFrom } from '../../../domain/open-calls/policy.ts';
import { findInvite } from '../calls/queries.ts';
import { assertQuestionsOpen, editableInvite } from '../calls/service.ts';
import { presentQuestion } from '../calls/present.ts';
import * as questions from './queries.ts';
import { type QuestionKindInput, questionKind } from './kind.ts';

// Questions.

/** The questions of a call its viewer may see (a call staff hid is its owner's and staff's, as its page is). */
export async function listQuestions(db: Db, viewer: UserRow | null, inviteId: number) {
  // Read as subscribing reads it: the call's status plays no part here, so no expiry sweep (a write) on this read.
  const invite = await findInvite(db, inviteId);
  if (!invite || isHiddenFrom(viewer, invite)) throw notFound();
  const rows = await questions.listQuestions(db, inviteId);
  return rows.map(presentQuestion);
}

/**
 * The owner or staff; an owner only until the first application (issue #19). The invite stays locked for the rest
 * of the transaction `tx`, so an application arriving meanwhile waits and then answers the questions as they are.
 */
async function openQuestions(tx: Executor, viewer: UserRow | null, inviteId: number, missing?: () => Error) {
  const invite = await editableInvite(tx, viewer, inviteId, missing, true);
  await assertQuestionsOpen(tx, viewer as UserRow, invite);
  return invite;
}

export async function createQuestion(db: Db, viewer: UserRow | null, input: { invite: number; question: string; order?: number } & QuestionKindInput) {
  return db.transaction(async (tx) => {
    const invite = await openQuestions(tx, viewer, input.invite, () => badRequest({ invite: 'invite.not_found' }));
    const kind = questionKind(input, 'required_answer');
    return presentQuestion(await questions.insertQuestion(tx, { inviteId: invite.id, question: input.question, order: input.order ?? 0, ...kind }));
  });
}

export async function updateQuestion(db: Db, viewer: UserRow | null, id: number, input: { question: string; order?: number } & QuestionKindInput) {
  const question = await questions.findQuestion(db, id);
  if (!question) throw notFound();
  return db.transaction(async (tx) => {
    await openQuestions(tx, viewer, question.inviteId);
    const kind = questionKind(input, 'required_answer', question);
    const values = { question: input.question, ...kind, ...(input.order !== undefined ? { order: input.order } : {}) };
    return presentQuestion(await questions.updateQuestion(tx, id, values));
  });
}

export async function deleteQuestion(db: Db, viewer: UserRow | null, id: number) {
  const question = await questions.findQuestion(db, id);
  if (!question) throw notFound();
  await db.transaction(async (tx) => {
    await openQuestions(tx, viewer, question.inviteId);
    if (!(await questions.deleteQuestion(tx, id))) throw notFound();
  });
}

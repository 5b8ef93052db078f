import type { Db, Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/user.ts';
import { assertQuestionsOpen, editableInvite } from './invite-service.ts';
import { presentQuestion } from './present.ts';
import * as questions from './question-queries.ts';

// Questions.

export async function listQuestions(db: Db, inviteId: number) {
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

export async function createQuestion(db: Db, viewer: UserRow | null, input: { invite: number; question: string; order?: number }) {
  return db.transaction(async (tx) => {
    const invite = await openQuestions(tx, viewer, input.invite, () => badRequest({ invite: 'invite.not_found' }));
    return presentQuestion(await questions.insertQuestion(tx, { inviteId: invite.id, question: input.question, order: input.order ?? 0 }));
  });
}

export async function updateQuestion(db: Db, viewer: UserRow | null, id: number, input: { question: string; order?: number }) {
  const question = await questions.findQuestion(db, id);
  if (!question) throw notFound();
  return db.transaction(async (tx) => {
    await openQuestions(tx, viewer, question.inviteId);
    return presentQuestion(await questions.updateQuestion(tx, id, { question: input.question, ...(input.order !== undefined ? { order: input.order } : {}) }));
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

import type { Db } from '../../db/client.ts';
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

/** The owner or staff; an owner only until the first application (issue #19). */
async function openQuestions(db: Db, viewer: UserRow | null, inviteId: number, missing?: () => Error) {
  const invite = await editableInvite(db, viewer, inviteId, missing);
  await assertQuestionsOpen(db, viewer as UserRow, invite);
  return invite;
}

export async function createQuestion(db: Db, viewer: UserRow | null, input: { invite: number; question: string; order?: number }) {
  const invite = await openQuestions(db, viewer, input.invite, () => badRequest({ invite: 'invite.not_found' }));
  return presentQuestion(await questions.insertQuestion(db, { inviteId: invite.id, question: input.question, order: input.order ?? 0 }));
}

export async function updateQuestion(db: Db, viewer: UserRow | null, id: number, input: { question: string; order?: number }) {
  const question = await questions.findQuestion(db, id);
  if (!question) throw notFound();
  await openQuestions(db, viewer, question.inviteId);
  return presentQuestion(await questions.updateQuestion(db, id, { question: input.question, ...(input.order !== undefined ? { order: input.order } : {}) }));
}

export async function deleteQuestion(db: Db, viewer: UserRow | null, id: number) {
  const question = await questions.findQuestion(db, id);
  if (!question) throw notFound();
  await openQuestions(db, viewer, question.inviteId);
  if (!(await questions.deleteQuestion(db, id))) throw notFound();
}

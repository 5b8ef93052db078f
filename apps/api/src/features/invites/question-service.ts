import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { presentQuestion } from './present.ts';
import * as q from './invite-queries.ts';
import * as questions from './question-queries.ts';

// Questions.

export async function listQuestions(db: Db, inviteId: number) {
  const rows = await questions.listQuestions(db, inviteId);
  return rows.map(presentQuestion);
}

export async function createQuestion(db: Db, input: { invite: number; question: string; order?: number }) {
  const invite = await q.findInvite(db, input.invite);
  if (!invite) throw badRequest({ invite: 'invite.not_found' });
  return presentQuestion(await questions.insertQuestion(db, { inviteId: invite.id, question: input.question, order: input.order ?? 0 }));
}

export async function updateQuestion(db: Db, id: number, input: { question: string; order?: number }) {
  if (!(await questions.findQuestion(db, id))) throw notFound();
  return presentQuestion(await questions.updateQuestion(db, id, { question: input.question, ...(input.order !== undefined ? { order: input.order } : {}) }));
}

export async function deleteQuestion(db: Db, id: number) {
  if (!(await questions.deleteQuestion(db, id))) throw notFound();
}

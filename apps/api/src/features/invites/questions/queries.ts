import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { inviteQuestions } from '../../../db/schema/index.ts';
import { oneRow } from '../../../http/rows.ts';

// Questions.

export function listQuestions(db: Executor, inviteId: number) {
  return db.select().from(inviteQuestions).where(eq(inviteQuestions.inviteId, inviteId)).orderBy(asc(inviteQuestions.order), asc(inviteQuestions.id));
}

export async function findQuestion(db: Executor, id: number) {
  const [row] = await db.select().from(inviteQuestions).where(eq(inviteQuestions.id, id));
  return row;
}

export async function insertQuestion(db: Executor, values: typeof inviteQuestions.$inferInsert) {
  const [row] = await db.insert(inviteQuestions).values(values).returning();
  return row;
}

export async function updateQuestion(db: Executor, id: number, values: Partial<typeof inviteQuestions.$inferInsert>) {
  // A question deleted meanwhile: 404 (issue #36).
  return oneRow(db.update(inviteQuestions).set(values).where(eq(inviteQuestions.id, id)).returning());
}

export async function deleteQuestion(db: Executor, id: number) {
  const rows = await db.delete(inviteQuestions).where(eq(inviteQuestions.id, id)).returning({ id: inviteQuestions.id });
  return rows.length > 0;
}

import { eq } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.ts';
import { inviteCriteria } from '../../../../db/schema/index.ts';
import { oneRow, someRows } from '../../../../http/rows.ts';

export async function insertCriterion(db: Executor, values: typeof inviteCriteria.$inferInsert) {
  const [row] = await db.insert(inviteCriteria).values(values).returning();
  return row;
}

export async function updateCriterion(db: Executor, id: number, values: Partial<typeof inviteCriteria.$inferInsert>) {
  // A criterion deleted meanwhile: 404 (issue #36).
  return oneRow(db.update(inviteCriteria).set(values).where(eq(inviteCriteria.id, id)).returning());
}

export function deleteCriterion(db: Executor, id: number) {
  return someRows(db.delete(inviteCriteria).where(eq(inviteCriteria.id, id)).returning({ id: inviteCriteria.id }));
}

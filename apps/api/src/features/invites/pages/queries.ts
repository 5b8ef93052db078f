import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { inviteColumns, invitePages } from '../../../db/schema/index.ts';

// Pages and columns (staff).

export async function findPage(db: Executor, id: number) {
  const [row] = await db.select().from(invitePages).where(eq(invitePages.id, id));
  return row;
}

export async function insertPage(db: Executor, values: typeof invitePages.$inferInsert) {
  const [row] = await db.insert(invitePages).values(values).returning();
  return row;
}

export async function updatePage(db: Executor, id: number, values: Partial<typeof invitePages.$inferInsert>) {
  const [row] = await db.update(invitePages).set(values).where(eq(invitePages.id, id)).returning();
  return row;
}

export async function deletePage(db: Executor, id: number) {
  const rows = await db.delete(invitePages).where(eq(invitePages.id, id)).returning({ id: invitePages.id });
  return rows.length > 0;
}

export async function findColumn(db: Executor, id: number) {
  const [row] = await db.select().from(inviteColumns).where(eq(inviteColumns.id, id));
  return row;
}

export async function insertColumns(db: Executor, values: (typeof inviteColumns.$inferInsert)[]) {
  if (!values.length) return [];
  return db.insert(inviteColumns).values(values).returning();
}

export async function updateColumn(db: Executor, id: number, values: Partial<typeof inviteColumns.$inferInsert>) {
  const [row] = await db.update(inviteColumns).set(values).where(eq(inviteColumns.id, id)).returning();
  return row;
}

export async function deleteColumn(db: Executor, id: number) {
  const rows = await db.delete(inviteColumns).where(eq(inviteColumns.id, id)).returning({ id: inviteColumns.id });
  return rows.length > 0;
}

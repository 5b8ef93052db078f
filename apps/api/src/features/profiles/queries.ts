import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, userCategories, users } from '../../db/schema/index.ts';
import { oneRow } from '../../http/rows.ts';

export type UserUpdate = Partial<typeof users.$inferInsert>;
export async function findUserBySlug(db: Executor, slug: string) {
  const [row] = await db.select().from(users).where(eq(users.slug, slug)).limit(1);
  return row ?? null;
}

/** With `forUpdate`, the row stays locked until the transaction ends (concurrent saves queue up). */
export async function findUserById(db: Executor, id: number, forUpdate = false) {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function slugTakenByOther(db: Executor, slug: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.slug, slug), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Case-insensitive, as the unique index `users_email_lower_uq` is. */
export async function emailTakenByOther(db: Executor, email: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Active categories among the codes, by code. */
export async function findCategories(db: Executor, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: categories.id, code: categories.category })
    .from(categories)
    .where(and(inArray(categories.category, codes), eq(categories.retired, false)));
}

export async function updateUser(db: Executor, id: number, changes: UserUpdate) {
  // An account gone meanwhile: 404 (issue #36).
  return oneRow(
    db
      .update(users)
      .set({ ...changes, updated: new Date() })
      .where(eq(users.id, id))
      .returning(),
  );
}

export async function replaceUserCategories(db: Executor, userId: number, categoryIds: number[]) {
  await db.delete(userCategories).where(eq(userCategories.userId, userId));
  if (categoryIds.length) {
    await db.insert(userCategories).values(categoryIds.map((categoryId, position) => ({ userId, categoryId, position })));
  }
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, userCategories, users } from '../../db/schema/index.ts';
import { oneRow } from '../../http/rows.ts';

export type NewUser = typeof users.$inferInsert;

const lowerEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(lowerEmail(email)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function emailTaken(db: Executor, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(lowerEmail(email)).limit(1);
  return Boolean(row);
}

export async function slugTaken(db: Executor, slug: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.slug, slug)).limit(1);
  return Boolean(row);
}

export async function insertUser(db: Executor, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: Executor, id: number, values: Partial<NewUser>) {
  // An account gone meanwhile: 404 (issue #36).
  return oneRow(
    db
      .update(users)
      .set({ ...values, updated: new Date() })
      .where(eq(users.id, id))
      .returning(),
  );
}

export const setLastLogin = (db: Executor, id: number, at: Date) => db.update(users).set({ lastLogin: at }).where(eq(users.id, id));

export function categoriesByCode(db: Executor, codes: string[]) {
  if (!codes.length) return Promise.resolve([]);
  return db
    .select({ id: categories.id, category: categories.category })
    .from(categories)
    .where(and(inArray(categories.category, codes), eq(categories.retired, false)));
}

export async function insertUserCategories(db: Executor, userId: number, categoryIds: number[]) {
  if (!categoryIds.length) return;
  await db.insert(userCategories).values(categoryIds.map((categoryId, position) => ({ userId, categoryId, position })));
}

/** The stored hash, with the row locked until the transaction ends. */
export async function lockUserPassword(db: Executor, id: number): Promise<string | null> {
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, id)).for('update');
  return row?.password ?? null;
}

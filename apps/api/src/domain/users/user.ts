import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, userCategories } from '../../db/schema/index.ts';
import type { Named } from './present.ts';

/** Accounts own the user: its row type, and the categories a user chose (in their order) for every feature. */
export type { UserRow } from '../../db/schema/index.ts';

export function listUserCategories(db: Executor, userId: number): Promise<Named[]> {
  return db
    .select({ code: categories.category, nameKo: categories.nameKo, nameEn: categories.nameEn })
    .from(userCategories)
    .innerJoin(categories, eq(categories.id, userCategories.categoryId))
    .where(eq(userCategories.userId, userId))
    .orderBy(asc(userCategories.position));
}

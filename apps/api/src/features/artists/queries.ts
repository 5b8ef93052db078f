import { type HireAvailability, type HireFilter, slugify } from '@axoo/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, userCategories, users } from '../../db/schema/index.ts';

export interface ArtistFilters {
  search?: string;
  category?: string;
  premium?: boolean;
  /** Issue #20: any availability for hire (`true`) or one of them. */
  hire?: HireFilter;
}

const likeLiteral = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Name and username through their pg_trgm indexes: a substring from three characters, a word
 * start for two (trigrams pad word starts), the exact slug for one.
 */
function searchCondition(term: string): SQL {
  const length = [...term].length;
  if (length === 1) return eq(users.slug, slugify(term)) as SQL;
  if (length === 2) {
    const start = `${likeLiteral(term)}%`;
    const word = `% ${likeLiteral(term)}%`;
    return sql`(${users.name} ilike ${start} or ${users.name} ilike ${word} or ${users.username} ilike ${start})`;
  }
  const pattern = `%${likeLiteral(term)}%`;
  return sql`(${users.name} ilike ${pattern} or ${users.username} ilike ${pattern})`;
}

export function artistConditions(f: ArtistFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.premium !== undefined) parts.push(eq(users.isPremium, f.premium) as SQL);
  if (f.hire === 'true') parts.push(isNotNull(users.availableForHire) as SQL);
  else if (f.hire) parts.push(eq(users.availableForHire, f.hire) as SQL);
  if (f.search) parts.push(searchCondition(f.search));
  if (f.category) {
    parts.push(
      sql`exists (select 1 from ${userCategories} join ${categories} on ${categories.id} = ${userCategories.categoryId}
          where ${userCategories.userId} = ${users.id} and ${categories.category} = ${f.category})`,
    );
  }
  return parts.length ? (and(...parts) as SQL) : undefined;
}

const artistColumns = {
  id: users.id,
  slug: users.slug,
  username: users.username,
  name: users.name,
  isPremium: users.isPremium,
  avatar: users.avatar,
  croppedAvatar: users.croppedAvatar,
  level: users.level,
  availableForHire: users.availableForHire,
};
export type ArtistRow = {
  id: number;
  slug: string;
  username: string;
  name: string;
  isPremium: boolean;
  avatar: string;
  croppedAvatar: string;
  level: number;
  availableForHire: HireAvailability | null;
};

/** Artist ranking first (SPEC §9 levels 5 to 0), then the newest. */
export function pageOfArtists(db: Executor, where: SQL | undefined, limit: number, offset: number): Promise<ArtistRow[]> {
  return db.select(artistColumns).from(users).where(where).orderBy(desc(users.level), desc(users.id)).limit(limit).offset(offset);
}

export async function countArtists(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return Number(row?.n ?? 0);
}

export function categoriesOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: userCategories.userId, code: categories.category, nameKo: categories.nameKo, nameEn: categories.nameEn })
    .from(userCategories)
    .innerJoin(categories, eq(categories.id, userCategories.categoryId))
    .where(inArray(userCategories.userId, userIds))
    .orderBy(asc(userCategories.position));
}

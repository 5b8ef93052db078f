import type { HireAvailability, HireFilter } from '@axoo/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, userCategories, users } from '../../db/schema/index.ts';
import { userMatches } from '../../domain/search/match.ts';
import { searchWords } from '../../domain/search/terms.ts';

export interface ArtistFilters {
  search?: string;
  category?: string;
  premium?: boolean;
  /** Issue #20: any availability for hire (`true`) or one of them. */
  hire?: HireFilter;
}

export function artistConditions(f: ArtistFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.premium !== undefined) parts.push(eq(users.isPremium, f.premium) as SQL);
  if (f.hire === 'true') parts.push(isNotNull(users.availableForHire) as SQL);
  else if (f.hire) parts.push(eq(users.availableForHire, f.hire) as SQL);
  // Issue #30: every word anywhere in the name or username (the search module, domain/search).
  if (f.search) parts.push(userMatches(searchWords(f.search)));
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

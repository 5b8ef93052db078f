import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TaxonomyList } from '@axoo/contract';
import type { Executor } from '../../db/client.ts';
import { categories, colors, concepts, fields, jobs, users } from '../../db/schema/index.ts';
import { likePattern } from '../../db/like.ts';
import { oneRow } from '../../http/rows.ts';

export type MemberRow = typeof users.$inferSelect;

export async function pageMembers(db: Executor, search: string, limit: number, offset: number) {
  const p = likePattern(search);
  const where: SQL | undefined = search ? or(ilike(users.name, p), ilike(users.username, p), ilike(users.email, p)) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, count: n };
}

export const findMember = (db: Executor, id: number) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then((r) => r[0]);

export const updateMember = (db: Executor, id: number, values: Partial<Pick<MemberRow, 'isStaff' | 'isPremium' | 'level'>>) =>
  db
    .update(users)
    .set({ ...values, updated: new Date() })
    .where(eq(users.id, id))
    .returning()
    // A member gone meanwhile: 404 (issue #36).
    .then((r) => oneRow(Promise.resolve(r)));

/** The four lists share one shape; only the code column is named after the list (SPEC §3). */
export interface ListItemRow {
  id: number;
  code: string;
  nameKo: string;
  nameEn: string;
  isPrimary: boolean;
  position: number;
  retired: boolean;
}

const tables = {
  categories: { table: categories, code: categories.category },
  fields: { table: fields, code: fields.field },
  concepts: { table: concepts, code: concepts.concept },
  colors: { table: colors, code: colors.code },
} as const;

function columnsOf(list: TaxonomyList) {
  const { table, code } = tables[list];
  return {
    id: table.id,
    code,
    nameKo: table.nameKo,
    nameEn: table.nameEn,
    isPrimary: list === 'categories' ? categories.isPrimary : sql<boolean>`false`,
    position: table.position,
    retired: table.retired,
  };
}

/** Every item including retired ones, in display order. */
export function listItems(db: Executor, list: TaxonomyList): Promise<ListItemRow[]> {
  const { table } = tables[list];
  return db.select(columnsOf(list)).from(table).orderBy(asc(table.position), asc(table.id)) as Promise<ListItemRow[]>;
}

export async function findItem(db: Executor, list: TaxonomyList, id: number): Promise<ListItemRow | undefined> {
  const { table } = tables[list];
  const [row] = (await db.select(columnsOf(list)).from(table).where(eq(table.id, id))) as ListItemRow[];
  return row;
}

export async function findItemByCode(db: Executor, list: TaxonomyList, code: string): Promise<ListItemRow | undefined> {
  const { table, code: codeColumn } = tables[list];
  const [row] = (await db.select(columnsOf(list)).from(table).where(sql`lower(${codeColumn}) = lower(${code})`)) as ListItemRow[];
  return row;
}

export async function nextPosition(db: Executor, list: TaxonomyList): Promise<number> {
  const { table } = tables[list];
  const [{ max }] = await db.select({ max: sql<number | null>`max(${table.position})` }).from(table);
  return (max === null ? -1 : Number(max)) + 1;
}

export interface ItemValues {
  code?: string;
  nameKo?: string;
  nameEn?: string;
  isPrimary?: boolean;
  position?: number;
  retired?: boolean;
}

function toColumns(list: TaxonomyList, v: ItemValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (v.code !== undefined) out[list === 'categories' ? 'category' : list === 'fields' ? 'field' : list === 'concepts' ? 'concept' : 'code'] = v.code;
  if (v.nameKo !== undefined) out.nameKo = v.nameKo;
  if (v.nameEn !== undefined) out.nameEn = v.nameEn;
  if (v.isPrimary !== undefined && list === 'categories') out.isPrimary = v.isPrimary;
  if (v.position !== undefined) out.position = v.position;
  if (v.retired !== undefined) out.retired = v.retired;
  return out;
}

export async function insertItem(db: Executor, list: TaxonomyList, v: ItemValues): Promise<number> {
  const { table } = tables[list];
  // The four tables share these columns; toColumns names them, so the union's insert type is satisfied.
  const [row] = await db
    .insert(table)
    .values(toColumns(list, v) as never)
    .returning({ id: table.id });
  return row.id;
}

export async function updateItem(db: Executor, list: TaxonomyList, id: number, v: ItemValues): Promise<void> {
  const { table } = tables[list];
  const values = toColumns(list, v);
  if (Object.keys(values).length === 0) return;
  await db.update(table).set(values).where(eq(table.id, id));
}

/** Background jobs that failed their last try (issue #13): newest first; search the kind, the error or a mail's recipient. */
export async function pageFailedJobs(db: Executor, search: string, limit: number, offset: number) {
  const p = likePattern(search);
  const failed = eq(jobs.status, 'failed');
  const where: SQL | undefined = search
    ? and(failed, or(ilike(jobs.kind, p), ilike(jobs.lastError, p), sql`${jobs.payload}->>'to' ilike ${p}`, sql`${jobs.payload}->>'subject' ilike ${p}`))
    : failed;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows, count: n };
}

/** Puts a failed job back in the queue for a fresh series of tries; undefined when there is no such failed job. */
export const retryJob = (db: Executor, id: number) =>
  db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: new Date(), finished: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id })
    .then((r) => r[0]);

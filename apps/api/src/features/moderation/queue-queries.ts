import type { ReportTarget } from '@axoo/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appeals, artworks, conversationMessages, invites, reports, users } from '../../db/schema/index.ts';

/** Issue #31, the staff queue's statements: reports grouped by target (open) or by the action that resolved them. */

export interface GroupRow {
  lead: number;
  target: ReportTarget;
  targetId: number;
  first: Date;
}

const targetFilter = (target: ReportTarget | undefined) => (target ? sql`and ${reports.target} = ${target}` : sql``);

function rowsOf<T>(result: unknown): T[] {
  return ('rows' in (result as object) ? (result as { rows: T[] }).rows : (result as T[])) ?? [];
}

const toGroup = (r: { lead: number; target: ReportTarget; target_id: number; first: string | Date }): GroupRow => ({
  lead: Number(r.lead),
  target: r.target,
  targetId: Number(r.target_id),
  first: new Date(r.first),
});

/** Open reports grouped by target, the oldest report first; the group's oldest report is the one an action names. */
export async function openGroups(db: Executor, target: ReportTarget | undefined, limit: number, offset: number) {
  const [page, total] = await Promise.all([
    db.execute(sql`
      select min(${reports.id}) as lead, ${reports.target} as target, ${reports.targetId} as target_id,
        min(${reports.created}) as first
      from ${reports} where ${reports.status} = 'open' ${targetFilter(target)}
      group by ${reports.target}, ${reports.targetId}
      order by min(${reports.created}), min(${reports.id}) limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*) as n from (select 1 from ${reports} where ${reports.status} = 'open' ${targetFilter(target)}
      group by ${reports.target}, ${reports.targetId}) g`),
  ]);
  return { rows: rowsOf<Parameters<typeof toGroup>[0]>(page).map(toGroup), count: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0) };
}

/** Resolved reports grouped by the action that resolved them (a report resolved before actions were grouped is its own), newest action first. */
export async function resolvedGroups(db: Executor, target: ReportTarget | undefined, limit: number, offset: number) {
  const lead = sql`coalesce(${reports.leadId}, ${reports.id})`;
  const [page, total] = await Promise.all([
    db.execute(sql`
      select ${lead} as lead, min(${reports.target}) as target, min(${reports.targetId}) as target_id,
        min(${reports.created}) as first
      from ${reports} where ${reports.status} = 'resolved' ${targetFilter(target)}
      group by ${lead} order by max(${reports.resolvedAt}) desc nulls last, ${lead} desc limit ${limit} offset ${offset}`),
    db.execute(sql`select count(distinct ${lead}) as n from ${reports} where ${reports.status} = 'resolved' ${targetFilter(target)}`),
  ]);
  return { rows: rowsOf<Parameters<typeof toGroup>[0]>(page).map(toGroup), count: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0) };
}

const reportColumns = {
  id: reports.id,
  target: reports.target,
  targetId: reports.targetId,
  leadId: reports.leadId,
  reason: reports.reason,
  detail: reports.detail,
  created: reports.created,
  action: reports.action,
  note: reports.note,
  reporterId: users.id,
  reporterName: users.name,
};

/** The reports of these groups: the open ones of their targets, or those their actions resolved. */
export function reportsOfGroups(db: Executor, status: 'open' | 'resolved', groups: GroupRow[]) {
  if (!groups.length) return Promise.resolve([]);
  const query = db.select(reportColumns).from(reports).innerJoin(users, eq(users.id, reports.reporterId));
  if (status === 'resolved')
    return query
      .where(
        inArray(
          sql`coalesce(${reports.leadId}, ${reports.id})`,
          groups.map((g) => g.lead),
        ),
      )
      .orderBy(asc(reports.id));
  const targets = groups.map((g) => sql`(${g.target}, ${g.targetId})`);
  return query
    .where(and(eq(reports.status, 'open'), sql`(${reports.target}, ${reports.targetId}) in (${sql.join(targets, sql`, `)})`))
    .orderBy(asc(reports.id));
}

export async function lockReport(tx: Executor, id: number) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
  return row ?? null;
}

export async function findReport(db: Executor, id: number) {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row ?? null;
}

/**
 * Every report of the target, locked in id order (two staff acting on two reports of one target queue up in the same
 * order instead of deadlocking; a reporter filing meanwhile waits, then files anew).
 */
export function lockReportsOf(tx: Executor, target: ReportTarget, targetId: number) {
  return tx
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(and(eq(reports.target, target), eq(reports.targetId, targetId)))
    .orderBy(asc(reports.id))
    .for('update');
}

export function resolveReports(tx: Executor, ids: number[], values: Pick<typeof reports.$inferInsert, 'action' | 'note' | 'leadId' | 'ownerId'>) {
  return tx
    .update(reports)
    .set({ ...values, status: 'resolved', resolvedAt: new Date() })
    .where(inArray(reports.id, ids));
}

/** The owner of a target as staff act on it (whoever its viewers would see as its owner), or null when it is gone. */
export async function ownerIdOf(tx: Executor, target: ReportTarget, id: number): Promise<number | null> {
  const one = async (rows: Promise<{ owner: number }[]>) => (await rows)[0]?.owner ?? null;
  switch (target) {
    case 'artwork':
      return one(tx.select({ owner: artworks.authorId }).from(artworks).where(eq(artworks.id, id)).for('update'));
    case 'user':
      return one(tx.select({ owner: users.id }).from(users).where(eq(users.id, id)).for('update'));
    case 'invite':
      return one(tx.select({ owner: invites.ownerId }).from(invites).where(eq(invites.id, id)).for('update'));
    case 'message':
      return one(tx.select({ owner: conversationMessages.authorId }).from(conversationMessages).where(eq(conversationMessages.id, id)).for('update'));
  }
}

/** Who is told: name, address and language. */
export async function findOwner(db: Executor, id: number) {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email, language: users.language }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * Staff's `hide` (state 'hidden', the note as the reason the owner reads) and its reversal on appeal ('none'): an
 * artwork (migration 0018), an open call or a message (migration 0032); a user is suspended instead, never hidden.
 */
export async function setHidden(tx: Executor, target: Exclude<ReportTarget, 'user'>, id: number, state: 'none' | 'hidden', reason: string) {
  const set = { moderationState: state, moderationReason: reason };
  switch (target) {
    case 'artwork':
      await tx.update(artworks).set(set).where(eq(artworks.id, id));
      return;
    case 'invite':
      await tx.update(invites).set(set).where(eq(invites.id, id));
      return;
    case 'message':
      await tx.update(conversationMessages).set(set).where(eq(conversationMessages.id, id));
      return;
  }
}

export const setSuspended = (tx: Executor, userId: number, at: Date | null) => tx.update(users).set({ suspendedAt: at }).where(eq(users.id, userId));

export const deleteMessage = (tx: Executor, id: number) => tx.delete(conversationMessages).where(eq(conversationMessages.id, id));

/** The appeals of these lead reports. */
export async function appealsOf(db: Executor, leads: number[]) {
  if (!leads.length) return [];
  return db.select().from(appeals).where(inArray(appeals.reportId, leads));
}

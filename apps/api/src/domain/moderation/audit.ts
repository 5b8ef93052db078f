import type { ReportTarget } from '@axoo/contract';
import { count, desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { moderationAudit } from '../../db/schema/index.ts';

/**
 * Issue #31: the audit log of every staff action and appeal decision. Append-only: migration 0018's trigger
 * refuses UPDATE, DELETE and TRUNCATE, so an entry written in the transaction of its action stays as written.
 */
export interface AuditEntry {
  actor: { id: number; name: string };
  action: string;
  target: ReportTarget;
  targetId: number;
  reportId?: number | null;
  appealId?: number | null;
  note?: string;
}

export async function recordAudit(tx: Executor, entry: AuditEntry) {
  await tx.insert(moderationAudit).values({
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    action: entry.action,
    target: entry.target,
    targetId: entry.targetId,
    reportId: entry.reportId ?? null,
    appealId: entry.appealId ?? null,
    note: entry.note ?? '',
  });
}

/** A page of the log, newest first. */
export async function pageOfAudit(db: Executor, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(moderationAudit).orderBy(desc(moderationAudit.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(moderationAudit),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

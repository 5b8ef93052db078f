import { REPORT_LIMITS, type ReportReason, type ReportTarget } from '@axoo/contract';
import { and, count, eq, gte, inArray, min } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reports, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Issue #31: the one report model (artworks, users, open calls, messages). The moderation feature's
 * `POST /api/v1/reports/` and the conversations feature's message report (issue #20, its old path) both file here.
 */

const DAY_MS = 86_400_000;

export interface ReportInput {
  target: ReportTarget;
  targetId: number;
  reporterId: number;
  reason: ReportReason;
  detail: string;
}

/** The figures that apply to a reporter (a "new account" is younger than REPORT_LIMITS.newAccountDays). */
export function reportLimitsFor(reporter: { created: Date }, now = new Date()) {
  const young = now.getTime() - reporter.created.getTime() < REPORT_LIMITS.newAccountDays * DAY_MS;
  return young ? REPORT_LIMITS.newAccount : REPORT_LIMITS.established;
}

/** 429 with Retry-After when the reporter filed their allowance of reports in the last day or week. */
async function checkReportLimits(db: Executor, reporter: { id: number; created: Date }, now: Date) {
  const limits = reportLimitsFor(reporter, now);
  for (const [window, days, max] of [
    ['day', 1, limits.day],
    ['week', 7, limits.week],
  ] as const) {
    const since = new Date(now.getTime() - days * DAY_MS);
    const [row] = await db
      .select({ n: count(), oldest: min(reports.created) })
      .from(reports)
      .where(and(eq(reports.reporterId, reporter.id), gte(reports.created, since)));
    if (Number(row?.n ?? 0) >= max) {
      const oldest = row?.oldest ? new Date(row.oldest) : now;
      const seconds = Math.max(1, Math.ceil((oldest.getTime() + days * DAY_MS - now.getTime()) / 1000));
      throw new AppError(429, { detail: { key: `report.limit_${window}`, params: { max, seconds } } }, { 'Retry-After': String(seconds) });
    }
  }
}

/** The reporter's open report of a target, or null. */
export async function openReport(db: Executor, input: Pick<ReportInput, 'target' | 'targetId' | 'reporterId'>) {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.target, input.target), eq(reports.targetId, input.targetId), eq(reports.reporterId, input.reporterId), eq(reports.status, 'open')))
    .limit(1);
  return row ?? null;
}

/**
 * Files a report in the caller's transaction: the reporter's open report of the same target if there is one
 * (`created: false`, nothing counted), else a new one within the reporter's limits (`created: true`).
 */
export async function fileReport(tx: Executor, reporter: { id: number; created: Date }, input: ReportInput, now = new Date()) {
  const before = await openReport(tx, input);
  if (before) return { id: before.id, created: false };
  // One reporter's reports are counted one at a time.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, reporter.id)).for('update');
  await checkReportLimits(tx, reporter, now);
  const [row] = await tx.insert(reports).values(input).onConflictDoNothing().returning({ id: reports.id });
  if (row) return { id: row.id, created: true };
  // Filed by a racing request of the same reporter meanwhile: that report.
  const raced = await openReport(tx, input);
  if (!raced) throw new AppError(409, { detail: 'report.target_not_found' });
  return { id: raced.id, created: false };
}

/** Of the messages, those the viewer has reported (open or resolved). */
export async function reportedMessages(db: Executor, viewerId: number, messageIds: number[]): Promise<Set<number>> {
  if (!messageIds.length) return new Set();
  const rows = await db
    .select({ id: reports.targetId })
    .from(reports)
    .where(and(eq(reports.reporterId, viewerId), eq(reports.target, 'message'), inArray(reports.targetId, messageIds)));
  return new Set(rows.map((r) => r.id));
}

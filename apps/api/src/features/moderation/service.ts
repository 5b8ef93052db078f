import type { AuditEntry, ReportBody } from '@axoo/contract';
import type { Db } from '../../db/client.ts';
import { pageOfAudit } from '../../domain/moderation/audit.ts';
import { fileReport } from '../../domain/moderation/reports.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { checkReportable } from './policy.ts';

/** POST /api/v1/reports/: the reporter's open report of this target, or a new one (`created`). */
export async function report(deps: { db: Db }, viewer: UserRow, input: Required<ReportBody>) {
  return deps.db.transaction(async (tx) => {
    await checkReportable(tx, viewer, input.target, input.target_id);
    return fileReport(tx, viewer, { target: input.target, targetId: input.target_id, reporterId: viewer.id, reason: input.reason, detail: input.detail });
  });
}

/** GET /api/v1/admin/audit/: a page of the audit log, newest first. */
export async function listAudit(deps: { db: Db }, page: { limit: number; offset: number }) {
  const { rows, count } = await pageOfAudit(deps.db, page.limit, page.offset);
  const results = rows.map(
    (r) =>
      ({
        id: r.id,
        actor: { id: r.actorId, name: r.actorName },
        action: r.action,
        target: r.target,
        target_id: r.targetId,
        report: r.reportId,
        appeal: r.appealId,
        note: r.note,
        created: r.created.toISOString(),
      }) satisfies AuditEntry,
  );
  return { count, results };
}

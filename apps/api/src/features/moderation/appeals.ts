import { type Appeal, type AppealStatus, asLang, type ModerationDecision, translate } from '@axoo/contract';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { appeals, reports, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../domain/moderation/audit.ts';
import { notify } from '../../domain/notifications/notify.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { badRequest, forbidden, notAuthenticated, notFound } from '../../http/errors.ts';
import { siteOrigin } from '../../http/paging.ts';
import { verifyParts } from '../../http/signed.ts';
import { queueMail } from '../../mail/queue.ts';
import { catalogueMail } from '../../mail/templates.ts';
import * as q from './queue-queries.ts';
import { APPEAL_LINK, appealToken, decisionPath, titleOf } from './queue.ts';
import { loadSubjects, subjectKey } from './subjects.ts';

/**
 * Issue #31, appeals: the owner of an actioned target asks once per action (an appeal names the action's lead report,
 * unique by migration 0018's constraint); staff uphold or reverse, and a reversal undoes the action (unhide,
 * unsuspend; a warning is withdrawn; a removal cannot be undone). Each decision is audit-logged in its transaction.
 */

type Report = typeof reports.$inferSelect;

/** Who asks: the logged-in owner, or whoever holds the owner's mailed link (a suspended owner cannot log in). */
export interface Asker {
  viewer: UserRow | null;
  token?: string;
}

/** The action (its lead report) that report `id` names, if the asker is its owner; else 404 (or a field error when `field`). */
async function decisionFor(db: Executor, deps: Pick<Deps, 'config'>, asker: Asker, id: number, field?: string): Promise<Report> {
  if (!asker.viewer && !asker.token) throw notAuthenticated();
  const missing = () => (field ? badRequest({ [field]: 'appeal.not_yours' }) : notFound());
  const report = await q.findReport(db, id);
  const lead = report?.leadId ? await q.findReport(db, report.leadId) : null;
  if (lead?.status !== 'resolved' || lead.ownerId === null) throw missing();
  if (asker.viewer ? asker.viewer.id !== lead.ownerId : !verifyParts(deps.config.SECRET_KEY, asker.token ?? '', APPEAL_LINK, lead.id, lead.ownerId)) {
    if (!asker.viewer) throw forbidden();
    throw missing();
  }
  return lead;
}

async function presentDecisions(db: Executor, leads: Report[]): Promise<ModerationDecision[]> {
  const [subjects, filed] = await Promise.all([
    loadSubjects(db, leads),
    q.appealsOf(
      db,
      leads.map((l) => l.id),
    ),
  ]);
  return leads.map((l) => {
    const appeal = filed.find((a) => a.reportId === l.id);
    const subject = subjects.get(subjectKey(l.target, l.targetId));
    return {
      report: l.id,
      target: l.target,
      target_id: l.targetId,
      action: l.action ?? 'dismiss',
      note: l.note,
      reason: l.reason,
      title: subject ? titleOf(subject) : '',
      decided: (l.resolvedAt ?? l.created).toISOString(),
      appeal: appeal ? { id: appeal.id, status: appeal.status } : null,
      appealable: !appeal && l.action !== 'dismiss',
    };
  });
}

/** GET /api/v1/moderation/decisions/{id}/: one action on the asker's work or account. */
export async function decision(deps: Pick<Deps, 'db' | 'config'>, asker: Asker, id: number) {
  const lead = await decisionFor(deps.db, deps, asker, id);
  const [presented] = await presentDecisions(deps.db, [lead]);
  return presented;
}

/** GET /api/v1/moderation/decisions/: every action on the viewer's work or account (not dismissals), newest first. */
export async function myDecisions(deps: { db: Db }, viewer: UserRow, page: { limit: number; offset: number }) {
  const where = and(eq(reports.ownerId, viewer.id), eq(reports.leadId, reports.id), ne(reports.action, 'dismiss'));
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(reports).where(where).orderBy(desc(reports.resolvedAt), desc(reports.id)).limit(page.limit).offset(page.offset),
    deps.db.select({ n: count() }).from(reports).where(where),
  ]);
  return { count: Number(total?.n ?? 0), results: await presentDecisions(deps.db, rows) };
}

/** POST /api/v1/appeals/: once per action, by its target's owner. */
export async function fileAppeal(deps: Pick<Deps, 'db' | 'config'>, asker: Asker, input: { report: number; text: string }) {
  return deps.db.transaction(async (tx) => {
    const lead = await decisionFor(tx, deps, asker, input.report, 'report');
    if (lead.action === 'dismiss') throw badRequest({ report: 'appeal.nothing' });
    const [row] = await tx
      .insert(appeals)
      .values({ reportId: lead.id, appellantId: lead.ownerId as number, text: input.text })
      .onConflictDoNothing()
      .returning({ id: appeals.id });
    if (!row) throw badRequest({ report: 'appeal.already' });
    return row;
  });
}

const appellant = { id: users.id, name: users.name };

/** GET /api/v1/admin/appeals/: open ones oldest first, decided ones newest decision first. */
export async function listAppeals(deps: { db: Db }, status: AppealStatus | undefined, page: { limit: number; offset: number }) {
  const where = status ? eq(appeals.status, status) : undefined;
  const order = status === 'open' ? [asc(appeals.id)] : [sql`${appeals.decidedAt} desc nulls first`, desc(appeals.id)];
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ appeal: appeals, report: reports, appellant })
      .from(appeals)
      .innerJoin(reports, eq(reports.id, appeals.reportId))
      .innerJoin(users, eq(users.id, appeals.appellantId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    deps.db.select({ n: count() }).from(appeals).where(where),
  ]);
  return { count: Number(total?.n ?? 0), results: await presentAppeals(deps.db, rows) };
}

async function presentAppeals(db: Executor, rows: { appeal: typeof appeals.$inferSelect; report: Report; appellant: { id: number; name: string } }[]) {
  const subjects = await loadSubjects(
    db,
    rows.map((r) => r.report),
  );
  return rows.map(
    (r) =>
      ({
        id: r.appeal.id,
        report: r.report.id,
        target: r.report.target,
        target_id: r.report.targetId,
        action: r.report.action ?? 'dismiss',
        note: r.report.note,
        text: r.appeal.text,
        status: r.appeal.status,
        appellant: r.appellant,
        subject: subjects.get(subjectKey(r.report.target, r.report.targetId)) ?? null,
        created: r.appeal.created.toISOString(),
        decided: r.appeal.decidedAt?.toISOString() ?? null,
      }) satisfies Appeal,
  );
}

/** PATCH /api/v1/admin/appeals/{id}/: uphold, or reverse (undo the action); the owner is told. */
export async function decide(deps: Pick<Deps, 'db' | 'config'>, staff: UserRow, id: number, decision: 'uphold' | 'reverse'): Promise<Appeal> {
  // The answer is read in the same transaction: a delete of the appeal racing the decision waits for it, and the
  // appeal as decided is what the decider sees (read after the commit, it could be gone: a 500).
  return deps.db.transaction(async (tx) => {
    const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, id)).for('update');
    if (!appeal) throw notFound();
    if (appeal.status !== 'open') throw badRequest({ decision: 'appeal.decided' });
    const lead = await q.lockReport(tx, appeal.reportId);
    if (!lead?.action) throw notFound();
    if (decision === 'reverse') {
      if (lead.action === 'remove') throw badRequest({ decision: 'appeal.remove_irreversible' });
      if (lead.action === 'hide' && lead.target !== 'user') await q.setHidden(tx, lead.target, lead.targetId, 'none', '');
      if (lead.action === 'suspend') await q.setSuspended(tx, appeal.appellantId, null);
    }
    await tx
      .update(appeals)
      .set({ status: decision === 'reverse' ? 'reversed' : 'upheld', decidedAt: new Date() })
      .where(eq(appeals.id, appeal.id));
    await recordAudit(tx, { actor: staff, action: decision, target: lead.target, targetId: lead.targetId, reportId: lead.id, appealId: appeal.id });
    await tellOutcome(tx, deps, appeal.appellantId, lead, decision);
    const rows = await tx
      .select({ appeal: appeals, report: reports, appellant })
      .from(appeals)
      .innerJoin(reports, eq(reports.id, appeals.reportId))
      .innerJoin(users, eq(users.id, appeals.appellantId))
      .where(eq(appeals.id, id));
    const [presented] = await presentAppeals(tx, rows);
    if (!presented) throw notFound();
    return presented;
  });
}

async function tellOutcome(tx: Executor, deps: Pick<Deps, 'config'>, ownerId: number, lead: Report, decision: 'uphold' | 'reverse') {
  const owner = await q.findOwner(tx, ownerId);
  if (!owner) return;
  const lang = asLang(owner.language);
  const [subject] = (await loadSubjects(tx, [lead])).values();
  await notify(tx, { userId: owner.id, type: 'moderation', data: { report: lead.id, decision }, key: `appeal:${lead.id}` });
  const mail = catalogueMail(lang, 'moderation.mail.appeal', {
    site: deps.config.SITE_NAME,
    name: owner.name,
    target: translate(lang, `moderation.target.${lead.target}`),
    title: subject ? titleOf(subject) : '',
    action: translate(lang, `moderation.action.${lead.action}`),
    decision: translate(lang, `moderation.decision.${decision}`),
    url: `${siteOrigin(deps.config)}${decisionPath(lead.id)}?token=${appealToken(deps.config.SECRET_KEY, lead.id, owner.id)}`,
  });
  await queueMail(tx, { to: owner.email, ...mail }, { key: `mail:appeal:${lead.id}` });
}

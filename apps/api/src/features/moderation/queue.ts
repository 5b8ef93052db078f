import { ACTIONS_ON_TARGET, asLang, type ReportAction, type ReportGroup, type ReportTarget, type ReportSubject, translate } from '@axoo/contract';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../domain/moderation/audit.ts';
import { deleteArtworkAndFiles, deleteInviteAndFiles, deleteUserAndFiles } from '../../domain/moderation/removal.ts';
import { notify } from '../../domain/notifications/notify.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { siteOrigin } from '../../http/paging.ts';
import { signParts } from '../../http/signed.ts';
import { queueMail } from '../../mail/queue.ts';
import { catalogueMail } from '../../mail/templates.ts';
import type { CleanupDeps } from '../../media/cleanup.ts';
import * as q from './queue-queries.ts';
import { loadSubjects, subjectKey } from './subjects.ts';

/**
 * Issue #31, the staff queue: reports grouped by target, and one action on a group that resolves every open report of
 * the target, changes the target (hide, remove, suspend), tells its owner in their language with the reason and the
 * way to appeal, and is written to the audit log, all in one transaction.
 */
type QueueDeps = Pick<Deps, 'db' | 'config'> & CleanupDeps;

/** What the mailed link to a decision carries, so an owner who cannot log in (suspended) can still read and appeal it. */
export const APPEAL_LINK = 'appeal';
export const appealToken = (secret: string, report: number, owner: number) => signParts(secret, APPEAL_LINK, report, owner);
export const decisionPath = (report: number) => `/moderation/${report}/`;

/** GET /api/v1/admin/reports/: a page of groups (open: oldest report first; resolved: newest action first). */
export async function listQueue(
  deps: Pick<Deps, 'db'>,
  filter: { status: 'open' | 'resolved'; target?: ReportTarget },
  page: { limit: number; offset: number },
) {
  const groups = await (filter.status === 'open' ? q.openGroups : q.resolvedGroups)(deps.db, filter.target, page.limit, page.offset);
  return { count: groups.count, results: await presentGroups(deps.db, filter.status, groups.rows) };
}

async function presentGroups(db: Executor, status: 'open' | 'resolved', groups: q.GroupRow[]): Promise<ReportGroup[]> {
  const [rows, subjects] = await Promise.all([q.reportsOfGroups(db, status, groups), loadSubjects(db, groups)]);
  return groups.map((g) => {
    const mine = rows.filter((r) => (status === 'open' ? r.target === g.target && r.targetId === g.targetId : (r.leadId ?? r.id) === g.lead));
    const lead = mine.find((r) => r.id === g.lead);
    return {
      id: g.lead,
      target: g.target,
      target_id: g.targetId,
      reporters: new Set(mine.map((r) => r.reporterId)).size,
      first: (mine[0]?.created ?? g.first).toISOString(),
      status,
      action: status === 'resolved' ? (lead?.action ?? null) : null,
      note: status === 'resolved' ? (lead?.note ?? '') : '',
      subject: subjects.get(subjectKey(g.target, g.targetId)) ?? null,
      reports: mine.map((r) => ({
        id: r.id,
        reason: r.reason,
        detail: r.detail,
        created: r.created.toISOString(),
        reporter: { id: r.reporterId, name: r.reporterName },
      })),
    };
  });
}

/** PATCH /api/v1/admin/reports/{id}/: the action on the report's target, for every open report of it. */
export async function act(deps: QueueDeps, staff: UserRow, id: number, input: { action: ReportAction; note: string }): Promise<ReportGroup> {
  const lead = await deps.db.transaction(async (tx) => {
    const report = await q.findReport(tx, id);
    if (!report) throw notFound();
    // The target's reports locked first, in one order; the named one's state is read under that lock.
    const locked = await q.lockReportsOf(tx, report.target, report.targetId);
    if (locked.find((r) => r.id === id)?.status !== 'open') throw badRequest({ action: 'moderation.already_resolved' });
    if (!ACTIONS_ON_TARGET[input.action].includes(report.target)) throw badRequest({ action: 'moderation.hide_user' });
    const group = locked.filter((r) => r.status === 'open');
    const ownerId = await q.ownerIdOf(tx, report.target, report.targetId);
    if (ownerId === null && input.action !== 'dismiss') throw badRequest({ action: 'moderation.target_gone' });
    const owner = ownerId === null ? null : await q.findOwner(tx, ownerId);
    // Named before the target changes (a removed one has no title afterwards).
    const [subject] = (await loadSubjects(tx, [report])).values();
    await q.resolveReports(
      tx,
      group.map((r) => r.id),
      { action: input.action, note: input.note, leadId: report.id, ownerId: input.action === 'remove' && report.target === 'user' ? null : ownerId },
    );
    await applyAction(tx, deps, report, ownerId, input);
    await recordAudit(tx, { actor: staff, action: input.action, target: report.target, targetId: report.targetId, reportId: report.id, note: input.note });
    if (owner && input.action !== 'dismiss')
      await tellOwner(tx, deps, owner, {
        report: report.id,
        target: report.target,
        action: input.action,
        note: input.note,
        title: subject ? titleOf(subject) : '',
      });
    return report.id;
  });
  const [group] = await presentGroups(deps.db, 'resolved', [await resolvedGroup(deps.db, lead)]);
  return group;
}

async function resolvedGroup(db: Executor, lead: number): Promise<q.GroupRow> {
  const row = await q.findReport(db, lead);
  if (!row) throw notFound();
  return { lead, target: row.target, targetId: row.targetId, first: row.created };
}

/** What the action does to the target; `warn` and `dismiss` change nothing but the reports. */
async function applyAction(
  tx: Executor,
  deps: CleanupDeps,
  report: { target: ReportTarget; targetId: number },
  ownerId: number | null,
  input: { action: ReportAction; note: string },
) {
  switch (input.action) {
    case 'hide':
      if (report.target !== 'user') await q.setHidden(tx, report.target, report.targetId, 'hidden', input.note);
      return;
    case 'suspend':
      if (ownerId !== null) await q.setSuspended(tx, ownerId, new Date());
      return;
    case 'remove':
      switch (report.target) {
        case 'artwork':
          await deleteArtworkAndFiles(tx, deps, report.targetId);
          return;
        case 'user':
          await deleteUserAndFiles(tx, deps, report.targetId);
          return;
        case 'invite':
          await deleteInviteAndFiles(tx, deps, report.targetId);
          return;
        case 'message':
          await q.deleteMessage(tx, report.targetId);
          return;
      }
  }
}

export const titleOf = (s: ReportSubject) => s.title || s.text.slice(0, 80);

/**
 * The owner is told in their language: a notice (unless the account itself was removed) and a mail with the reason
 * and a signed link to the decision's page, where they appeal (a suspended owner cannot log in, so the link is theirs).
 */
async function tellOwner(
  tx: Executor,
  deps: Pick<Deps, 'config'>,
  owner: { id: number; name: string; email: string; language: string },
  v: { report: number; target: ReportTarget; action: ReportAction; note: string; title: string },
) {
  const lang = asLang(owner.language);
  const accountGone = v.action === 'remove' && v.target === 'user';
  if (!accountGone) await notify(tx, { userId: owner.id, type: 'moderation', data: { report: v.report, action: v.action }, key: `moderation:${v.report}` });
  const url = accountGone
    ? siteOrigin(deps.config)
    : `${siteOrigin(deps.config)}${decisionPath(v.report)}?token=${appealToken(deps.config.SECRET_KEY, v.report, owner.id)}`;
  const mail = catalogueMail(lang, accountGone ? 'moderation.mail.account_removed' : 'moderation.mail.action', {
    site: deps.config.SITE_NAME,
    name: owner.name,
    target: translate(lang, `moderation.target.${v.target}`),
    title: v.title,
    action: translate(lang, `moderation.action.${v.action}`),
    note: v.note,
    url,
  });
  await queueMail(tx, { to: owner.email, ...mail }, { key: `mail:moderation:${v.report}` });
}

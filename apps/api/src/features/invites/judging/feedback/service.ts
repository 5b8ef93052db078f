import { asLang, invitePath } from '@axoo/contract';
import type { Executor } from '../../../../db/client.ts';
import type { Deps } from '../../../../deps.ts';
import { badRequest, forbidden, notAuthenticated, notFound } from '../../../../http/errors.ts';
import { queueMail } from '../../../../mail/queue.ts';
import { notify } from '../../../../domain/notifications/notify.ts';
import { catalogueMail } from '../../../../mail/templates.ts';
import type { UserRow } from '../../../../domain/users/user.ts';
import { canManageJudging } from '../policy.ts';
import { requireAccess } from '../service.ts';
import * as q from './queries.ts';
import { findInvite } from '../queries.ts';

/** Where an applicant reads the jury's feedback on their entry (the web's page). */
export const feedbackPath = (inviteId: number, applicationId: number) => `${invitePath(inviteId)}feedback/${applicationId}/`;

/**
 * Issue #33.5: once the results are out (the call reached selection) the owner releases the jurors' shareable
 * comments: from then each applicant reads them on their entry's feedback page (never a juror's name) and is sent
 * one mail in their language and a notice. Before the results, or a second time, it is a 400; the release and its mails are one
 * transaction.
 */
export async function releaseFeedback(deps: Pick<Deps, 'db' | 'config'>, viewer: UserRow | null, inviteId: number, siteUrl: string) {
  const { invite } = await requireAccess(deps.db, viewer, inviteId, 'manage');
  if (invite.status !== 'selection') throw badRequest({ non_field_errors: 'judging.feedback_before_results' });
  if (invite.feedbackReleased) throw badRequest({ non_field_errors: 'judging.feedback_released' });
  return deps.db.transaction(async (tx) => {
    const released = await q.markReleased(tx, invite.id);
    if (!released) throw badRequest({ non_field_errors: 'judging.feedback_released' });
    const applicants = await q.applicantsWithFeedback(tx, invite.id);
    for (const a of applicants) {
      if (!a.email || !a.userId) continue;
      // A notice beside the mail (issue #33.5): its link is the call's page, which shows the entry's feedback.
      await notify(tx, {
        userId: a.userId,
        type: 'feedback_released',
        inviteId: invite.id,
        artworkId: a.artworkId,
        applicationId: a.applicationId,
        key: `feedback_released:${a.applicationId}`,
      });
      const mail = catalogueMail(asLang(a.language ?? 'ko'), 'judging.mail.feedback', {
        site: deps.config.SITE_NAME,
        name: a.name ?? '',
        invite: invite.title,
        artwork: a.title,
        url: `${siteUrl}${feedbackPath(invite.id, a.applicationId)}`,
      });
      await queueMail(tx, { to: a.email, ...mail }, { key: `mail:feedback:${a.applicationId}` });
    }
    return {
      invite: invite.id,
      released: released.toISOString(),
      applications: applicants.length,
      comments: applicants.reduce((n, a) => n + a.comments, 0),
    };
  });
}

/**
 * Issue #33.5 on the call's page: the viewer's own entries to the call, each with the jury's released feedback
 * (empty until released), so the applicant reads it where they see their entry.
 */
export async function listOwnApplications(deps: Pick<Deps, 'db'>, viewer: UserRow | null, inviteId: number) {
  if (!viewer) throw notAuthenticated();
  const invite = await findInvite(deps.db, inviteId);
  if (!invite) throw badRequest({ invite: 'invite.not_found' });
  const rows = await q.ownApplications(deps.db, invite.id, viewer.id);
  return { results: await Promise.all(rows.map((row) => feedbackOf(deps.db, invite.id, invite.feedbackReleased, row.id, row.title))) };
}

/** The applicant's view of their entry's feedback: empty until released; the owner and staff read it too. */
export async function getFeedback(deps: Pick<Deps, 'db'>, viewer: UserRow | null, applicationId: number) {
  if (!viewer) throw notAuthenticated();
  const row = await q.applicationWithInvite(deps.db, applicationId);
  if (!row) throw notFound();
  if (row.application.applicantId !== viewer.id && !canManageJudging(viewer, row.invite)) throw forbidden();
  return feedbackOf(deps.db, row.invite.id, row.invite.feedbackReleased, row.application.id, row.title ?? '');
}

/** An entry's feedback as the applicant reads it: its shareable comments once released, none before. */
async function feedbackOf(db: Executor, inviteId: number, released: Date | null, applicationId: number, title: string) {
  const comments = released ? await q.sharedComments(db, applicationId) : [];
  return {
    application: applicationId,
    invite: inviteId,
    title,
    released: released ? released.toISOString() : null,
    comments: comments.map((c) => ({ comment: c.comment })),
  };
}

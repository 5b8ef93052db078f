import type { Lang } from '@axoo/contract';
import type { Db } from '../../../../db/client.ts';
import type { Deps } from '../../../../deps.ts';
import { AppError, badRequest, notAuthenticated, notFound } from '../../../../http/errors.ts';
import { signParts, verifyParts } from '../../../../http/signed.ts';
import { queueMail } from '../../../../mail/queue.ts';
import { catalogueMail } from '../../../../mail/templates.ts';
import type { UserRow } from '../../../../domain/users/user.ts';
import * as shared from '../queries.ts';
import * as q from './queries.ts';
import type { JurorRow } from '../queries.ts';
import { requireAccess } from '../service.ts';

export const jurorToken = (secret: string, juror: Pick<JurorRow, 'id' | 'email'>) => signParts(secret, 'juror', juror.id, juror.email);

/** The owner or staff invite a juror by e-mail; the mailed signed link leads to the accept page. */
export async function inviteJuror(deps: Deps, viewer: UserRow | null, input: { invite: number; email: string }, lang: Lang, siteUrl: string, max: number) {
  const { invite } = await requireAccess(deps.db, viewer, input.invite, 'manage');
  const email = input.email.toLowerCase();
  return deps.db.transaction(async (tx) => {
    if ((await q.countActiveJurors(tx, invite.id)) >= max) throw badRequest({ email: { key: 'judging.jurors_max', params: { max } } });
    const juror = await q.insertJuror(tx, { inviteId: invite.id, email, language: lang });
    if (!juror) throw badRequest({ email: 'judging.juror_exists' });
    const url = `${siteUrl}/goodluck/${invite.id}/jury/accept/?juror=${juror.id}&token=${jurorToken(deps.config.SECRET_KEY, juror)}`;
    const mail = catalogueMail(lang, 'judging.mail.juror', { site: deps.config.SITE_NAME, invite: invite.title, url });
    await queueMail(tx, { to: email, ...mail }, { key: `mail:juror:${juror.id}` });
    return { id: juror.id, invite: invite.id, email };
  });
}

/**
 * The invited person, logged in (an account they had or made on the way), accepts with the link's token: the
 * invitation is linked to that account. Accepting again is harmless; a removed juror cannot come back this way.
 */
export async function acceptJuror(deps: Deps, viewer: UserRow | null, id: number, token: string) {
  if (!viewer) throw notAuthenticated();
  const juror = await q.findJuror(deps.db, id);
  if (!juror || !verifyParts(deps.config.SECRET_KEY, token, 'juror', juror.id, juror.email)) throw badRequest({ token: 'judging.invitation_invalid' });
  if (juror.removed) throw new AppError(403, { detail: 'judging.juror_removed' });
  if (juror.userId !== null && juror.userId !== viewer.id) throw badRequest({ token: 'judging.invitation_invalid' });
  const other = await shared.findJurorOf(deps.db, juror.inviteId, viewer.id);
  if (other && other.id !== juror.id) throw badRequest({ token: 'judging.already_juror_elsewhere' });
  const row = juror.userId === viewer.id ? juror : await q.updateJuror(deps.db, juror.id, { userId: viewer.id, accepted: new Date() });
  return { id: row.id, invite: row.inviteId, status: 'accepted' as const };
}

/** Removing a juror keeps their scores, marked (and no longer counted in the ranking). */
export async function removeJuror(db: Db, viewer: UserRow | null, id: number) {
  const juror = await q.findJuror(db, id);
  if (!juror) throw notFound();
  await requireAccess(db, viewer, juror.inviteId, 'manage');
  // Issue #36: a juror removed already (by this request's twin, say) is gone: a second removal is a 404.
  if (juror.removed) throw notFound();
  await q.removeJuror(db, id);
}

/** The invites the viewer judges (accepted, not removed), for their menu. */
export async function listMyJuries(db: Db, viewer: UserRow | null) {
  if (!viewer) throw notAuthenticated();
  const rows = await q.listJudgedInvites(db, viewer.id);
  return rows
    .filter((r) => r.juror.accepted !== null)
    .map((r) => ({
      id: r.juror.id,
      invite: r.juror.inviteId,
      title: r.title,
      email: r.juror.email,
      status: 'accepted' as const,
      open: r.status === 'examination',
    }));
}

import type { Db } from '../../../../db/client.ts';
import { AppError, badRequest, notAuthenticated } from '../../../../http/errors.ts';
import type { UserRow } from '../../../../domain/users/user.ts';
import { isActiveJuror } from '../policy.ts';
import * as shared from '../queries.ts';
import * as scoreQueries from '../scores/queries.ts';
import { requireAccess } from '../service.ts';
import * as q from './queries.ts';

/**
 * Issue #33.3: a juror of the call declares a conflict of interest with one of its entries (a reason is optional).
 * From then their scores of it count nowhere (ranking, pack), the entry leaves their queue and the owner sees it.
 * Anyone else gets 403 in their language; an entry that does not exist is a 400 under its field. One transaction.
 */
export async function declareConflict(db: Db, viewer: UserRow | null, input: { application: number; reason?: string }) {
  if (!viewer) throw notAuthenticated();
  return db.transaction(async (tx) => {
    const application = await scoreQueries.findApplication(tx, input.application);
    if (!application) throw badRequest({ application: 'judging.application_not_found' });
    const juror = await shared.findJurorOf(tx, application.inviteId, viewer.id);
    if (juror?.removed) throw new AppError(403, { detail: 'judging.juror_removed' });
    if (!isActiveJuror(juror)) throw new AppError(403, { detail: 'judging.not_juror' });
    // The comment and its shareable flag stay; restating a conflict updates its reason and time.
    const row = await scoreQueries.upsertReview(tx, juror.id, application.id, {
      conflict: true,
      conflictReason: input.reason?.trim() ?? '',
      conflictDeclared: new Date(),
    });
    return { application: row.applicationId, reason: row.conflictReason, declared: row.conflictDeclared?.toISOString() ?? null };
  });
}

/** The declared conflicts of a call, for its owner and staff. */
export async function listConflicts(db: Db, viewer: UserRow | null, inviteId: number) {
  const { invite } = await requireAccess(db, viewer, inviteId, 'manage');
  const rows = await q.conflictsWithJurors(db, invite.id);
  return {
    results: rows.map((r) => ({
      application: r.applicationId,
      title: r.title ?? '',
      juror: { id: r.jurorId, email: r.email, name: r.name },
      reason: r.reason,
      declared: r.declared?.toISOString() ?? null,
    })),
  };
}

import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.ts';
import { inviteJurors, inviteReviews, inviteSnapshots, users } from '../../../../db/schema/index.ts';

/** Every declared conflict of an invite with its juror and the entry's frozen title. */
export function conflictsWithJurors(db: Executor, inviteId: number) {
  return db
    .select({
      applicationId: inviteReviews.applicationId,
      title: inviteSnapshots.title,
      jurorId: inviteJurors.id,
      email: inviteJurors.email,
      name: users.name,
      reason: inviteReviews.conflictReason,
      declared: inviteReviews.conflictDeclared,
    })
    .from(inviteReviews)
    .innerJoin(inviteJurors, eq(inviteJurors.id, inviteReviews.jurorId))
    .leftJoin(users, eq(users.id, inviteJurors.userId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteReviews.applicationId))
    .where(and(eq(inviteJurors.inviteId, inviteId), eq(inviteReviews.conflict, true)))
    .orderBy(asc(inviteReviews.applicationId), asc(inviteJurors.id));
}

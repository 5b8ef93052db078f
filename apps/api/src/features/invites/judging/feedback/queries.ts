import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.ts';
import { inviteApplications, inviteJurors, inviteReviews, inviteSnapshots, invites, users } from '../../../../db/schema/index.ts';

/** Marks the call's feedback released; undefined when it already was (a racing release). */
export async function markReleased(db: Executor, inviteId: number) {
  const [row] = await db
    .update(invites)
    .set({ feedbackReleased: new Date() })
    .where(and(eq(invites.id, inviteId), isNull(invites.feedbackReleased)))
    .returning({ released: invites.feedbackReleased });
  return row?.released ?? undefined;
}

/** What an applicant may read: comments the juror marked shareable, not empty, not on a conflict, of a juror not removed. */
const shared = and(eq(inviteReviews.shareable, true), eq(inviteReviews.conflict, false), sql`${inviteReviews.comment} <> ''`, isNull(inviteJurors.removed));

/** The shareable comments of an application (never who wrote them), oldest juror first. */
export function sharedComments(db: Executor, applicationId: number) {
  return db
    .select({ comment: inviteReviews.comment })
    .from(inviteReviews)
    .innerJoin(inviteJurors, eq(inviteJurors.id, inviteReviews.jurorId))
    .where(and(eq(inviteReviews.applicationId, applicationId), shared))
    .orderBy(asc(inviteJurors.id));
}

/** Each application of the call with at least one shareable comment, its applicant (when the account exists) and title. */
export function applicantsWithFeedback(db: Executor, inviteId: number) {
  return db
    .select({
      applicationId: inviteApplications.id,
      artworkId: inviteApplications.artworkId,
      userId: users.id,
      comments: sql<number>`count(*)::int`,
      email: users.email,
      name: users.name,
      language: users.language,
      title: sql<string>`coalesce(max(${inviteSnapshots.title}), '')`,
    })
    .from(inviteReviews)
    .innerJoin(inviteJurors, eq(inviteJurors.id, inviteReviews.jurorId))
    .innerJoin(inviteApplications, eq(inviteApplications.id, inviteReviews.applicationId))
    .leftJoin(users, eq(users.id, inviteApplications.applicantId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(and(eq(inviteApplications.inviteId, inviteId), shared))
    .groupBy(inviteApplications.id, users.id)
    .orderBy(asc(inviteApplications.id));
}

export async function applicationWithInvite(db: Executor, applicationId: number) {
  const [row] = await db
    .select({ application: inviteApplications, invite: invites, title: inviteSnapshots.title })
    .from(inviteApplications)
    .innerJoin(invites, eq(invites.id, inviteApplications.inviteId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(eq(inviteApplications.id, applicationId));
  return row;
}

/** The viewer's own entries to a call, oldest first, with their frozen titles. */
export function ownApplications(db: Executor, inviteId: number, applicantId: number) {
  return db
    .select({ id: inviteApplications.id, title: sql<string>`coalesce(${inviteSnapshots.title}, '')` })
    .from(inviteApplications)
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(and(eq(inviteApplications.inviteId, inviteId), eq(inviteApplications.applicantId, applicantId)))
    .orderBy(asc(inviteApplications.id));
}

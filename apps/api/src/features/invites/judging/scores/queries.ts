import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.ts';
import {
  collections,
  conversations,
  follows,
  inviteAnswers,
  inviteApplications,
  inviteQuestions,
  inviteReviews,
  inviteScores,
  inviteSnapshots,
  users,
} from '../../../../db/schema/index.ts';
import { inRound, type RoundRow } from '../queries.ts';

/**
 * A page of the round's submissions with what a juror sees (never the artist; `artist` only to reveal names). An
 * entry the juror declared a conflict with has left their queue (issue #33.3).
 */
export async function queuePage(db: Executor, round: RoundRow, jurorId: number, limit: number, offset: number) {
  const where = and(
    inRound(round),
    sql`not exists (select 1 from ${inviteReviews} where ${inviteReviews.jurorId} = ${jurorId} and ${inviteReviews.applicationId} = ${inviteApplications.id} and ${inviteReviews.conflict})`,
  );
  const [total] = await db.select({ n: count() }).from(inviteApplications).where(where);
  const rows = await db
    .select({ application: inviteApplications.id, snapshot: inviteSnapshots, artistName: users.name, artistSlug: users.slug })
    .from(inviteApplications)
    .innerJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    // The entry outlives its artwork and its applicant's account: who sent it is only for revealed names.
    .leftJoin(users, eq(users.id, inviteApplications.applicantId))
    .where(where)
    .orderBy(asc(inviteApplications.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, rows };
}

export function answersOf(db: Executor, applicationIds: number[]) {
  if (!applicationIds.length) return Promise.resolve([]);
  return db
    .select({ applicationId: inviteAnswers.applicationId, question: inviteQuestions.question, answer: inviteAnswers.answer })
    .from(inviteAnswers)
    .innerJoin(inviteQuestions, eq(inviteQuestions.id, inviteAnswers.questionId))
    .where(inArray(inviteAnswers.applicationId, applicationIds))
    .orderBy(asc(inviteQuestions.order), asc(inviteQuestions.id));
}

export function reviewsOf(db: Executor, jurorId: number, applicationIds?: number[]) {
  return db
    .select()
    .from(inviteReviews)
    .where(
      and(eq(inviteReviews.jurorId, jurorId), applicationIds ? inArray(inviteReviews.applicationId, applicationIds.length ? applicationIds : [0]) : undefined),
    );
}

export function jurorScores(db: Executor, roundId: number, jurorId: number, applicationIds?: number[]) {
  return db
    .select({ applicationId: inviteScores.applicationId, criterionId: inviteScores.criterionId, score: inviteScores.score })
    .from(inviteScores)
    .where(
      and(
        eq(inviteScores.roundId, roundId),
        eq(inviteScores.jurorId, jurorId),
        applicationIds ? inArray(inviteScores.applicationId, applicationIds.length ? applicationIds : [0]) : undefined,
      ),
    );
}

export async function findApplication(db: Executor, id: number) {
  const [row] = await db.select().from(inviteApplications).where(eq(inviteApplications.id, id));
  return row;
}

export async function isInRound(db: Executor, round: RoundRow, applicationId: number) {
  const [row] = await db
    .select({ id: inviteApplications.id })
    .from(inviteApplications)
    .where(and(eq(inviteApplications.id, applicationId), inRound(round)));
  return row !== undefined;
}

/** Creates or updates the juror's score (unique juror × submission × criterion in a round). */
export async function upsertScore(db: Executor, values: { roundId: number; jurorId: number; applicationId: number; criterionId: number; score: number }) {
  const [row] = await db
    .insert(inviteScores)
    .values(values)
    .onConflictDoUpdate({
      target: [inviteScores.roundId, inviteScores.jurorId, inviteScores.applicationId, inviteScores.criterionId],
      set: { score: values.score, updated: new Date() },
    })
    .returning();
  return row;
}

export async function upsertReview(
  db: Executor,
  jurorId: number,
  applicationId: number,
  values: { comment?: string; conflict?: boolean; shareable?: boolean; conflictReason?: string; conflictDeclared?: Date },
) {
  const [row] = await db
    .insert(inviteReviews)
    .values({ jurorId, applicationId, ...values })
    .onConflictDoUpdate({ target: [inviteReviews.jurorId, inviteReviews.applicationId], set: { ...values, updated: new Date() } })
    .returning();
  return row;
}

/**
 * Issue #33.3: of these entries, those whose artist the user follows or has a conversation with (either way), or
 * whose work the user collected: the scoring screen asks the juror to consider declaring a conflict.
 */
export async function relatedEntries(db: Executor, userId: number, applicationIds: number[]): Promise<Set<number>> {
  if (!applicationIds.length) return new Set();
  const rows = await db
    .select({ id: inviteApplications.id })
    .from(inviteApplications)
    .where(
      and(
        inArray(inviteApplications.id, applicationIds),
        sql`(
          exists (select 1 from ${follows} where ${follows.followerId} = ${userId} and ${follows.artistId} = ${inviteApplications.applicantId})
          or exists (select 1 from ${conversations} where (${conversations.senderId} = ${userId} and ${conversations.artistId} = ${inviteApplications.applicantId})
            or (${conversations.artistId} = ${userId} and ${conversations.senderId} = ${inviteApplications.applicantId}))
          or exists (select 1 from ${collections} where ${collections.userId} = ${userId} and ${collections.artworkId} = ${inviteApplications.artworkId})
        )`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

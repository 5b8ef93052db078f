import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.ts';
import {
  inviteAnswers,
  inviteApplications,
  inviteCriteria,
  inviteExports,
  inviteJurors,
  inviteQuestions,
  inviteReviews,
  inviteRounds,
  inviteScores,
  inviteSnapshots,
  users,
} from '../../../../db/schema/index.ts';
import type { ExportRow } from '../queries.ts';

export async function findExport(db: Executor, inviteId: number) {
  const [row] = await db.select().from(inviteExports).where(eq(inviteExports.inviteId, inviteId));
  return row;
}

/** A new pack is asked for; the last one's object stays named until the new one replaces it (then it is deleted). */
export async function startExport(db: Executor, inviteId: number) {
  const values = { status: 'queued' as const, done: 0, total: 0, requested: new Date(), finished: null };
  const [row] = await db
    .insert(inviteExports)
    .values({ inviteId, key: '', ...values })
    .onConflictDoUpdate({ target: inviteExports.inviteId, set: values })
    .returning();
  return row;
}

export function updateExport(db: Executor, inviteId: number, values: Partial<ExportRow>) {
  return db.update(inviteExports).set(values).where(eq(inviteExports.inviteId, inviteId));
}

/** Every submission of the invite with its frozen copy and its artist (the pack is the owner's). */
export function packSubmissions(db: Executor, inviteId: number) {
  return db
    .select({ application: inviteApplications, snapshot: inviteSnapshots, artistName: users.name, artistEmail: users.email })
    .from(inviteApplications)
    .leftJoin(users, eq(users.id, inviteApplications.applicantId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(eq(inviteApplications.inviteId, inviteId))
    .orderBy(asc(inviteApplications.id));
}

export function packQuestions(db: Executor, inviteId: number) {
  return db.select().from(inviteQuestions).where(eq(inviteQuestions.inviteId, inviteId)).orderBy(asc(inviteQuestions.order), asc(inviteQuestions.id));
}

export function packAnswers(db: Executor, inviteId: number) {
  return db
    .select({ applicationId: inviteAnswers.applicationId, questionId: inviteAnswers.questionId, answer: inviteAnswers.answer })
    .from(inviteAnswers)
    .innerJoin(inviteApplications, eq(inviteApplications.id, inviteAnswers.applicationId))
    .where(eq(inviteApplications.inviteId, inviteId));
}

export function packScores(db: Executor, inviteId: number) {
  return (
    db
      .select({
        round: inviteRounds.number,
        applicationId: inviteScores.applicationId,
        juror: inviteJurors.email,
        removed: inviteJurors.removed,
        criterionKo: inviteCriteria.nameKo,
        criterionEn: inviteCriteria.nameEn,
        score: inviteScores.score,
        comment: sql<string>`coalesce(${inviteReviews.comment}, '')`,
      })
      .from(inviteScores)
      .innerJoin(inviteRounds, eq(inviteRounds.id, inviteScores.roundId))
      .innerJoin(inviteJurors, eq(inviteJurors.id, inviteScores.jurorId))
      .innerJoin(inviteCriteria, eq(inviteCriteria.id, inviteScores.criterionId))
      .leftJoin(inviteReviews, and(eq(inviteReviews.jurorId, inviteScores.jurorId), eq(inviteReviews.applicationId, inviteScores.applicationId)))
      // A declared conflict's scores are excluded everywhere (issue #33.3), the pack too.
      .where(and(eq(inviteRounds.inviteId, inviteId), sql`coalesce(${inviteReviews.conflict}, false) = false`))
      .orderBy(asc(inviteRounds.number), asc(inviteScores.applicationId), asc(inviteJurors.id), asc(inviteCriteria.order), asc(inviteCriteria.id))
  );
}

/** The stored juror packs of these invites (they go with the invite, issue #13). */
export async function packKeysOf(db: Executor, inviteIds: number[]): Promise<string[]> {
  if (!inviteIds.length) return [];
  const rows = await db
    .select({ key: inviteExports.key })
    .from(inviteExports)
    .where(and(inArray(inviteExports.inviteId, inviteIds), sql`${inviteExports.key} <> ''`));
  return rows.map((r) => r.key);
}

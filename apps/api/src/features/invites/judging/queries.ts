import { and, asc, eq, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  inviteApplications,
  inviteCriteria,
  type inviteExports,
  inviteJurors,
  inviteReviews,
  inviteRounds,
  inviteScores,
  inviteShortlists,
  inviteSnapshots,
  invites,
  users,
} from '../../../db/schema/index.ts';

export type InviteRow = typeof invites.$inferSelect;
export type JurorRow = typeof inviteJurors.$inferSelect;
export type CriterionRow = typeof inviteCriteria.$inferSelect;
export type RoundRow = typeof inviteRounds.$inferSelect;
export type ExportRow = typeof inviteExports.$inferSelect;

/** The invite, moved to examination first when its closing date has passed (SPEC §4, as the invites do). */
export async function findInvite(db: Executor, id: number): Promise<InviteRow | undefined> {
  await db
    .update(invites)
    .set({ status: 'examination' })
    .where(and(eq(invites.id, id), eq(invites.status, 'ongoing'), lte(invites.closed, new Date())));
  const [row] = await db.select().from(invites).where(eq(invites.id, id));
  return row;
}

export function setJudgingSettings(db: Executor, id: number, values: { scoreScale?: number; revealNames?: boolean }) {
  return db.update(invites).set(values).where(eq(invites.id, id));
}

// Jurors.

export async function findJurorOf(db: Executor, inviteId: number, userId: number) {
  const [row] = await db
    .select()
    .from(inviteJurors)
    .where(and(eq(inviteJurors.inviteId, inviteId), eq(inviteJurors.userId, userId)));
  return row;
}

export function listJurors(db: Executor, inviteId: number) {
  return db
    .select({ juror: inviteJurors, name: users.name })
    .from(inviteJurors)
    .leftJoin(users, eq(users.id, inviteJurors.userId))
    .where(eq(inviteJurors.inviteId, inviteId))
    .orderBy(asc(inviteJurors.id));
}

export function listCriteria(db: Executor, inviteId: number) {
  return db.select().from(inviteCriteria).where(eq(inviteCriteria.inviteId, inviteId)).orderBy(asc(inviteCriteria.order), asc(inviteCriteria.id));
}

export async function findCriterion(db: Executor, id: number) {
  const [row] = await db.select().from(inviteCriteria).where(eq(inviteCriteria.id, id));
  return row;
}

/** Whether any score was given on this invite (the rubric and scale are locked from then on). */
export async function hasScores(db: Executor, inviteId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: inviteScores.id })
    .from(inviteScores)
    .innerJoin(inviteRounds, eq(inviteRounds.id, inviteScores.roundId))
    .where(eq(inviteRounds.inviteId, inviteId))
    .limit(1);
  return row !== undefined;
}

// Rounds.

/** The invite's latest round; round 1 is made the first time anyone asks. */
export async function currentRound(db: Executor, inviteId: number): Promise<RoundRow> {
  const [latest] = await db.select().from(inviteRounds).where(eq(inviteRounds.inviteId, inviteId)).orderBy(sql`${inviteRounds.number} desc`).limit(1);
  if (latest) return latest;
  await db.insert(inviteRounds).values({ inviteId, number: 1 }).onConflictDoNothing();
  const [first] = await db
    .select()
    .from(inviteRounds)
    .where(and(eq(inviteRounds.inviteId, inviteId), eq(inviteRounds.number, 1)));
  return first;
}

export function listRounds(db: Executor, inviteId: number) {
  return db
    .select({
      round: inviteRounds,
      shortlist: sql<number>`(select count(*)::int from ${inviteShortlists} where ${inviteShortlists.roundId} = ${inviteRounds.id})`,
    })
    .from(inviteRounds)
    .where(eq(inviteRounds.inviteId, inviteId))
    .orderBy(asc(inviteRounds.number));
}

/** Which applications a round judges: every one in round 1, its shortlist after. */
export function inRound(round: Pick<RoundRow, 'id' | 'number' | 'inviteId'>): SQL {
  return round.number === 1
    ? eq(inviteApplications.inviteId, round.inviteId)
    : and(
        eq(inviteApplications.inviteId, round.inviteId),
        sql`exists (select 1 from ${inviteShortlists} where ${inviteShortlists.roundId} = ${round.id} and ${inviteShortlists.applicationId} = ${inviteApplications.id})`,
      )!;
}

export function roundApplications(db: Executor, round: RoundRow) {
  return db
    .select({ id: inviteApplications.id, selected: inviteApplications.selected, title: inviteSnapshots.title, cover: inviteSnapshots.croppedCover })
    .from(inviteApplications)
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(inRound(round))
    .orderBy(asc(inviteApplications.id));
}

/** Every score of a round with its juror's state and whether that juror declared a conflict with the submission. */
export function roundScores(db: Executor, roundId: number) {
  return db
    .select({
      applicationId: inviteScores.applicationId,
      criterionId: inviteScores.criterionId,
      jurorId: inviteScores.jurorId,
      score: inviteScores.score,
      removed: sql<boolean>`${inviteJurors.removed} is not null`,
      conflict: sql<boolean>`coalesce(${inviteReviews.conflict}, false)`,
    })
    .from(inviteScores)
    .innerJoin(inviteJurors, eq(inviteJurors.id, inviteScores.jurorId))
    .leftJoin(inviteReviews, and(eq(inviteReviews.jurorId, inviteScores.jurorId), eq(inviteReviews.applicationId, inviteScores.applicationId)))
    .where(eq(inviteScores.roundId, roundId));
}

export function conflictsOf(db: Executor, inviteId: number) {
  return db
    .select({ jurorId: inviteReviews.jurorId, applicationId: inviteReviews.applicationId })
    .from(inviteReviews)
    .innerJoin(inviteJurors, eq(inviteJurors.id, inviteReviews.jurorId))
    .where(and(eq(inviteJurors.inviteId, inviteId), eq(inviteReviews.conflict, true)));
}

// The dashboard.

export function submissionsPerDay(db: Executor, inviteId: number) {
  const day = sql<string>`to_char(${inviteApplications.created} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(inviteApplications)
    .where(eq(inviteApplications.inviteId, inviteId))
    .groupBy(day)
    .orderBy(day);
}

export function snapshotTaxonomies(db: Executor, inviteId: number) {
  return db.select({ taxonomy: inviteSnapshots.taxonomy }).from(inviteSnapshots).where(eq(inviteSnapshots.inviteId, inviteId));
}

export async function maxRoundNumber(db: Executor, inviteId: number) {
  const [row] = await db
    .select({ n: max(inviteRounds.number) })
    .from(inviteRounds)
    .where(eq(inviteRounds.inviteId, inviteId));
  return row?.n ?? 0;
}

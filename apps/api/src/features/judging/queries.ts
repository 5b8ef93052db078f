import { and, asc, count, eq, inArray, isNull, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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
  inviteShortlists,
  inviteSnapshots,
  invites,
  users,
} from '../../db/schema/index.ts';

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

export async function findJuror(db: Executor, id: number) {
  const [row] = await db.select().from(inviteJurors).where(eq(inviteJurors.id, id));
  return row;
}

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

export async function countActiveJurors(db: Executor, inviteId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(inviteJurors)
    .where(and(eq(inviteJurors.inviteId, inviteId), isNull(inviteJurors.removed)));
  return row?.n ?? 0;
}

/** Inserts the invitation; undefined when this e-mail is already invited to this invite. */
export async function insertJuror(db: Executor, values: { inviteId: number; email: string; language: 'ko' | 'en' }) {
  const [row] = await db.insert(inviteJurors).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateJuror(db: Executor, id: number, values: Partial<Pick<JurorRow, 'userId' | 'accepted' | 'removed'>>) {
  const [row] = await db.update(inviteJurors).set(values).where(eq(inviteJurors.id, id)).returning();
  return row;
}

/** The invites this user judges (accepted, not removed). */
export function listJudgedInvites(db: Executor, userId: number) {
  return db
    .select({ juror: inviteJurors, title: invites.title, status: invites.status })
    .from(inviteJurors)
    .innerJoin(invites, eq(invites.id, inviteJurors.inviteId))
    .where(and(eq(inviteJurors.userId, userId), isNull(inviteJurors.removed)))
    .orderBy(asc(inviteJurors.id));
}

// The rubric.

export function listCriteria(db: Executor, inviteId: number) {
  return db.select().from(inviteCriteria).where(eq(inviteCriteria.inviteId, inviteId)).orderBy(asc(inviteCriteria.order), asc(inviteCriteria.id));
}

export async function findCriterion(db: Executor, id: number) {
  const [row] = await db.select().from(inviteCriteria).where(eq(inviteCriteria.id, id));
  return row;
}

export async function insertCriterion(db: Executor, values: typeof inviteCriteria.$inferInsert) {
  const [row] = await db.insert(inviteCriteria).values(values).returning();
  return row;
}

export async function updateCriterion(db: Executor, id: number, values: Partial<typeof inviteCriteria.$inferInsert>) {
  const [row] = await db.update(inviteCriteria).set(values).where(eq(inviteCriteria.id, id)).returning();
  return row;
}

export function deleteCriterion(db: Executor, id: number) {
  return db.delete(inviteCriteria).where(eq(inviteCriteria.id, id));
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

export async function findRound(db: Executor, id: number) {
  const [row] = await db.select().from(inviteRounds).where(eq(inviteRounds.id, id));
  return row;
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

export async function closeRound(db: Executor, id: number) {
  const [row] = await db
    .update(inviteRounds)
    .set({ closed: new Date() })
    .where(and(eq(inviteRounds.id, id), isNull(inviteRounds.closed)))
    .returning();
  return row;
}

/** Opens the next round with its shortlist; undefined when another request opened it first. */
export async function insertRound(db: Executor, inviteId: number, number: number, applicationIds: number[]) {
  const [round] = await db.insert(inviteRounds).values({ inviteId, number }).onConflictDoNothing().returning();
  if (round && applicationIds.length) await db.insert(inviteShortlists).values(applicationIds.map((applicationId) => ({ roundId: round.id, applicationId })));
  return round;
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

/** Whether any application was shortlisted in a round after the first (shortlisted flag). */
export async function shortlistedIds(db: Executor, inviteId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: inviteShortlists.applicationId })
    .from(inviteShortlists)
    .innerJoin(inviteRounds, eq(inviteRounds.id, inviteShortlists.roundId))
    .where(eq(inviteRounds.inviteId, inviteId));
  return new Set(rows.map((r) => r.id));
}

// The blind queue and the scores.

/** A page of the round's submissions with what a juror sees (never the artist; `artist` only to reveal names). */
export async function queuePage(db: Executor, round: RoundRow, limit: number, offset: number) {
  const where = inRound(round);
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

export async function upsertReview(db: Executor, jurorId: number, applicationId: number, values: { comment?: string; conflict?: boolean }) {
  const [row] = await db
    .insert(inviteReviews)
    .values({ jurorId, applicationId, ...values })
    .onConflictDoUpdate({ target: [inviteReviews.jurorId, inviteReviews.applicationId], set: { ...values, updated: new Date() } })
    .returning();
  return row;
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

// The juror pack.

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

/** The stored juror packs of these invites (they go with the invite, issue #13). */
export async function packKeysOf(db: Executor, inviteIds: number[]): Promise<string[]> {
  if (!inviteIds.length) return [];
  const rows = await db
    .select({ key: inviteExports.key })
    .from(inviteExports)
    .where(and(inArray(inviteExports.inviteId, inviteIds), sql`${inviteExports.key} <> ''`));
  return rows.map((r) => r.key);
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
  return db
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
    .where(eq(inviteRounds.inviteId, inviteId))
    .orderBy(asc(inviteRounds.number), asc(inviteScores.applicationId), asc(inviteJurors.id), asc(inviteCriteria.order), asc(inviteCriteria.id));
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

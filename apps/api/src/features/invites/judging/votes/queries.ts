import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.ts';
import { inviteApplications, inviteRounds, inviteShortlists, inviteSnapshots, inviteVoteRounds, inviteVotes, users } from '../../../../db/schema/index.ts';

export type VoteRoundRow = typeof inviteVoteRounds.$inferSelect;

/** The shortlist a public vote is on: that of the call's latest round which has one. */
export async function latestShortlist(db: Executor, inviteId: number): Promise<number[]> {
  const [round] = await db
    .select({ id: inviteRounds.id })
    .from(inviteRounds)
    .where(and(eq(inviteRounds.inviteId, inviteId), sql`exists (select 1 from ${inviteShortlists} where ${inviteShortlists.roundId} = ${inviteRounds.id})`))
    .orderBy(desc(inviteRounds.number))
    .limit(1);
  if (!round) return [];
  const rows = await db
    .select({ id: inviteShortlists.applicationId })
    .from(inviteShortlists)
    .where(eq(inviteShortlists.roundId, round.id))
    .orderBy(asc(inviteShortlists.applicationId));
  return rows.map((r) => r.id);
}

export async function overlapping(db: Executor, inviteId: number, starts: Date, ends: Date) {
  const [row] = await db
    .select({ id: inviteVoteRounds.id })
    .from(inviteVoteRounds)
    .where(
      and(
        eq(inviteVoteRounds.inviteId, inviteId),
        sql`${inviteVoteRounds.starts} < ${ends.toISOString()}`,
        sql`${inviteVoteRounds.ends} > ${starts.toISOString()}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertVoteRound(db: Executor, inviteId: number, starts: Date, ends: Date) {
  const [row] = await db.insert(inviteVoteRounds).values({ inviteId, starts, ends }).returning();
  return row;
}

/** The vote open at `now`, else the latest that began. */
export async function currentVoteRound(db: Executor, inviteId: number, now: Date): Promise<VoteRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(inviteVoteRounds)
    .where(and(eq(inviteVoteRounds.inviteId, inviteId), lte(inviteVoteRounds.starts, now)))
    .orderBy(desc(inviteVoteRounds.starts))
    .limit(1);
  return row;
}

/** Every public vote round of the call, newest start first, for its owner. */
export function voteRounds(db: Executor, inviteId: number) {
  return db.select().from(inviteVoteRounds).where(eq(inviteVoteRounds.inviteId, inviteId)).orderBy(desc(inviteVoteRounds.starts));
}

export async function findVoteRound(db: Executor, id: number) {
  const [row] = await db.select().from(inviteVoteRounds).where(eq(inviteVoteRounds.id, id));
  return row;
}

/** Deletes a round that has not started yet; undefined when it has (or went meanwhile). */
export async function deleteScheduledRound(db: Executor, id: number, now: Date) {
  const [row] = await db
    .delete(inviteVoteRounds)
    .where(and(eq(inviteVoteRounds.id, id), gt(inviteVoteRounds.starts, now)))
    .returning({ id: inviteVoteRounds.id });
  return row;
}

export async function openVoteRound(db: Executor, inviteId: number, now: Date) {
  const [row] = await db
    .select()
    .from(inviteVoteRounds)
    .where(and(eq(inviteVoteRounds.inviteId, inviteId), lte(inviteVoteRounds.starts, now), gt(inviteVoteRounds.ends, now)))
    .limit(1);
  return row;
}

/** Whether the account's current address is confirmed, read in the vote's transaction (issue #33.7). */
export async function emailConfirmed(db: Executor, userId: number) {
  const [row] = await db.select({ confirmed: users.emailConfirmed }).from(users).where(eq(users.id, userId));
  return Boolean(row?.confirmed);
}

/** Other accounts that voted in this round from this address. */
export async function votersFromIp(db: Executor, roundId: number, ip: string, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inviteVotes)
    .where(and(eq(inviteVotes.roundId, roundId), eq(inviteVotes.ip, ip), sql`${inviteVotes.userId} <> ${userId}`));
  return row?.n ?? 0;
}

/** The account's vote in the round; a second vote moves it. Answers whether it moved. */
export async function castVote(db: Executor, values: { roundId: number; userId: number; applicationId: number; ip: string }) {
  const [before] = await db
    .select({ applicationId: inviteVotes.applicationId })
    .from(inviteVotes)
    .where(and(eq(inviteVotes.roundId, values.roundId), eq(inviteVotes.userId, values.userId)))
    .for('update');
  await db
    .insert(inviteVotes)
    .values(values)
    .onConflictDoUpdate({
      target: [inviteVotes.roundId, inviteVotes.userId],
      set: { applicationId: values.applicationId, ip: values.ip, created: new Date() },
    });
  return before !== undefined && before.applicationId !== values.applicationId;
}

export async function myVote(db: Executor, roundId: number, userId: number) {
  const [row] = await db
    .select({ applicationId: inviteVotes.applicationId })
    .from(inviteVotes)
    .where(and(eq(inviteVotes.roundId, roundId), eq(inviteVotes.userId, userId)));
  return row?.applicationId ?? null;
}

/** Votes per application, counting only accounts made before the round began. */
export function countVotes(db: Executor, round: VoteRoundRow) {
  return db
    .select({ applicationId: inviteVotes.applicationId, votes: sql<number>`count(*)::int` })
    .from(inviteVotes)
    .innerJoin(users, eq(users.id, inviteVotes.userId))
    .where(and(eq(inviteVotes.roundId, round.id), sql`${users.created} < ${round.starts.toISOString()}`))
    .groupBy(inviteVotes.applicationId);
}

export function entries(db: Executor, applicationIds: number[]) {
  if (!applicationIds.length) return Promise.resolve([]);
  return db
    .select({ id: inviteApplications.id, applicantId: inviteApplications.applicantId, snapshot: inviteSnapshots })
    .from(inviteApplications)
    .innerJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .where(sql`${inviteApplications.id} in ${applicationIds}`)
    .orderBy(asc(inviteApplications.id));
}

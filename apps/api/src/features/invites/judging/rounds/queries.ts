import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.ts';
import { inviteRounds, inviteShortlists } from '../../../../db/schema/index.ts';

export async function findRound(db: Executor, id: number) {
  const [row] = await db.select().from(inviteRounds).where(eq(inviteRounds.id, id));
  return row;
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

/** Whether any application was shortlisted in a round after the first (shortlisted flag). */
export async function shortlistedIds(db: Executor, inviteId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ id: inviteShortlists.applicationId })
    .from(inviteShortlists)
    .innerJoin(inviteRounds, eq(inviteRounds.id, inviteShortlists.roundId))
    .where(eq(inviteRounds.inviteId, inviteId));
  return new Set(rows.map((r) => r.id));
}

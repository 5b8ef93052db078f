import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.ts';
import { inviteJurors, invites } from '../../../../db/schema/index.ts';
import { someRows } from '../../../../http/rows.ts';
import type { JurorRow } from '../queries.ts';

export async function findJuror(db: Executor, id: number) {
  const [row] = await db.select().from(inviteJurors).where(eq(inviteJurors.id, id));
  return row;
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

/** Marks a juror removed, once: a 404 when another request removed them first (issue #36). */
export function removeJuror(db: Executor, id: number) {
  return someRows(
    db
      .update(inviteJurors)
      .set({ removed: new Date() })
      .where(and(eq(inviteJurors.id, id), isNull(inviteJurors.removed)))
      .returning({ id: inviteJurors.id }),
  );
}

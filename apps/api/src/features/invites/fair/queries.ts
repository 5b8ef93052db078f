import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { artworks, inviteApplications, inviteEligibility, inviteJurors, inviteQuestions, invites, inviteSnapshots, users } from '../../../db/schema/index.ts';
import { publicCover } from '../../../domain/artworks/protection.ts';

// Issue #33: eligibility passes, the unfinished-entry reminder and the published results.

/** A call's eligibility questions, in order. */
export function eligibilityQuestions(db: Executor, inviteId: number) {
  return db
    .select()
    .from(inviteQuestions)
    .where(and(eq(inviteQuestions.inviteId, inviteId), eq(inviteQuestions.kind, 'eligibility')))
    .orderBy(asc(inviteQuestions.order), asc(inviteQuestions.id));
}

/** Records (or renews) that the user passed the call's eligibility questions with these answers. */
export async function savePass(db: Executor, inviteId: number, userId: number, answers: Record<string, boolean>) {
  await db
    .insert(inviteEligibility)
    .values({ inviteId, userId, answers })
    .onConflictDoUpdate({ target: [inviteEligibility.inviteId, inviteEligibility.userId], set: { answers, passed: sql`now()` } });
}

export async function deletePass(db: Executor, inviteId: number, userId: number) {
  await db.delete(inviteEligibility).where(and(eq(inviteEligibility.inviteId, inviteId), eq(inviteEligibility.userId, userId)));
}

export async function findPass(db: Executor, inviteId: number, userId: number) {
  const [row] = await db
    .select()
    .from(inviteEligibility)
    .where(and(eq(inviteEligibility.inviteId, inviteId), eq(inviteEligibility.userId, userId)));
  return row;
}

/**
 * Who started applying to an ongoing call that closes between `from` and `to` and has sent nothing to it, not yet
 * reminded: claimed (marked reminded) in the caller's transaction, so two processes never remind one person twice.
 */
export async function claimUnfinished(tx: Executor, from: Date, to: Date) {
  const rows = await tx.execute<{ invite_id: number; user_id: number }>(sql`
    update ${inviteEligibility} e set reminded = now()
      from ${invites} i
     where i.id = e.invite_id and e.reminded is null and i.status = 'ongoing'
       and i.closed > ${from.toISOString()}::timestamptz and i.closed <= ${to.toISOString()}::timestamptz
       and not exists (select 1 from ${inviteApplications} a where a.invite_id = e.invite_id and a.applicant_id = e.user_id)
    returning e.invite_id, e.user_id`);
  return 'rows' in rows ? rows.rows : (rows as unknown as { invite_id: number; user_id: number }[]);
}

/** How many entries a call received, and how many jurors accepted to judge it. */
export async function callFigures(db: Executor, inviteId: number) {
  const [entries] = await db.select({ n: count() }).from(inviteApplications).where(eq(inviteApplications.inviteId, inviteId));
  const [jurors] = await db
    .select({ n: count() })
    .from(inviteJurors)
    .where(and(eq(inviteJurors.inviteId, inviteId), isNotNull(inviteJurors.accepted), isNull(inviteJurors.removed)));
  return { entries: entries?.n ?? 0, jurors: jurors?.n ?? 0 };
}

/**
 * The selected entries, oldest first: the frozen title and cover (the live artwork's for an entry from before
 * snapshots) and the artist; `salt` and `maxPublicWidth` the frozen entry's protection (issue #34.6), null without one.
 */
export function selectedEntries(db: Executor, inviteId: number) {
  return db
    .select({
      application: inviteApplications.id,
      artwork: inviteApplications.artworkId,
      title: sql<string>`coalesce(${inviteSnapshots.title}, ${artworks.title}, '')`,
      // Issue #34 (6): the live artwork's cover as anyone may receive it (a protected work's public copy).
      cover: sql<string>`coalesce(${inviteSnapshots.cover}, ${publicCover(artworks.cover)}, '')`,
      croppedCover: sql<string>`coalesce(${inviteSnapshots.croppedCover}, ${publicCover(artworks.croppedCover)}, '')`,
      salt: inviteSnapshots.protectionSalt,
      maxPublicWidth: sql<
        number | null
      >`case when ${inviteSnapshots.applicationId} is null then ${artworks.maxPublicWidth} else ${inviteSnapshots.maxPublicWidth} end`,
      artist: { id: users.id, username: users.username, name: users.name, slug: users.slug, croppedAvatar: users.croppedAvatar },
    })
    .from(inviteApplications)
    .leftJoin(artworks, eq(artworks.id, inviteApplications.artworkId))
    .leftJoin(inviteSnapshots, eq(inviteSnapshots.applicationId, inviteApplications.id))
    .leftJoin(users, eq(users.id, inviteApplications.applicantId))
    .where(and(eq(inviteApplications.inviteId, inviteId), eq(inviteApplications.selected, true)))
    .orderBy(asc(inviteApplications.created), asc(inviteApplications.id));
}

import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inviteColumns, invitePages, invites } from '../../db/schema/index.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import { publicSubmissionKeys } from '../../domain/open-calls/protection.ts';
import { snapshotKeys } from '../../domain/open-calls/snapshot.ts';

/** The invites a user owns (deleting the account deletes them). */
export async function inviteIdsOf(db: Executor, ownerId: number): Promise<number[]> {
  const rows = await db.select({ id: invites.id }).from(invites).where(eq(invites.ownerId, ownerId));
  return rows.map((r) => r.id);
}

/**
 * The stored objects that go with these invites (issue #13: deletion leaves nothing behind): their logo and
 * background, the images of their pages and the images their frozen submissions keep (judging adds its juror
 * packs). Queued in the deleting transaction; the cleanup job keeps whatever something else still shows.
 */
export async function storedKeysOfInvites(db: Executor, inviteIds: number[]): Promise<string[]> {
  if (!inviteIds.length) return [];
  // One after the other: this runs inside the deleting transaction.
  const own = await db.select({ logo: invites.logo, background: invites.background }).from(invites).where(inArray(invites.id, inviteIds));
  const columns = await db
    .select({ content: inviteColumns.content })
    .from(inviteColumns)
    .innerJoin(invitePages, eq(invitePages.id, inviteColumns.pageId))
    .where(inArray(invitePages.inviteId, inviteIds));
  const frozen = await snapshotKeys(db, inviteIds);
  // Issue #34 (6): the public copies of protected entries, so their renditions go too.
  const publicCopies = await publicSubmissionKeys(db, inviteIds);
  return [...own.flatMap((r) => [r.logo, r.background]), ...columns.flatMap((c) => mediaKeysIn(c.content)), ...frozen, ...publicCopies].filter(Boolean);
}

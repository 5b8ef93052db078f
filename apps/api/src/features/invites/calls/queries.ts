import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { publicInvite } from '../../../domain/open-calls/listing.ts';
import { inviteApplications, inviteColumns, invitePages, type inviteQuestions, invites, inviteSubscriptions, users } from '../../../db/schema/index.ts';

export type InviteRow = typeof invites.$inferSelect;
export type InvitePageRow = typeof invitePages.$inferSelect;
export type InviteColumnRow = typeof inviteColumns.$inferSelect;
export type InviteQuestionRow = typeof inviteQuestions.$inferSelect;
export type ApplicationRow = typeof inviteApplications.$inferSelect;
export type OwnerRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'slug' | 'croppedAvatar'>;

/** The moment a call stops taking entries: its closing date plus its grace minutes (issue #33.6). */
const lastEntry = sql<Date>`${invites.closed} + make_interval(mins => ${invites.graceMinutes}::int)`;

/** Whether an ongoing call's closing date and grace window are both behind `now`. */
export const pastLastEntry = (invite: Pick<InviteRow, 'closed' | 'graceMinutes'>, now = new Date()) =>
  invite.closed !== null && invite.closed.getTime() + invite.graceMinutes * 60_000 <= now.getTime();

const ownerColumns = { id: users.id, username: users.username, name: users.name, slug: users.slug, croppedAvatar: users.croppedAvatar };

/** SPEC §4: an ongoing invite whose closed date has passed is under examination. Returns how many moved. */
export async function closeExpiredInvites(db: Executor, now = new Date()): Promise<number> {
  const moved = await db
    .update(invites)
    .set({ status: 'examination' })
    // Issue #33.6: an entry is still taken within the call's grace minutes after its closing date.
    .where(and(eq(invites.status, 'ongoing'), lte(lastEntry, now)))
    .returning({ id: invites.id });
  return moved.length;
}

/**
 * Which invites a list shows: every one to staff; to others the public ones (`publicInvite`: not a brand's call
 * under review, not one staff hid), and their own calls (issue #19: the page of a call under review, marked 'Under
 * review', can be shared ahead of the opening; issue #31: a hidden call shows its owner why); `mine` narrows to the
 * viewer's own calls.
 */
export function listedInvites(viewer: { id: number; isStaff: boolean } | null, mine: boolean): SQL | undefined {
  if (mine) return viewer ? eq(invites.ownerId, viewer.id) : sql`false`;
  if (viewer?.isStaff) return undefined;
  return viewer ? or(publicInvite, eq(invites.ownerId, viewer.id)) : publicInvite;
}

export async function countInvites(db: Executor, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invites).where(where);
  return row?.n ?? 0;
}

export function listInvites(db: Executor, limit: number, offset: number, where?: SQL) {
  return db.select().from(invites).where(where).orderBy(desc(invites.created), desc(invites.id)).limit(limit).offset(offset);
}

/** Whether anyone has applied yet (the owner's questions are fixed from then on). */
export async function hasApplications(db: Executor, inviteId: number): Promise<boolean> {
  const [row] = await db.select({ id: inviteApplications.id }).from(inviteApplications).where(eq(inviteApplications.inviteId, inviteId)).limit(1);
  return row !== undefined;
}

/** What a mail to these users needs. */
export function findUsersForMail(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: users.id, email: users.email, name: users.name, language: users.language }).from(users).where(inArray(users.id, ids));
}

/** The subscribers of an invite, with what a mail to them needs. */
export function listSubscribers(db: Executor, inviteId: number) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(inviteSubscriptions)
    .innerJoin(users, eq(users.id, inviteSubscriptions.userId))
    .where(eq(inviteSubscriptions.inviteId, inviteId));
}

/** Ongoing invites whose closing date falls within the next `ms` (the "closes in 3 days" reminder). */
export function invitesClosingWithin(db: Executor, now: Date, ms: number) {
  return db
    .select()
    .from(invites)
    .where(and(eq(invites.status, 'ongoing'), eq(invites.moderationState, 'none'), gt(invites.closed, now), lte(invites.closed, new Date(now.getTime() + ms))));
}

export async function deleteSubscriptionOf(db: Executor, inviteId: number, userId: number) {
  const rows = await db
    .delete(inviteSubscriptions)
    .where(and(eq(inviteSubscriptions.inviteId, inviteId), eq(inviteSubscriptions.userId, userId)))
    .returning({ id: inviteSubscriptions.id });
  return rows.length > 0;
}

/**
 * The invite row, locked to the end of the transaction `tx` (issue #19): `update` for a change of the invite (an
 * owner's or staff's edit, approve, return), `share` for an application, so an edit and an entry never judge the same
 * invite at once (an owner's question change after the first entry, two approvals). An ongoing call past its closing
 * date is under examination here too (SPEC §4).
 */
export async function lockInvite(tx: Executor, id: number, mode: 'update' | 'share', now = new Date()): Promise<InviteRow | undefined> {
  const [row] = await tx.select().from(invites).where(eq(invites.id, id)).for(mode);
  if (row?.status === 'ongoing' && pastLastEntry(row, now)) return updateInvite(tx, id, { status: 'examination' });
  return row;
}

export async function findInvite(db: Executor, id: number): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id));
  return row;
}

export async function findOwners(db: Executor, ids: number[]): Promise<Map<number, OwnerRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select(ownerColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The user a staff member names as owner: by id or by e-mail (case-insensitive). */
export async function findUserByIdOrEmail(db: Executor, idOrEmail: number | string) {
  const where: SQL = typeof idOrEmail === 'number' ? eq(users.id, idOrEmail) : (sql`lower(${users.email}) = lower(${idOrEmail})` as SQL);
  const [row] = await db.select({ id: users.id }).from(users).where(where);
  return row;
}

export async function insertInvite(db: Executor, values: typeof invites.$inferInsert) {
  const [row] = await db.insert(invites).values(values).returning();
  return row;
}

export async function updateInvite(db: Executor, id: number, values: Partial<typeof invites.$inferInsert>) {
  const [row] = await db.update(invites).set(values).where(eq(invites.id, id)).returning();
  return row;
}

export async function loadPages(db: Executor, inviteId: number) {
  const pages = await db.select().from(invitePages).where(eq(invitePages.inviteId, inviteId)).orderBy(asc(invitePages.order), asc(invitePages.id));
  const columns = pages.length
    ? await db
        .select()
        .from(inviteColumns)
        .where(
          inArray(
            inviteColumns.pageId,
            pages.map((p) => p.id),
          ),
        )
        .orderBy(asc(inviteColumns.order), asc(inviteColumns.id))
    : [];
  return { pages, columns };
}

export async function findSubscription(db: Executor, inviteId: number, userId: number) {
  const [row] = await db
    .select({ id: inviteSubscriptions.id })
    .from(inviteSubscriptions)
    .where(and(eq(inviteSubscriptions.inviteId, inviteId), eq(inviteSubscriptions.userId, userId)));
  return row;
}

/** Creates the subscription, or returns the one the user already has. */
export async function upsertSubscription(db: Executor, inviteId: number, userId: number) {
  const [created] = await db.insert(inviteSubscriptions).values({ inviteId, userId }).onConflictDoNothing().returning({ id: inviteSubscriptions.id });
  return created ?? (await findSubscription(db, inviteId, userId));
}

export async function deleteSubscription(db: Executor, id: number, userId: number) {
  const rows = await db
    .delete(inviteSubscriptions)
    .where(and(eq(inviteSubscriptions.id, id), eq(inviteSubscriptions.userId, userId)))
    .returning({ id: inviteSubscriptions.id });
  return rows.length > 0;
}

import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, invites, notificationMailOff, notifications, users } from '../../db/schema/index.ts';
import type { NotificationType } from '@axoo/contract';
import { safeCover } from '../../domain/artworks/rating.ts';

/** Notices of one kind about one thing on one day, read or unread alike, are one group ("12 people collected …"). */
const groupBy = sql`${notifications.type}, ${notifications.artworkId}, ${notifications.inviteId}, (${notifications.readAt} is null), (${notifications.created} at time zone 'UTC')::date`;

export interface GroupRow {
  id: number;
  ids: number[];
  type: NotificationType;
  unread: boolean;
  count: number;
  created: Date | string;
  artworkId: number | null;
  inviteId: number | null;
  actorIds: number[] | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function pageOfGroups(db: Executor, userId: number, limit: number, offset: number, onlyUnread = false): Promise<GroupRow[]> {
  const result = await db.execute(sql`
    select max(${notifications.id}) as id, array_agg(${notifications.id} order by ${notifications.id} desc) as ids,
      ${notifications.type} as type, (${notifications.readAt} is null) as unread, count(*)::int as count,
      max(${notifications.created}) as created, ${notifications.artworkId} as "artworkId", ${notifications.inviteId} as "inviteId",
      (array_agg(${notifications.actorId} order by ${notifications.id} desc) filter (where ${notifications.actorId} is not null))[1:3] as "actorIds"
    from ${notifications}
    where ${notifications.userId} = ${userId} ${onlyUnread ? sql`and ${notifications.readAt} is null` : sql``}
    group by ${groupBy}
    order by max(${notifications.id}) desc
    limit ${limit} offset ${offset}`);
  return rowsOf<GroupRow>(result).map((r) => ({ ...r, id: Number(r.id), ids: r.ids.map(Number), count: Number(r.count) }));
}

export async function countGroups(db: Executor, userId: number): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${notifications} where ${notifications.userId} = ${userId} group by ${groupBy}) as g`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** The bell's figures: unread notices and the newest notice's id (together they change whenever the list does). */
export async function unreadState(db: Executor, userId: number): Promise<{ unread: number; latest: number }> {
  const [row] = await db
    .select({ unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`, latest: sql<number>`coalesce(max(${notifications.id}), 0)` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { unread: Number(row?.unread ?? 0), latest: Number(row?.latest ?? 0) };
}

export const actorCards = (db: Executor, ids: number[]) =>
  ids.length
    ? db.select({ id: users.id, name: users.name, slug: users.slug, croppedAvatar: users.croppedAvatar }).from(users).where(inArray(users.id, ids))
    : Promise.resolve([]);

export const artworkCards = (db: Executor, ids: number[]) =>
  ids.length
    ? db
        .select({ id: artworks.id, title: artworks.title, croppedCover: safeCover(artworks.croppedCover) })
        .from(artworks)
        .where(inArray(artworks.id, ids))
    : Promise.resolve([]);

export const inviteCards = (db: Executor, ids: number[]) =>
  ids.length ? db.select({ id: invites.id, title: invites.title }).from(invites).where(inArray(invites.id, ids)) : Promise.resolve([]);

/** Marks the user's notices read: these ids (others' ids are ignored), or all. */
export async function markRead(db: Executor, userId: number, ids: number[] | 'all') {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids === 'all' ? undefined : inArray(notifications.id, ids.length ? ids : [0])));
}

export const mailOffTypes = async (db: Executor, userId: number) =>
  (await db.select({ type: notificationMailOff.type }).from(notificationMailOff).where(eq(notificationMailOff.userId, userId))).map((r) => r.type);

export async function setMailOff(db: Executor, userId: number, type: NotificationType, off: boolean) {
  if (off) await db.insert(notificationMailOff).values({ userId, type }).onConflictDoNothing();
  else await db.delete(notificationMailOff).where(and(eq(notificationMailOff.userId, userId), eq(notificationMailOff.type, type)));
}

/** Users with notices the digest has not taken yet. */
export async function usersWithUndigested(db: Executor): Promise<number[]> {
  const rows = await db.selectDistinct({ userId: notifications.userId }).from(notifications).where(isNull(notifications.digestedAt));
  return rows.map((r) => r.userId);
}

/** Takes a user's undigested notices (locked, so two digests never take the same ones) and marks them digested. */
export async function takeUndigested(db: Executor, userId: number) {
  const result = await db.execute(sql`
    update ${notifications} set digested_at = now()
    where id in (select id from ${notifications} where user_id = ${userId} and digested_at is null for update skip locked)
    returning id, type, actor_id as "actorId", artwork_id as "artworkId", invite_id as "inviteId", read_at as "readAt"`);
  return rowsOf<{ id: number; type: NotificationType; actorId: number | null; artworkId: number | null; inviteId: number | null; readAt: Date | null }>(result);
}

/**
 * The digest's addressee, locked for the digest's transaction: two runs at once (another process, a retry) take one
 * user's notices one after the other, never half each (a notice taken by a run that then rolls back would miss the
 * mail the other one sends).
 */
export async function lockMailUser(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function countUnread(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

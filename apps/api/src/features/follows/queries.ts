import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, follows, users } from '../../db/schema/index.ts';
import { someRows } from '../../http/rows.ts';

export async function findUserExists(db: Executor, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** One row per pair: inserts unless it exists; answers the follow's id and whether this call made it. */
export async function insertFollow(db: Executor, followerId: number, artistId: number): Promise<{ id: number; created: boolean }> {
  const [inserted] = await db
    .insert(follows)
    .values({ followerId, artistId })
    .onConflictDoNothing({ target: [follows.followerId, follows.artistId] })
    .returning({ id: follows.id });
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.artistId, artistId)))
    .limit(1);
  return { id: existing.id, created: false };
}

export async function findFollow(db: Executor, id: number) {
  const [row] = await db.select().from(follows).where(eq(follows.id, id)).limit(1);
  return row ?? null;
}

export const deleteFollow = (db: Executor, id: number) => someRows(db.delete(follows).where(eq(follows.id, id)).returning({ id: follows.id }));

/** Every follow of one user (the follow buttons' one list). */
export const followsOf = (db: Executor, followerId: number) =>
  db.select({ id: follows.id, artist: follows.artistId }).from(follows).where(eq(follows.followerId, followerId)).orderBy(desc(follows.id));

const cardColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  slug: users.slug,
  croppedAvatar: users.croppedAvatar,
  isPremium: users.isPremium,
  level: users.level,
  availableForHire: users.availableForHire,
  followed: follows.created,
};

/** A page of a user's followers (`which` = followers) or of whom they follow, newest follow first. */
export function pageOfFollowUsers(db: Executor, userId: number, which: 'followers' | 'following', limit: number, offset: number) {
  const [mine, theirs] = which === 'followers' ? [follows.artistId, follows.followerId] : [follows.followerId, follows.artistId];
  return db
    .select(cardColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .where(eq(mine, userId))
    .orderBy(desc(follows.id))
    .limit(limit)
    .offset(offset);
}

export async function countFollowUsers(db: Executor, userId: number, which: 'followers' | 'following') {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .where(eq(which === 'followers' ? follows.artistId : follows.followerId, userId));
  return Number(row?.n ?? 0);
}

/** The artwork a publish fan-out is about, if it is still visible. */
export async function findVisibleArtwork(db: Executor, id: number) {
  const [row] = await db
    .select({ id: artworks.id, authorId: artworks.authorId })
    .from(artworks)
    .where(and(eq(artworks.id, id), eq(artworks.visible, true)))
    .limit(1);
  return row ?? null;
}

/** Followers of an artist after `afterId`, a batch at a time (keyset: a fan-out to many followers stays cheap). */
export const followersAfter = (db: Executor, artistId: number, afterId: number, limit: number) =>
  db
    .select({ id: follows.id, followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.artistId, artistId), gt(follows.id, afterId)))
    .orderBy(follows.id)
    .limit(limit);

import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, conversationMessages, conversations, invites, users } from '../../db/schema/index.ts';

/** The artwork a report names: enough for the visibility rule and "not your own". */
export async function findArtwork(db: Executor, id: number) {
  const [row] = await db.select({ authorId: artworks.authorId, reachable: artworks.reachable }).from(artworks).where(eq(artworks.id, id)).limit(1);
  return row ?? null;
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findInvite(db: Executor, id: number) {
  const [row] = await db.select({ ownerId: invites.ownerId }).from(invites).where(eq(invites.id, id)).limit(1);
  return row ?? null;
}

/** A message with the two people of its conversation. */
export async function findMessage(db: Executor, id: number) {
  const [row] = await db
    .select({ authorId: conversationMessages.authorId, artistId: conversations.artistId, senderId: conversations.senderId })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(eq(conversationMessages.id, id))
    .limit(1);
  return row ?? null;
}

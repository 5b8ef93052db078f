import { and, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { artworks, contactBlocks, conversationMessages, conversations, reports, users } from '../../db/schema/index.ts';
import { oneRow } from '../../http/rows.ts';
import { safeCover } from '../../domain/artworks/rating.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;

/** The user row locked until the transaction ends: one sender's new conversations are counted one at a time. */
export async function lockUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** An artwork as a conversation names it; a mature work's cover is its blurred copy (issue #31). */
const artworkRefColumns = () => ({
  id: artworks.id,
  authorId: artworks.authorId,
  reachable: artworks.reachable,
  title: artworks.title,
  croppedCover: safeCover(artworks.croppedCover),
});

export async function findArtwork(db: Executor, id: number) {
  const [row] = await db.select(artworkRefColumns()).from(artworks).where(eq(artworks.id, id)).limit(1);
  return row ?? null;
}

export async function findConversation(db: Executor, id: number) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

export async function isBlocked(db: Executor, blockerId: number, blockedId: number): Promise<boolean> {
  const rows = await db
    .select({ b: contactBlocks.blockerId })
    .from(contactBlocks)
    .where(and(eq(contactBlocks.blockerId, blockerId), eq(contactBlocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

export async function setBlock(db: Executor, blockerId: number, blockedId: number, blocked: boolean) {
  if (blocked) await db.insert(contactBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  else await db.delete(contactBlocks).where(and(eq(contactBlocks.blockerId, blockerId), eq(contactBlocks.blockedId, blockedId)));
}

/** Of `others`, the people `viewerId` has blocked. */
export async function blockedAmong(db: Executor, viewerId: number, others: number[]): Promise<Set<number>> {
  if (!others.length) return new Set();
  const rows = await db
    .select({ id: contactBlocks.blockedId })
    .from(contactBlocks)
    .where(and(eq(contactBlocks.blockerId, viewerId), inArray(contactBlocks.blockedId, others)));
  return new Set(rows.map((r) => r.id));
}

/** The sender's conversations started since `since`: how many, and when the oldest of them began. */
export async function startedSince(db: Executor, senderId: number, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${conversations.created})` })
    .from(conversations)
    .where(and(eq(conversations.senderId, senderId), gt(conversations.created, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** How many other artists already received this first message (by its hash) from the sender since `since`. */
export async function artistsWithSameFirstMessage(db: Executor, senderId: number, hash: string, since: Date, exceptArtist: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${conversations.artistId})` })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        eq(conversationMessages.authorId, senderId),
        eq(conversations.senderId, senderId),
        eq(conversationMessages.bodyHash, hash),
        gt(conversationMessages.created, since),
        ne(conversations.artistId, exceptArtist),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertConversation(db: Executor, values: typeof conversations.$inferInsert) {
  const [row] = await db.insert(conversations).values(values).returning();
  return row;
}

export async function insertMessage(db: Executor, values: typeof conversationMessages.$inferInsert) {
  const [row] = await db.insert(conversationMessages).values(values).returning();
  return row;
}

export async function updateConversation(db: Executor, id: number, values: Partial<typeof conversations.$inferInsert>) {
  const [row] = await db.update(conversations).set(values).where(eq(conversations.id, id)).returning();
  return row;
}

/** The viewer's side of the inbox: conversations they are in, archived or not on their side. */
function inboxOf(viewerId: number, archived: boolean): SQL {
  return or(
    and(eq(conversations.artistId, viewerId), eq(conversations.artistArchived, archived)),
    and(eq(conversations.senderId, viewerId), eq(conversations.senderArchived, archived)),
  ) as SQL;
}

export async function pageOfConversations(db: Executor, viewerId: number, archived: boolean, limit: number, offset: number) {
  const where = inboxOf(viewerId, archived);
  const [rows, [total]] = await Promise.all([
    db.select().from(conversations).where(where).orderBy(desc(conversations.lastMessageAt), desc(conversations.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(conversations).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export function usersByIds(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: users.id, username: users.username, name: users.name, slug: users.slug, croppedAvatar: users.croppedAvatar })
    .from(users)
    .where(inArray(users.id, ids));
}

export function artworksByIds(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select(artworkRefColumns()).from(artworks).where(inArray(artworks.id, ids));
}

/** The newest message of each conversation. */
export function lastMessages(db: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as { conversationId: number; body: string; authorId: number; moderationState: 'none' | 'hidden' }[]);
  return db
    .selectDistinctOn([conversationMessages.conversationId], {
      conversationId: conversationMessages.conversationId,
      body: conversationMessages.body,
      authorId: conversationMessages.authorId,
      moderationState: conversationMessages.moderationState,
    })
    .from(conversationMessages)
    .where(inArray(conversationMessages.conversationId, ids))
    .orderBy(conversationMessages.conversationId, desc(conversationMessages.id));
}

/** Per conversation, the messages from the other person that the viewer has not opened. */
export function unreadCounts(db: Executor, viewerId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as { conversationId: number; n: number }[]);
  return db
    .select({ conversationId: conversationMessages.conversationId, n: sql<number>`count(*)::int` })
    .from(conversationMessages)
    .where(and(inArray(conversationMessages.conversationId, ids), ne(conversationMessages.authorId, viewerId), isNull(conversationMessages.readAt)))
    .groupBy(conversationMessages.conversationId);
}

/** Conversations (not archived on the viewer's side) holding a message the viewer has not opened: the top bar's badge. */
export async function unreadConversations(db: Executor, viewerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${conversations.id})::int` })
    .from(conversations)
    .innerJoin(conversationMessages, eq(conversationMessages.conversationId, conversations.id))
    .where(and(inboxOf(viewerId, false), ne(conversationMessages.authorId, viewerId), isNull(conversationMessages.readAt)));
  return Number(row?.n ?? 0);
}

export function messagesOf(db: Executor, conversationId: number) {
  return db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId)).orderBy(conversationMessages.id);
}

export async function markRead(db: Executor, conversationId: number, viewerId: number) {
  await db
    .update(conversationMessages)
    .set({ readAt: new Date() })
    .where(and(eq(conversationMessages.conversationId, conversationId), ne(conversationMessages.authorId, viewerId), isNull(conversationMessages.readAt)));
}

const reporter = alias(users, 'reporter');
const messageOnly = eq(reports.target, 'message');
/** Message reports for the console (issue #31's `reports`, target 'message'): open first, newest first; search the message, the subject and both people's names. */
export async function pageOfReports(db: Executor, search: string, limit: number, offset: number, id?: number) {
  const term = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = id
    ? and(messageOnly, eq(reports.id, id))
    : search
      ? and(
          messageOnly,
          sql`(${conversationMessages.body} ilike ${term} or ${conversations.subject} ilike ${term} or ${users.name} ilike ${term} or ${users.username} ilike ${term})`,
        )
      : messageOnly;
  const base = () =>
    db
      .select({
        report: reports,
        message: { id: conversationMessages.id, body: conversationMessages.body, created: conversationMessages.created },
        conversation: { id: conversations.id, subject: conversations.subject },
        sender: {
          id: users.id,
          username: users.username,
          name: users.name,
          slug: users.slug,
          croppedAvatar: users.croppedAvatar,
          contactSuspended: users.contactSuspended,
        },
        reporter: { id: reporter.id, username: reporter.username, name: reporter.name, slug: reporter.slug, croppedAvatar: reporter.croppedAvatar },
      })
      .from(reports)
      .innerJoin(conversationMessages, eq(conversationMessages.id, reports.targetId))
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .innerJoin(users, eq(users.id, conversationMessages.authorId))
      .innerJoin(reporter, eq(reporter.id, reports.reporterId))
      .where(where);
  const [rows, [total]] = await Promise.all([
    base().orderBy(sql`${reports.status} = 'open' desc`, desc(reports.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(reports)
      .innerJoin(conversationMessages, eq(conversationMessages.id, reports.targetId))
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .innerJoin(users, eq(users.id, conversationMessages.authorId))
      .where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}
export type ReportListRow = Awaited<ReturnType<typeof pageOfReports>>['rows'][number];

export async function updateReport(db: Executor, id: number, values: Partial<typeof reports.$inferInsert>) {
  // A report gone meanwhile: 404 (issue #36).
  return oneRow(
    db
      .update(reports)
      .set(values)
      .where(and(eq(reports.id, id), messageOnly))
      .returning(),
  );
}

export async function findMessage(db: Executor, id: number) {
  const [row] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, id)).limit(1);
  return row ?? null;
}

export async function setContactSuspended(db: Executor, userId: number, suspended: boolean) {
  await db.update(users).set({ contactSuspended: suspended }).where(eq(users.id, userId));
}

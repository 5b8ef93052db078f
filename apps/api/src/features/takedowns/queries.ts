import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, takedowns, users } from '../../db/schema/index.ts';

export type TakedownRow = typeof takedowns.$inferSelect;

/** Notices whose temporary measure is in place (before a decision or the end of the period). */
export const OPEN: TakedownRow['status'][] = ['active', 'countered'];
export const DECIDED: TakedownRow['status'][] = ['removed', 'restored', 'expired'];

export async function findTakedown(db: Executor, id: number, lock = false) {
  const statement = db.select().from(takedowns).where(eq(takedowns.id, id));
  const [row] = lock ? await statement.for('update') : await statement;
  return row ?? null;
}

/**
 * Locks a notice for a change: its artwork's row first, then the notice's, the order in which deleting the artwork
 * takes them (the row, then its `set null` on the notice), so a decision and a deletion at once never deadlock.
 */
export async function lockTakedown(tx: Executor, id: number) {
  const notice = await findTakedown(tx, id);
  if (!notice) return null;
  if (notice.artworkId) await tx.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, notice.artworkId)).for('update');
  return findTakedown(tx, id, true);
}

export async function insertTakedown(tx: Executor, values: typeof takedowns.$inferInsert) {
  const [row] = await tx.insert(takedowns).values(values).returning();
  return row as TakedownRow;
}

export async function updateTakedown(tx: Executor, id: number, values: Partial<TakedownRow>) {
  const [row] = await tx.update(takedowns).set(values).where(eq(takedowns.id, id)).returning();
  return row as TakedownRow;
}

/** The artwork a notice names: its author and whether it is published work (drafts are nobody's to report). */
export async function findNamedArtwork(db: Executor, id: number) {
  const [row] = await db
    .select({ id: artworks.id, title: artworks.title, authorId: artworks.authorId, draft: artworks.draft })
    .from(artworks)
    .where(eq(artworks.id, id));
  return row ?? null;
}

/** Another notice of the same artwork still holding its measure. */
export async function otherOpenNotice(tx: Executor, artworkId: number, exceptId: number) {
  const [row] = await tx
    .select({ id: takedowns.id })
    .from(takedowns)
    .where(and(eq(takedowns.artworkId, artworkId), inArray(takedowns.status, OPEN), ne(takedowns.id, exceptId)))
    .limit(1);
  return row ?? null;
}

/** The confirmed notices of an artwork, oldest first. */
export async function noticesOfArtwork(db: Executor, artworkId: number) {
  return db
    .select()
    .from(takedowns)
    .where(and(eq(takedowns.artworkId, artworkId), ne(takedowns.status, 'unconfirmed')))
    .orderBy(takedowns.id);
}

export async function pageOfTakedowns(db: Executor, statuses: TakedownRow['status'][], limit: number, offset: number) {
  const where = inArray(takedowns.status, statuses);
  const [rows, [total]] = await Promise.all([
    db.select().from(takedowns).where(where).orderBy(takedowns.id).limit(limit).offset(offset),
    db.select({ n: count() }).from(takedowns).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** The works and uploaders these notices name. */
export async function namedWorks(db: Executor, rows: TakedownRow[]) {
  const artworkIds = [...new Set(rows.flatMap((r) => (r.artworkId ? [r.artworkId] : [])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.uploaderId ? [r.uploaderId] : [])))];
  const [works, people] = await Promise.all([
    artworkIds.length
      ? db
          .select({ id: artworks.id, title: artworks.title, croppedCover: artworks.croppedCover, cover: artworks.cover })
          .from(artworks)
          .where(inArray(artworks.id, artworkIds))
      : [],
    userIds.length ? db.select({ id: users.id, name: users.name, slug: users.slug }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  return { works: new Map(works.map((w) => [w.id, w])), people: new Map(people.map((p) => [p.id, p])) };
}
export type Named = Awaited<ReturnType<typeof namedWorks>>;

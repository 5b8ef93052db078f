import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HoldStatus } from '@axoo/contract';
import type { Executor } from '../../db/client.ts';
import { artworks, repostHoldMatches, repostHolds, users } from '../../db/schema/index.ts';

export type HoldRow = typeof repostHolds.$inferSelect;

export async function findHold(db: Executor, id: number, lock = false) {
  const statement = db.select().from(repostHolds).where(eq(repostHolds.id, id));
  const [row] = lock ? await statement.for('update') : await statement;
  return row ?? null;
}

/**
 * Locks a hold for a change: its artwork's row first, then the hold's, the order in which deleting the artwork takes
 * them (the row, then its cascade to the hold), so a decision and a deletion at once never deadlock.
 */
export async function lockHold(tx: Executor, id: number) {
  const hold = await findHold(tx, id);
  if (!hold) return null;
  await tx.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, hold.artworkId)).for('update');
  return findHold(tx, id, true);
}

/** The artwork's latest hold (open or decided). */
export async function latestHoldOf(db: Executor, artworkId: number) {
  const [row] = await db.select().from(repostHolds).where(eq(repostHolds.artworkId, artworkId)).orderBy(desc(repostHolds.id)).limit(1);
  return row ?? null;
}

export async function pageOfHolds(db: Executor, status: HoldStatus, limit: number, offset: number) {
  const where = eq(repostHolds.status, status);
  const [rows, [total]] = await Promise.all([
    db.select().from(repostHolds).where(where).orderBy(repostHolds.id).limit(limit).offset(offset),
    db.select({ n: count() }).from(repostHolds).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

const originals = alias(artworks, 'originals');
const originalAuthors = alias(users, 'original_authors');

/** The matches of these holds with their original works and artists. */
export async function matchesOf(db: Executor, holdIds: number[]) {
  if (!holdIds.length) return [];
  return db
    .select({
      id: repostHoldMatches.id,
      holdId: repostHoldMatches.holdId,
      imageKey: repostHoldMatches.imageKey,
      originalImage: repostHoldMatches.originalImage,
      dhashBits: repostHoldMatches.dhashBits,
      phashBits: repostHoldMatches.phashBits,
      answer: repostHoldMatches.answer,
      original: { id: originals.id, title: originals.title, cover: originals.croppedCover },
      originalRating: originals.rating,
      originalBlurred: originals.blurredCover,
      author: { id: originalAuthors.id, name: originalAuthors.name, slug: originalAuthors.slug },
    })
    .from(repostHoldMatches)
    .innerJoin(originals, eq(originals.id, repostHoldMatches.originalId))
    .innerJoin(originalAuthors, eq(originalAuthors.id, repostHoldMatches.originalAuthorId))
    .where(inArray(repostHoldMatches.holdId, holdIds))
    .orderBy(repostHoldMatches.id);
}
export type MatchRow = Awaited<ReturnType<typeof matchesOf>>[number];

/** The held works with their uploaders. */
export async function heldWorks(db: Executor, artworkIds: number[]) {
  if (!artworkIds.length) return [];
  return db
    .select({
      id: artworks.id,
      title: artworks.title,
      cover: artworks.croppedCover,
      cover_full: artworks.cover,
      rating: artworks.rating,
      blurredCover: artworks.blurredCover,
      author: { id: users.id, name: users.name, slug: users.slug },
    })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.authorId))
    .where(inArray(artworks.id, artworkIds));
}
export type HeldWork = Awaited<ReturnType<typeof heldWorks>>[number];

export async function answerMatch(tx: Executor, holdId: number, authorId: number, answer: 'allowed' | 'reported', reportId: number | null = null) {
  await tx
    .update(repostHoldMatches)
    .set({ answer, reportId, answeredAt: new Date() })
    .where(and(eq(repostHoldMatches.holdId, holdId), eq(repostHoldMatches.originalAuthorId, authorId)));
}

export async function decideHold(tx: Executor, id: number, values: Partial<HoldRow>) {
  await tx.update(repostHolds).set(values).where(eq(repostHolds.id, id));
}

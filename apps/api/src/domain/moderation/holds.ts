import { asLang, holdPath, REPOST_REASON } from '@axoo/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { artworks, repostHoldMatches, repostHolds, users } from '../../db/schema/index.ts';
import { siteOrigin } from '../../http/paging.ts';
import { queueMail } from '../../mail/queue.ts';
import { catalogueMail } from '../../mail/templates.ts';
import { findNearCopies, hashesOf, type NearCopy } from '../artworks/near-copies.ts';
import { notify } from '../notifications/notify.ts';

/**
 * Issue #31, repost detection's publish hold: the one rule every path that makes an artwork public calls in its
 * transaction (the editor's save and the import's publish through `saveArtwork`, the scheduled `artworks.publish`
 * job). A work that is now published and not held or hidden, one of whose images is a near copy of another
 * account's visible image (`findNearCopies`), becomes `held` with reason `possible_repost` in the same transaction,
 * so it is never listed; its uploader and each matched artist are told (a notice, and the artist a mail in their
 * language). Originals a past hold of the same work was released for (by their artist or staff) hold it no more.
 */

export type HoldConfig = Pick<Config, 'SITE_NAME' | 'PUBLIC_URL' | 'PORT'>;

const closeness = (c: NearCopy) => c.dhashBits + c.phashBits;

/**
 * Works this one was already cleared against, either way round: the originals of its released holds, and the works
 * held against it that were released (an allowed copy does not hold its original when the original is edited).
 */
async function clearedOriginals(tx: Executor, artworkId: number): Promise<Set<number>> {
  const rows = await tx
    .select({ held: repostHolds.artworkId, original: repostHoldMatches.originalId })
    .from(repostHoldMatches)
    .innerJoin(repostHolds, eq(repostHolds.id, repostHoldMatches.holdId))
    .where(and(eq(repostHolds.status, 'released'), or(eq(repostHolds.artworkId, artworkId), eq(repostHoldMatches.originalId, artworkId))));
  return new Set(rows.map((r) => (r.held === artworkId ? r.original : r.held)));
}

/** For each original work, the closest pair of images (the held work's image, the original's). */
async function originalsMatched(tx: Executor, artworkId: number, authorId: number) {
  const cleared = await clearedOriginals(tx, artworkId);
  const found = new Map<number, { imageKey: string; copy: NearCopy }>();
  for (const { imageKey, pair } of await hashesOf(tx, artworkId)) {
    for (const copy of await findNearCopies(tx, pair, { excludeAuthorId: authorId })) {
      if (cleared.has(copy.artworkId)) continue;
      const before = found.get(copy.artworkId);
      if (!before || closeness(copy) < closeness(before.copy)) found.set(copy.artworkId, { imageKey, copy });
    }
  }
  return [...found.values()];
}

/** Holds the artwork when it is public now and a near copy of another account's work; answers the hold's id or null. */
export async function holdIfRepost(tx: Executor, config: HoldConfig, artworkId: number): Promise<number | null> {
  const [work] = await tx
    .select({ authorId: artworks.authorId, title: artworks.title, published: artworks.published, draft: artworks.draft, state: artworks.moderationState })
    .from(artworks)
    .where(eq(artworks.id, artworkId))
    .for('update');
  if (!work?.published || work.draft || work.state !== 'none') return null;
  const matched = await originalsMatched(tx, artworkId, work.authorId);
  if (!matched.length) return null;
  const [hold] = await tx.insert(repostHolds).values({ artworkId, uploaderId: work.authorId }).returning({ id: repostHolds.id });
  if (!hold) return null;
  await tx.insert(repostHoldMatches).values(
    matched.map(({ imageKey, copy }) => ({
      holdId: hold.id,
      imageKey,
      originalId: copy.artworkId,
      originalAuthorId: copy.authorId,
      originalImage: copy.imageKey,
      dhashBits: copy.dhashBits,
      phashBits: copy.phashBits,
    })),
  );
  await tx.update(artworks).set({ moderationState: 'held', moderationReason: REPOST_REASON }).where(eq(artworks.id, artworkId));
  await notify(tx, { userId: work.authorId, type: 'repost_held', artworkId, key: `repost_held:${hold.id}` });
  await tellOriginalArtists(tx, config, { holdId: hold.id, artworkId, title: work.title }, matched);
  return hold.id;
}

/** Each matched artist once: a notice (leading to the hold's page) and a mail in their language. */
async function tellOriginalArtists(
  tx: Executor,
  config: HoldConfig,
  held: { holdId: number; artworkId: number; title: string },
  matched: { copy: NearCopy }[],
) {
  const ids = [...new Set(matched.map((m) => m.copy.authorId))];
  const people = await tx.select({ id: users.id, name: users.name, email: users.email, language: users.language }).from(users).where(inArray(users.id, ids));
  for (const person of people) {
    await notify(tx, { userId: person.id, type: 'repost_match', artworkId: held.artworkId, key: `repost_match:${held.holdId}:${person.id}` });
    const original = matched.find((m) => m.copy.authorId === person.id)?.copy.title ?? '';
    const mail = catalogueMail(asLang(person.language), 'reposts.mail.match', {
      site: config.SITE_NAME,
      name: person.name,
      artwork: held.title,
      original,
      url: `${siteOrigin(config)}${holdPath(held.artworkId)}`,
    });
    await queueMail(tx, { to: person.email, ...mail }, { key: `mail:repost_match:${held.holdId}:${person.id}` });
  }
}

/** The artwork's open hold, if any. */
export async function openHoldOf(tx: Executor, artworkId: number) {
  const [row] = await tx
    .select()
    .from(repostHolds)
    .where(and(eq(repostHolds.artworkId, artworkId), eq(repostHolds.status, 'held')))
    .limit(1);
  return row ?? null;
}

/**
 * The state an artwork returns to when a measure on it ends (a takedown restored or expired): `held` again while
 * a repost hold of it is still open, else `none`.
 */
export async function stateAfterMeasure(tx: Executor, artworkId: number) {
  return (await openHoldOf(tx, artworkId))
    ? ({ moderationState: 'held', moderationReason: REPOST_REASON } as const)
    : ({ moderationState: 'none', moderationReason: '' } as const);
}

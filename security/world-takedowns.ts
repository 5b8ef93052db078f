import type { FastifyInstance } from 'fastify';
import { artworks, repostHoldMatches, repostHolds, takedowns } from '../apps/api/src/db/schema/index.ts';
import { confirmToken } from '../apps/api/src/features/takedowns/service.ts';
import { buildArtwork, type UserRow } from '../apps/api/test/factories.ts';
import { eq } from 'drizzle-orm';

/**
 * Issue #31's part of a world: the owner's work held as a possible repost of the premium artist's (its hold), a
 * confirmed takedown notice of the owner's spare work (its measure in place), and an unconfirmed notice with the
 * token its mailed link carries.
 */
export interface TakedownWorld {
  heldWork: number;
  hold: number;
  takedown: number;
  unconfirmed: { id: number; token: string };
}

export async function buildTakedownWorld(app: FastifyInstance, k: number, owner: UserRow, original: UserRow, spare: number): Promise<TakedownWorld> {
  const source = await buildArtwork(app, original, { title: `original-${k}` });
  const held = await buildArtwork(app, owner, { title: `held-${k}` });
  await app.db.update(artworks).set({ moderationState: 'held', moderationReason: 'possible_repost' }).where(eq(artworks.id, held.id));
  const [hold] = await app.db.insert(repostHolds).values({ artworkId: held.id, uploaderId: owner.id }).returning();
  await app.db.insert(repostHoldMatches).values({
    holdId: hold.id,
    imageKey: held.cover,
    originalId: source.id,
    originalAuthorId: original.id,
    originalImage: source.cover,
    dhashBits: 2,
    phashBits: 3,
  });
  const notice = { name: 'Rights Holder', workUrl: `/artwork/${spare}/`, artworkId: spare, original: 'My work', goodFaith: true };
  const [active] = await app.db
    .insert(takedowns)
    .values({
      ...notice,
      email: `holder${k}@example.com`,
      uploaderId: owner.id,
      status: 'active',
      confirmedAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [pending] = await app.db
    .insert(takedowns)
    .values({ ...notice, email: `pending${k}@example.com`, uploaderId: owner.id })
    .returning();
  return { heldWork: held.id, hold: hold.id, takedown: active.id, unconfirmed: { id: pending.id, token: confirmToken(app.config.SECRET_KEY, pending) } };
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { notifications } from '../../db/schema/index.ts';
import { notify } from './notify.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
});
afterAll(() => app.close());

describe('notify (issue #17 seam)', () => {
  it('writes a notice with the transaction, once per key, and never to the actor', async () => {
    const artist = await buildUser(app);
    const fan = await buildUser(app);
    await app.db
      .transaction(async (tx) => {
        await notify(tx, { userId: artist.id, type: 'follow', actorId: fan.id, key: 'follow:lost' });
        throw new Error('the follow failed');
      })
      .catch(() => undefined);
    expect(await notify(app.db, { userId: artist.id, type: 'follow', actorId: fan.id, key: `follow:${fan.id}` })).toBe(true);
    expect(await notify(app.db, { userId: artist.id, type: 'follow', actorId: fan.id, key: `follow:${fan.id}` })).toBe(false);
    expect(await notify(app.db, { userId: artist.id, type: 'collect', actorId: artist.id })).toBe(false);
    const rows = await app.db.select().from(notifications).where(eq(notifications.userId, artist.id));
    expect(rows.map((r) => [r.type, r.actorId, r.key])).toEqual([['follow', fan.id, `follow:${fan.id}`]]);
  });
});

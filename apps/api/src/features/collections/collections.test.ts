import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs } from '../../../test/factories.ts';
import { collections } from '../../db/schema/index.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('collections (SPEC §4 Collect, §7)', () => {
  it('collects, returns the same id when collected again, marks the card and uncollects', async () => {
    const art = await buildArtwork(app, await buildPremium(app));
    const user = await buildUser(app);
    const agent = new Agent(app);
    await loginAs(agent, user);

    const first = await agent.post('/api/v1/collections/', { artwork: art.id });
    expect(first.statusCode).toBe(201);
    const { id } = first.json();
    expect(first.json()).toEqual({ id: expect.any(Number), artwork: art.id });
    const again = await agent.post('/api/v1/collections/', { artwork: art.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(id);
    expect((await agent.get(`/api/v1/artworks/${art.id}/`)).json().collection).toBe(id);

    expect((await agent.delete(`/api/v1/collections/${id}/`)).statusCode).toBe(204);
    const rows = await app.db
      .select()
      .from(collections)
      .where(and(eq(collections.userId, user.id), eq(collections.artworkId, art.id)));
    expect(rows).toHaveLength(0);
    expect((await agent.get(`/api/v1/artworks/${art.id}/`)).json().collection).toBeNull();
    expect((await agent.delete(`/api/v1/collections/${id}/`)).statusCode).toBe(404);
  });

  it('answers a guest with 403 and lets nobody remove another user entry', async () => {
    const art = await buildArtwork(app, await buildPremium(app));
    const guest = new Agent(app, 'ko');
    const refused = await guest.post('/api/v1/collections/', { artwork: art.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: '로그인이 필요합니다.' });
    expect((await guest.post('/api/v1/collections/', {})).statusCode).toBe(403);

    const owner = new Agent(app);
    await loginAs(owner, await buildUser(app));
    const { id } = (await owner.post('/api/v1/collections/', { artwork: art.id })).json();
    expect((await guest.delete(`/api/v1/collections/${id}/`)).statusCode).toBe(403);
    const other = new Agent(app);
    await loginAs(other, await buildUser(app));
    expect((await other.delete(`/api/v1/collections/${id}/`)).statusCode).toBe(404);
    expect(await app.db.select().from(collections).where(eq(collections.id, id))).toHaveLength(1);
  });

  it('only collects artworks the user may see, with per-field messages', async () => {
    const hidden = await buildArtwork(app, await buildUser(app));
    const agent = new Agent(app, 'en');
    await loginAs(agent, await buildUser(app));
    const res = await agent.post('/api/v1/collections/', { artwork: hidden.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ artwork: ['This artwork does not exist.'] });
    expect((await agent.post('/api/v1/collections/', { artwork: 999999 })).json()).toEqual({ artwork: ['This artwork does not exist.'] });
    // Past PostgreSQL's integer (issue #15: the fuzzer's 2^53 - 1 was a 500).
    const huge = await agent.post('/api/v1/collections/', { artwork: Number.MAX_SAFE_INTEGER });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ artwork: ['This artwork does not exist.'] });
    const missing = await agent.post('/api/v1/collections/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ artwork: ['Choose an artwork.'] });
    const wrong = await agent.post('/api/v1/collections/', { artwork: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['artwork']);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { artworks, banners, clients, media } from '../../db/schema/index.ts';

let app: FastifyInstance;
let staff: UserRow;
let premium: UserRow;
let user: UserRow;

beforeAll(async () => {
  app = await buildTestApp();
  staff = await buildStaff(app);
  premium = await buildPremium(app);
  user = await buildUser(app);
});
afterAll(() => app.close());

/** An accepted upload, as the media flow leaves it. */
async function upload(key: string) {
  await app.db.insert(media).values({ key, ownerId: staff.id, contentType: 'image/png', size: 10, width: 10, height: 10, status: 'ready' });
  return key;
}

async function agentFor(who: 'guest' | 'user' | 'premium' | 'staff', lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (who !== 'guest') await loginAs(agent, { user, premium, staff }[who]);
  return agent;
}

const site = async () => (await app.inject({ url: '/api/v1/site/', headers: { 'accept-language': 'en' } })).json();

describe('PATCH /api/v1/artworks/{id}/ level (SPEC §4 Artwork level)', () => {
  beforeEach(async () => {
    await app.db.update(artworks).set({ level: null });
  });

  it('lets staff set 5..1 and clear it; others get 403 whatever they send', async () => {
    const art = await buildArtwork(app, premium);
    for (const who of ['guest', 'user', 'premium'] as const) {
      const agent = await agentFor(who);
      expect((await agent.patch(`/api/v1/artworks/${art.id}/`, { level: 5 })).statusCode).toBe(403);
      expect((await agent.patch(`/api/v1/artworks/${art.id}/`, { level: 9 })).statusCode).toBe(403);
    }
    // The author is not staff either.
    const author = new Agent(app);
    await loginAs(author, premium);
    expect((await author.patch(`/api/v1/artworks/${art.id}/`, { level: 3 })).statusCode).toBe(403);

    const agent = await agentFor('staff');
    for (const level of [5, 4, 3, 2, 1]) {
      const res = await agent.patch(`/api/v1/artworks/${art.id}/`, { level });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: art.id, level });
    }
    const cleared = await agent.patch(`/api/v1/artworks/${art.id}/`, { level: null });
    expect(cleared.json().level).toBeNull();
  });

  it('refuses out-of-range, fractional and missing levels with a 400 in the request language', async () => {
    const art = await buildArtwork(app, premium);
    const en = await agentFor('staff');
    for (const level of [0, 6, -1, 2.5]) {
      const res = await en.patch(`/api/v1/artworks/${art.id}/`, { level });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ level: ['Level must be 1 to 5, or none.'] });
    }
    expect((await en.patch(`/api/v1/artworks/${art.id}/`, { level: 'high' })).statusCode).toBe(400);
    // Issue #34 (1): PATCH takes the author's fields too, so an empty change is the API's "nothing to change".
    expect((await en.patch(`/api/v1/artworks/${art.id}/`, {})).json()).toEqual({
      non_field_errors: ['Nothing to change: the request names no field to update.'],
    });
    const ko = await agentFor('staff', 'ko');
    expect((await ko.patch(`/api/v1/artworks/${art.id}/`, { level: 7 })).json()).toEqual({ level: ['레벨은 1부터 5까지이거나 비워 두어야 합니다.'] });
    expect((await en.patch('/api/v1/artworks/99999999/', { level: 1 })).statusCode).toBe(404);
  });

  it('puts only visible levelled artworks in Best Projects, level desc then id desc, at once', async () => {
    const a = await buildArtwork(app, premium);
    const b = await buildArtwork(app, premium);
    const c = await buildArtwork(app, premium);
    const hiddenAuthor = await buildArtwork(app, user); // author not premium
    const draft = await buildArtwork(app, premium, { draft: true });
    const unpublished = await buildArtwork(app, premium, { published: false });
    const unlevelled = await buildArtwork(app, premium);
    const agent = await agentFor('staff');
    await site(); // warm the 5-second cache: a level change must still show at once
    for (const [art, level] of [
      [a, 3],
      [b, 5],
      [c, 3],
      [hiddenAuthor, 5],
      [draft, 5],
      [unpublished, 5],
    ] as const) {
      expect((await agent.patch(`/api/v1/artworks/${art.id}/`, { level })).statusCode).toBe(200);
    }
    const ids = (await site()).best_projects.map((x: { id: number }) => x.id);
    expect(ids).toEqual([b.id, c.id, a.id]);
    expect(ids).not.toContain(unlevelled.id);

    // Clearing removes it; the served page carries the same list.
    await agent.patch(`/api/v1/artworks/${b.id}/`, { level: null });
    expect((await site()).best_projects.map((x: { id: number }) => x.id)).toEqual([c.id, a.id]);
  });
});

describe('PUT /api/v1/banners/{id}/ and /api/v1/clients/{id}/ (SPEC §7)', () => {
  it('replaces the whole record for staff, 403 for everyone else', async () => {
    const image = await upload('banners/put-1.png');
    const [banner] = await app.db.insert(banners).values({ url: '/gallery/all/', image, level: 1 }).returning();
    const [client] = await app.db.insert(clients).values({ name: 'Acme', url: 'https://acme.example', image, benefit: '10% off', level: 1 }).returning();
    const bannerRecord = { url: '/gallery/all/', image, alt: 'Spring', level: 4 };
    const clientRecord = { name: 'Acme', url: 'https://acme.example', image, benefit: '10% off', level: 2 };
    for (const who of ['guest', 'user', 'premium'] as const) {
      const agent = await agentFor(who);
      expect((await agent.put(`/api/v1/banners/${banner.id}/`, bannerRecord)).statusCode).toBe(403);
      expect((await agent.put(`/api/v1/clients/${client.id}/`, clientRecord)).statusCode).toBe(403);
    }
    const agent = await agentFor('staff');
    const b = await agent.put(`/api/v1/banners/${banner.id}/`, bannerRecord);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual({ id: banner.id, ...bannerRecord });
    const c = await agent.put(`/api/v1/clients/${client.id}/`, clientRecord);
    expect(c.json()).toEqual({ id: client.id, ...clientRecord });
    const data = await site();
    expect(data.banners.find((x: { id: number }) => x.id === banner.id).level).toBe(4);
    expect(data.clients.find((x: { id: number }) => x.id === client.id).level).toBe(2);

    const cleared = await agent.put(`/api/v1/banners/${banner.id}/`, { ...bannerRecord, level: null });
    expect(cleared.json().level).toBeNull();
  });

  it('refuses bad levels, links and unknown images per field', async () => {
    const image = await upload('banners/put-2.png');
    const [banner] = await app.db.insert(banners).values({ image, level: 1 }).returning();
    const [client] = await app.db.insert(clients).values({ image, level: 1 }).returning();
    const agent = await agentFor('staff');
    for (const level of [0, 6, 1.5]) {
      expect((await agent.put(`/api/v1/banners/${banner.id}/`, { image, level })).json()).toEqual({ level: ['Level must be 1 to 5, or none.'] });
      expect((await agent.put(`/api/v1/clients/${client.id}/`, { image, level })).json()).toEqual({ level: ['Level must be 1 to 5, or none.'] });
    }
    const badUrl = await agent.put(`/api/v1/banners/${banner.id}/`, { image, url: 'javascript:alert(1)', level: 1 });
    expect(badUrl.statusCode).toBe(400);
    expect(Object.keys(badUrl.json())).toEqual(['url']);
    const noImage = await agent.put(`/api/v1/clients/${client.id}/`, { image: '', level: 1 });
    expect(noImage.json()).toEqual({ image: ['Upload an image.'] });
    const unknown = await agent.put(`/api/v1/clients/${client.id}/`, { image: 'nowhere/x.png', level: 1 });
    expect(unknown.json()).toEqual({ image: ['The uploaded image was not found. Upload it again.'] });
    expect((await agent.put('/api/v1/banners/99999999/', { image, level: 1 })).statusCode).toBe(404);
  });
});

describe('home ordering (SPEC §9: level descending, then id descending)', () => {
  it('orders banners and clients, unlevelled last', async () => {
    await app.db.delete(banners);
    await app.db.delete(clients);
    const image = await upload('banners/order.png');
    const agent = await agentFor('staff');
    const made: Record<string, number> = {};
    for (const [name, level] of [
      ['a', 2],
      ['b', null],
      ['c', 5],
      ['d', 2],
    ] as const) {
      made[`banner-${name}`] = (await agent.post('/api/v1/admin/banners/', { image, alt: name, level })).json().id;
      made[`client-${name}`] = (await agent.post('/api/v1/admin/clients/', { image, name, level })).json().id;
    }
    const data = await site();
    expect(data.banners.map((b: { alt: string }) => b.alt)).toEqual(['c', 'd', 'a', 'b']);
    expect(data.clients.map((c: { name: string }) => c.name)).toEqual(['c', 'd', 'a', 'b']);
    const table = (await agent.get('/api/v1/admin/banners/')).json();
    expect(table.results.map((b: { alt: string }) => b.alt)).toEqual(['c', 'd', 'a', 'b']);
  });
});

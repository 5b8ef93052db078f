import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildPremium, buildUser } from '../../../test/factories.ts';
import { categories, userCategories } from '../../db/schema/index.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const ids = (res: { json(): { results: { id: number }[] } }) => res.json().results.map((a) => a.id);

describe('GET /api/v1/artists/ (SPEC §7 artists, §2 Gallery Artists type)', () => {
  it('lists premium artists by level, filtered by search and main field, with card fields only', async () => {
    const cats = await app.db.select().from(categories).limit(2);
    const top = await buildPremium(app, { name: '박서준', username: 'seojun.park', level: 5, croppedAvatar: 'avatars/a.png', phone: '010-1234' });
    const plain = await buildPremium(app, { name: 'Mina Lee', username: 'minalee' });
    const outsider = await buildUser(app, { name: 'Outside Person', username: 'outsider' });
    await app.db.insert(userCategories).values({ userId: plain.id, categoryId: cats[1].id });

    const res = await app.inject({ url: '/api/v1/artists/?is_premium=true', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([top.id, plain.id]);
    const card = res.json().results[0];
    expect(card).toEqual({
      id: top.id,
      slug: 'seojunpark',
      username: 'seojun.park',
      name: '박서준',
      is_premium: true,
      avatar: '',
      cropped_avatar: 'avatars/a.png',
      level: 5,
      available_for_hire: null,
      categories: [],
    });
    expect(res.json().results[1].categories).toEqual([{ category: cats[1].category, name: cats[1].nameEn }]);

    expect(ids(await app.inject(`/api/v1/artists/?is_premium=true&search=${encodeURIComponent('서준')}`))).toEqual([top.id]);
    expect(ids(await app.inject(`/api/v1/artists/?is_premium=true&search=${encodeURIComponent('박서준')}`))).toEqual([top.id]);
    expect(ids(await app.inject(`/api/v1/artists/?is_premium=true&search=${encodeURIComponent('박서')}`))).toEqual([top.id]);
    expect(ids(await app.inject('/api/v1/artists/?is_premium=true&search=INALE'))).toEqual([plain.id]);
    expect(ids(await app.inject('/api/v1/artists/?is_premium=true&search=outside'))).toEqual([]);
    expect(ids(await app.inject('/api/v1/artists/?search=outside'))).toEqual([outsider.id]);
    expect(ids(await app.inject(`/api/v1/artists/?is_premium=true&categories__category=${cats[1].category}`))).toEqual([plain.id]);

    const paged = await app.inject('/api/v1/artists/?is_premium=true&limit=1');
    expect(paged.json()).toMatchObject({ count: 2, results: [{ id: top.id }] });
    expect(paged.json().next).toContain('offset=1');

    const bad = await app.inject({ url: '/api/v1/artists/?is_premium=yes', headers: { 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ is_premium: ['Select a valid choice.'] });
  });
});

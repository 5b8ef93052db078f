import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { jobs, media } from '../../db/schema/index.ts';
import { queueMail } from '../../mail/queue.ts';

let app: FastifyInstance;
let staff: UserRow;
let premium: UserRow;
let user: UserRow;
let image: string;

beforeAll(async () => {
  app = await buildTestApp();
  staff = await buildStaff(app, { name: 'Staff Kim' });
  premium = await buildPremium(app, { name: 'Premium Lee' });
  user = await buildUser(app, { name: 'Plain Park', username: 'plain.park' });
  image = 'banners/admin.png';
  await app.db.insert(media).values({ key: image, ownerId: staff.id, contentType: 'image/png', size: 10, width: 10, height: 10, status: 'ready' });
});
afterAll(() => app.close());

async function agentFor(who: 'guest' | 'user' | 'premium' | 'staff', lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (who !== 'guest') await loginAs(agent, { user, premium, staff }[who]);
  return agent;
}
const site = async (lang = 'en') => (await app.inject({ url: '/api/v1/site/', headers: { 'accept-language': lang } })).json();

describe('staff console permissions (issue #7: guests and users get 403 from every endpoint)', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/banners/'],
    ['POST', '/api/v1/admin/banners/', { image: 'banners/admin.png', level: 1 }],
    ['PUT', '/api/v1/admin/banners/1/', { image: 'banners/admin.png', level: 1 }],
    ['DELETE', '/api/v1/admin/banners/1/'],
    ['GET', '/api/v1/admin/clients/'],
    ['POST', '/api/v1/admin/clients/', { image: 'banners/admin.png', level: 1 }],
    ['PUT', '/api/v1/admin/clients/1/', { image: 'banners/admin.png', level: 1 }],
    ['DELETE', '/api/v1/admin/clients/1/'],
    ['GET', '/api/v1/admin/users/'],
    ['GET', '/api/v1/admin/jobs/'],
    ['POST', '/api/v1/admin/jobs/1/retry/'],
    ['PATCH', '/api/v1/admin/users/1/', { is_staff: true }],
    ['GET', '/api/v1/admin/lists/categories/'],
    ['POST', '/api/v1/admin/lists/fields/', { code: 'x', name_ko: 'x', name_en: 'x' }],
    ['PATCH', '/api/v1/admin/lists/concepts/1/', { retired: true }],
    ['PUT', '/api/v1/admin/lists/colors/order/', { ids: [] }],
    ['POST', '/api/v1/admin/presign/', { filename: 'a.png', type: 'image/png', width: 10, height: 10, size: 10 }],
  ];

  it.each(['guest', 'user', 'premium'] as const)('answers 403 to a %s on every endpoint, even with a bad body', async (who) => {
    const agent = await agentFor(who);
    for (const [method, url, payload] of calls) {
      const res = await agent.request({ method: method as 'GET', url, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      const junk = method === 'GET' || method === 'DELETE' ? res : await agent.request({ method: method as 'GET', url, payload: { level: 'x' } });
      expect(junk.statusCode, `${method} ${url} junk`).toBe(403);
    }
  });

  it('lets staff in', async () => {
    const agent = await agentFor('staff');
    for (const [method, url] of calls.filter(([m]) => m === 'GET')) {
      expect((await agent.request({ method: method as 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('banners and clients in the console', () => {
  it('creates, edits with level, searches, pages and deletes', async () => {
    const agent = await agentFor('staff');
    const created = await agent.post('/api/v1/admin/banners/', { url: 'https://shop.example/spring', image, alt: 'Spring sale', level: 3 });
    expect(created.statusCode).toBe(201);
    const banner = created.json();
    expect(banner).toMatchObject({ url: 'https://shop.example/spring', image, alt: 'Spring sale', level: 3 });
    expect((await site()).banners[0].id).toBe(banner.id);

    const edited = await agent.put(`/api/v1/admin/banners/${banner.id}/`, { ...banner, alt: 'Summer', level: 5 });
    expect(edited.json()).toMatchObject({ alt: 'Summer', level: 5 });

    const client = (await agent.post('/api/v1/admin/clients/', { name: 'Acme Paints', url: '/about/', image, benefit: '20% off brushes', level: null })).json();
    expect(client).toMatchObject({ name: 'Acme Paints', benefit: '20% off brushes', level: null });
    for (let i = 0; i < 3; i++) await agent.post('/api/v1/admin/clients/', { name: `Other ${i}`, image, level: 1 });

    const search = (await agent.get('/api/v1/admin/clients/?search=brushes')).json();
    expect(search.results.map((c: { id: number }) => c.id)).toEqual([client.id]);
    const page1 = (await agent.get('/api/v1/admin/clients/?limit=2')).json();
    expect(page1.count).toBe(4);
    expect(page1.results).toHaveLength(2);
    expect(page1.next).toContain('offset=2');
    // A search term's LIKE wildcards are literal.
    expect((await agent.get('/api/v1/admin/clients/?search=%25')).json().count).toBe(1);
    expect((await agent.get('/api/v1/admin/clients/?search=_')).json().count).toBe(0);

    expect((await agent.delete(`/api/v1/admin/clients/${client.id}/`)).statusCode).toBe(204);
    expect((await agent.delete(`/api/v1/admin/clients/${client.id}/`)).statusCode).toBe(404);
    expect((await site()).clients.map((c: { id: number }) => c.id)).not.toContain(client.id);
    expect((await agent.delete(`/api/v1/admin/banners/${banner.id}/`)).statusCode).toBe(204);
    expect((await site()).banners.map((b: { id: number }) => b.id)).not.toContain(banner.id);
  });

  it('answers per-field 400s in Korean by default', async () => {
    const agent = await agentFor('staff', 'ko');
    const res = await agent.post('/api/v1/admin/clients/', { name: 'x'.repeat(201), url: 'ftp://x', image: '', benefit: 'y'.repeat(301), level: 8 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['200자 이하로 입력하세요.'],
      url: ['/로 시작하는 경로나 http(s):// 주소를 입력하세요.'],
      image: ['이미지를 올려주세요.'],
      benefit: ['300자 이하로 입력하세요.'],
      level: ['레벨은 1부터 5까지이거나 비워 두어야 합니다.'],
    });
    expect((await agent.post('/api/v1/admin/banners/', { image })).json()).toEqual({ level: ['필수 항목입니다.'] });
  });
});

describe('image upload for the console (SPEC §4 Image upload)', () => {
  it('presigns an image for staff and refuses other types per field', async () => {
    const agent = await agentFor('staff');
    const res = await agent.post('/api/v1/admin/presign/', { filename: 'logo.png', type: 'image/png', width: 200, height: 100, size: 1000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: expect.any(String), filename: expect.stringMatching(/^site\/.+\.png$/) });
    const bad = await agent.post('/api/v1/admin/presign/', { filename: 'logo.svg', type: 'image/svg+xml' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['type']);
    // Presigned but never uploaded: not usable on a banner yet.
    const pending = res.json().filename;
    expect((await agent.post('/api/v1/admin/banners/', { image: pending, level: 1 })).json()).toEqual({
      image: ['The uploaded image was not found. Upload it again.'],
    });
  });
});

describe('members', () => {
  it('searches by name, e-mail or username, paged', async () => {
    const agent = await agentFor('staff');
    expect((await agent.get('/api/v1/admin/users/?search=plain.park')).json().results.map((m: { id: number }) => m.id)).toEqual([user.id]);
    expect((await agent.get('/api/v1/admin/users/?search=premium%20lee')).json().results.map((m: { id: number }) => m.id)).toEqual([premium.id]);
    expect((await agent.get(`/api/v1/admin/users/?search=${encodeURIComponent(staff.email)}`)).json().results[0].id).toBe(staff.id);
    const all = (await agent.get('/api/v1/admin/users/?limit=1')).json();
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all.results[0]).not.toHaveProperty('password');
  });

  it('grants premium (artworks become visible), staff, and sets the artist level 0-5', async () => {
    const member = await buildUser(app);
    const art = await buildArtwork(app, member, { level: 4 });
    const agent = await agentFor('staff');
    expect((await site()).best_projects.map((a: { id: number }) => a.id)).not.toContain(art.id);

    const granted = await agent.patch(`/api/v1/admin/users/${member.id}/`, { is_premium: true, level: 5 });
    expect(granted.json()).toMatchObject({ is_premium: true, level: 5, is_staff: false });
    const best = (await site()).best_projects.find((a: { id: number }) => a.id === art.id);
    expect(best.author.level).toBe(5);

    expect((await agent.patch(`/api/v1/admin/users/${member.id}/`, { is_staff: true })).json().is_staff).toBe(true);
    expect((await agent.patch(`/api/v1/admin/users/${member.id}/`, { is_staff: false, level: 0 })).json()).toMatchObject({ is_staff: false, level: 0 });
    expect((await agent.patch(`/api/v1/admin/users/${member.id}/`, { is_premium: false })).json().is_premium).toBe(false);
    expect((await site()).best_projects.map((a: { id: number }) => a.id)).not.toContain(art.id);

    for (const level of [-1, 6, 2.5]) {
      const res = await agent.patch(`/api/v1/admin/users/${member.id}/`, { level });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ level: ['Artist level must be 0 to 5.'] });
    }
    expect((await agent.patch('/api/v1/admin/users/99999999/', { level: 1 })).statusCode).toBe(404);
    const self = await agent.patch(`/api/v1/admin/users/${staff.id}/`, { is_staff: false });
    expect(self.json()).toEqual({ is_staff: ['You cannot remove your own staff access.'] });
  });
});

describe('taxonomy lists', () => {
  it('adds, renames in both languages, marks primary, reorders and retires', async () => {
    const agent = await agentFor('staff');
    const added = await agent.post('/api/v1/admin/lists/categories/', { code: 'ceramics', name_ko: '도자', name_en: 'Ceramics', is_primary: true });
    expect(added.statusCode).toBe(201);
    const item = added.json();
    expect(item).toMatchObject({ code: 'ceramics', is_primary: true, retired: false });
    let data = await site();
    expect(data.categories.at(-1)).toMatchObject({ category: 'ceramics', name: 'Ceramics' });
    expect(data.primary_categories).toContain('ceramics');

    expect((await agent.post('/api/v1/admin/lists/categories/', { code: 'ceramics', name_ko: 'a', name_en: 'b' })).json()).toEqual({
      code: ['This code is already in use.'],
    });
    expect((await agent.post('/api/v1/admin/lists/fields/', { code: 'Bad Code', name_ko: 'a', name_en: 'b' })).json()).toEqual({
      code: ['Use lowercase letters, numbers and hyphens only.'],
    });
    expect((await agent.post('/api/v1/admin/lists/colors/', { code: 'red', name_ko: 'a', name_en: 'b' })).json()).toEqual({
      code: ['Enter a colour as #RRGGBB.'],
    });
    const color = (await agent.post('/api/v1/admin/lists/colors/', { code: '#a1b2c3', name_ko: '회청', name_en: 'Grey blue' })).json();
    expect(color.code).toBe('#A1B2C3');
    expect((await agent.post('/api/v1/admin/lists/tags/', { code: 'x', name_ko: 'a', name_en: 'b' })).statusCode).toBe(400);

    const renamed = await agent.patch(`/api/v1/admin/lists/categories/${item.id}/`, { name_ko: '세라믹', name_en: 'Ceramic art', is_primary: false });
    expect(renamed.json()).toMatchObject({ name_ko: '세라믹', name_en: 'Ceramic art', is_primary: false });
    data = await site('ko');
    expect(data.categories.find((c: { category: string }) => c.category === 'ceramics').name).toBe('세라믹');
    expect(data.primary_categories).not.toContain('ceramics');

    const list = (await agent.get('/api/v1/admin/lists/categories/')).json() as { id: number }[];
    const reversed = list.map((c) => c.id).reverse();
    const reordered = await agent.put('/api/v1/admin/lists/categories/order/', { ids: reversed });
    expect(reordered.json().map((c: { id: number }) => c.id)).toEqual(reversed);
    expect((await site()).categories[0].category).toBe('ceramics');
    const partial = await agent.put('/api/v1/admin/lists/categories/order/', { ids: reversed.slice(1) });
    expect(partial.json()).toEqual({ ids: ['The order must name every item of the list exactly once.'] });
    expect((await agent.put('/api/v1/admin/lists/categories/order/', { ids: [...reversed.slice(1), reversed[1]] })).statusCode).toBe(400);

    const retired = await agent.patch(`/api/v1/admin/lists/categories/${item.id}/`, { retired: true });
    expect(retired.json().retired).toBe(true);
    expect((await site()).categories.map((c: { category: string }) => c.category)).not.toContain('ceramics');
    // Still in the console, so it can be restored.
    expect((await agent.get('/api/v1/admin/lists/categories/')).json().some((c: { id: number }) => c.id === item.id)).toBe(true);
    expect((await agent.patch(`/api/v1/admin/lists/categories/${item.id}/`, { name_en: '' })).json()).toEqual({ name_en: ['This field is required.'] });
    expect((await agent.patch('/api/v1/admin/lists/fields/99999/', { retired: true })).statusCode).toBe(404);
  });
});

describe('failed background jobs (issue #13: a mail that fails 5 times is kept and visible to staff)', () => {
  it('lists a mail that failed its last try, without its body, and sends it again on retry', async () => {
    const failing = await buildTestApp({ JOBS_POLL_MS: 0, JOBS_RETRY_BASE_MS: 0, SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const boss = await buildStaff(failing);
      await queueMail(failing.db, { to: 'lost@example.com', subject: 'Your reset link', text: 'secret link', html: '<p>secret link</p>' });
      await failing.jobs.drain();
      const agent = new Agent(failing, 'en');
      await loginAs(agent, boss);
      const page = (await agent.get('/api/v1/admin/jobs/?search=lost@')).json();
      expect(page.count).toBe(1);
      expect(page.results[0]).toMatchObject({ kind: 'mail', recipient: 'lost@example.com', subject: 'Your reset link', attempts: 5 });
      expect(page.results[0].last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(JSON.stringify(page)).not.toContain('secret link');
      expect((await agent.get('/api/v1/admin/jobs/?search=nobody')).json().count).toBe(0);

      expect((await agent.post(`/api/v1/admin/jobs/${page.results[0].id}/retry/`)).statusCode).toBe(204);
      const [row] = await failing.db.select().from(jobs).where(eq(jobs.id, page.results[0].id));
      expect(row).toMatchObject({ status: 'queued', attempts: 0 });
      // Only a failed job can be retried.
      expect((await agent.post(`/api/v1/admin/jobs/${page.results[0].id}/retry/`)).statusCode).toBe(404);
    } finally {
      await failing.close();
    }
  });
});

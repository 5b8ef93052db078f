import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent, buildTestApp } from '../../test/app.ts';
import { routeOfPath, routesOf } from '../../test/routes.ts';
import { buildArtwork, buildPremium, buildUser, loginAs } from '../../test/factories.ts';
import { pageViews } from '../db/schema/index.ts';
import { parsePaging, paged } from './paging.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('migrations (DESIGN: same migrations on PGlite and PostgreSQL)', () => {
  it('creates every table and the pg_trgm extension', async () => {
    const rows = await app.db.execute<{ extname: string }>(`select extname from pg_extension where extname = 'pg_trgm'` as never);
    const list = 'rows' in rows ? rows.rows : rows;
    expect(list).toHaveLength(1);
  });

  it('keeps artworks.visible in step with published, draft and the author premium flag', async () => {
    const member = await buildPremium(app);
    const other = await buildUser(app);
    expect((await buildArtwork(app, member)).visible).toBe(true);
    expect((await buildArtwork(app, member, { draft: true })).visible).toBe(false);
    expect((await buildArtwork(app, member, { published: false })).visible).toBe(false);
    expect((await buildArtwork(app, other)).visible).toBe(false);
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    // No Redis and no replica configured: Redis is reported off, replicas not at all (issue #32).
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', redis: 'off' });
  });

  it('stays ready with its Redis down, and says so (issue #32: an optional part)', async () => {
    const withRedis = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ready = await withRedis.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: 'up', redis: 'down' });
    } finally {
      await withRedis.close();
    }
  });
});

describe('errors plugin (DESIGN API conventions)', () => {
  it('answers unknown API paths with a JSON 404 in the request language', async () => {
    const ko = await app.inject({ url: '/api/v1/nothing/' });
    expect(ko.statusCode).toBe(404);
    expect(ko.json()).toEqual({ detail: '찾을 수 없습니다.' });
    const en = await app.inject({ url: '/api/v1/nothing/', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.json()).toEqual({ detail: 'Not found.' });
  });

  it('turns malformed JSON into a 400, never a 500', async () => {
    const agent = new Agent(app);
    const res = await agent.request({ method: 'POST', url: '/api/v1/page-views/', payload: '{"path":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request is malformed.' });
    expect(res.body).not.toContain('at ');
  });

  it('gives per-field messages for schema failures', async () => {
    const agent = new Agent(app, 'ko');
    const res = await agent.post('/api/v1/page-views/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ path: ['필수 항목입니다.'] });
    const long = await agent.post('/api/v1/page-views/', { path: 'x'.repeat(501) });
    expect(long.json()).toEqual({ path: ['500자 이하로 입력하세요.'] });
  });
});

describe('csrf plugin (SPEC §7)', () => {
  it('refuses an unsafe request without the header and accepts it with the cookie echoed', async () => {
    const agent = new Agent(app);
    const refused = await agent.request({ method: 'POST', url: '/api/v1/page-views/', payload: { path: '/' }, csrf: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/CSRF/);
    const accepted = await agent.post('/api/v1/page-views/', { path: '/gallery/all/' });
    expect(accepted.statusCode).toBe(204);
  });

  it('refuses a foreign Origin even with a matching token', async () => {
    const agent = new Agent(app);
    await agent.get('/healthz');
    const res = await agent.post('/api/v1/page-views/', { path: '/' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a request with no csrftoken cookie at all', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/page-views/', payload: { path: '/' }, headers: { 'x-csrftoken': 'a'.repeat(32) } });
    expect(res.statusCode).toBe(403);
  });
});

describe('paging plugin', () => {
  it('clamps limit to 100 and refuses non-numbers with field errors', () => {
    expect(parsePaging({ limit: '1000' })).toEqual({ limit: 100, offset: 0 });
    expect(parsePaging({})).toEqual({ limit: 24, offset: 0 });
    expect(() => parsePaging({ limit: 'abc' })).toThrow();
    expect(() => parsePaging({ limit: '0' })).toThrow();
    expect(() => parsePaging({ offset: '-1' })).toThrow();
  });

  it('builds absolute next and previous links that keep other query parameters', async () => {
    const request = { url: '/api/v1/artworks/?search=cat&limit=10&offset=10', protocol: 'http', host: 'localhost:8080', server: app } as never;
    const page = paged(request, { limit: 10, offset: 10 }, 35, []);
    expect(page.next).toBe('http://localhost:8080/api/v1/artworks/?search=cat&limit=10&offset=20');
    expect(page.previous).toBe('http://localhost:8080/api/v1/artworks/?search=cat&limit=10');
    expect(paged(request, { limit: 10, offset: 30 }, 35, []).next).toBeNull();
  });
});

describe('site data and page views', () => {
  it('serves the seeded bilingual lists', async () => {
    const body = (await app.inject({ url: '/api/v1/site/', headers: { 'accept-language': 'en' } })).json();
    const shape = z.object({
      categories: z.array(z.object({ id: z.number(), category: z.string(), name: z.string() })).min(8),
      primary_categories: z.array(z.string()).min(1),
      fields: z.array(z.object({ field: z.string() })).min(1),
      concepts: z.array(z.object({ concept: z.string() })).min(1),
      colors: z.array(z.object({ id: z.number(), code: z.string().regex(/^#[0-9A-F]{6}$/i) })).min(1),
      user: z.null(),
    });
    expect(() => shape.parse(body)).not.toThrow();
    expect(body.categories.find((c: { category: string }) => c.category === 'painting').name).toBe('Painting');
  });

  it('inlines the same data and the current user into the served page', async () => {
    const user = await buildUser(app, { name: '김민지' });
    const agent = new Agent(app, 'ko');
    await loginAs(agent, user);
    const res = await agent.get('/gallery/all/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const json = /<script id="__SITE_DATA__" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1];
    const data = JSON.parse(json ?? 'null');
    expect(data.user.name).toBe('김민지');
    expect(data.categories.length).toBeGreaterThan(0);
  });

  it('records a page view with the user', async () => {
    const user = await buildUser(app);
    const agent = new Agent(app);
    await loginAs(agent, user);
    expect((await agent.post('/api/v1/page-views/', { path: '/about/' })).statusCode).toBe(204);
    const rows = await app.db.select().from(pageViews);
    expect(rows.some((r) => r.path === '/about/' && r.userId === user.id)).toBe(true);
  });
});

describe('security headers', () => {
  it('sends CSP, frame, sniffing and referrer headers', async () => {
    const res = await app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves the OpenAPI document: every operation is a route of the app, and every API route is documented', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths: Record<string, Record<string, unknown>> = res.json().paths;
    const operations = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => [method.toUpperCase(), routeOfPath(path)] as const));
    for (const [method, path] of operations) {
      expect(app.hasRoute({ method: method as 'GET', url: path }), `${method} ${path}`).toBe(true);
    }
    const documented = new Set(operations.map(([method, path]) => `${method} ${path}`));
    const undocumented = routesOf(app)
      .filter((r) => r.url.startsWith('/api/v1/') || r.url.startsWith('/accounts/'))
      .filter((r) => !documented.has(`${r.method} ${r.url}`));
    expect(routesOf(app)).toContainEqual({ method: 'PUT', url: '/api/v1/artworks/:id/' });
    expect(undocumented).toEqual([]);
    expect(operations.length).toBeGreaterThan(60);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Demo, makeDemo } from '../../../bench/demo.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedTaxonomy } from '../src/db/seed.ts';
import { Agent } from './app.ts';

/**
 * Issue #29: `npm run demo` starts the product on a data set of its own. A small one (30 artworks) made into a
 * fresh folder, then the server's own start (migrations, lists, app) on that folder: the gallery and the home page
 * show work, the brand has an open call in each status, and the printed logins log in.
 */
const root = mkdtempSync(join(tmpdir(), 'axoo-demo-test-'));
const dir = join(root, 'demo');
let demo: Demo;
let app: FastifyInstance;

beforeAll(async () => {
  demo = await makeDemo({ dir, artworks: 30, artists: 8, covers: 2 });
  const config = loadConfig({ LOG_LEVEL: 'silent' }, { DATA_DIR: dir, SECRET_KEY: 'test-secret-key-test-secret-key-0123456789' });
  const database = await openDatabase({ url: undefined, pgliteDir: config.pgliteDir });
  await database.migrate();
  await seedTaxonomy(database.db);
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  // About 20 s of CPU (most of it the embedded database's first start, as every test app's); more on a busy machine.
}, 180_000);

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

const login = async (role: 'staff' | 'brand' | 'artist') => {
  const { email, password } = demo.logins.find((l) => l.role === role) ?? { email: '', password: '' };
  const agent = new Agent(app, 'ko');
  const res = await agent.post('/accounts/login/', { email, password });
  expect(res.statusCode, `${role} logs in`).toBe(200);
  return agent;
};

describe('npm run demo (issue #29)', () => {
  it('fills the gallery with visible work titled in Korean and English, and the home page', async () => {
    expect(demo).toMatchObject({ reused: false, artworks: 30, artists: 8 });
    const gallery = (await new Agent(app).get('/api/v1/artworks/?limit=100')).json();
    expect(gallery.count).toBeGreaterThan(15);
    const titles: string[] = gallery.results.map((a: { title: string }) => a.title);
    expect(titles.some((t) => /[가-힣]/.test(t))).toBe(true);
    expect(titles.some((t) => /^[A-Za-z]/.test(t))).toBe(true);
    const cover = gallery.results[0].cropped_cover as string;
    expect((await app.inject({ url: `/media/${cover}` })).statusCode).toBe(200);
    const artists = (await new Agent(app).get('/api/v1/artists/?limit=100')).json();
    expect(artists.count).toBeGreaterThan(0);
    const site = (await new Agent(app).get('/api/v1/site/')).json();
    expect(site.best_projects.length).toBeGreaterThan(0);
    expect(site.banners.length).toBeGreaterThan(0);
  });

  it('has the brand’s open call in each status, with submissions and a published selection', async () => {
    const staff = await login('staff');
    expect((await staff.get('/api/v1/users/me/')).json()).toMatchObject({ is_staff: true });
    const calls = (await staff.get('/api/v1/invites/')).json().results as { id: number; status: string }[];
    expect(calls.map((c) => c.status).sort()).toEqual(['examination', 'ongoing', 'review', 'selection']);
    const brand = await login('brand');
    const own = (await brand.get('/api/v1/invites/?owner=me')).json();
    expect(own.count).toBe(4);
    for (const call of demo.calls.filter((c) => c.status !== 'review')) {
      const submissions = (await brand.get(`/api/v1/invites/${call.id}/artworks/`)).json();
      expect(submissions.count, call.status).toBe(call.submissions);
      expect(submissions.count, call.status).toBeGreaterThan(0);
    }
    const selection = demo.calls.find((c) => c.status === 'selection');
    const selected = (await new Agent(app).get(`/api/v1/invites/${selection?.id}/artworks/?selected=true`)).json();
    expect(selected.count).toBe(3);
  });

  it('logs in the artist it prints, whose follows show on the profile counts', async () => {
    const artist = await login('artist');
    expect((await artist.get('/api/v1/users/me/')).statusCode).toBe(200);
    const follows = await app.db.execute('select count(*)::int as n from follows');
    expect(Number((follows.rows[0] as { n: number }).n)).toBeGreaterThan(0);
  });

  it('reuses a folder that holds the demo and refuses one that holds anything else', async () => {
    const again = await makeDemo({ dir });
    expect(again).toMatchObject({ reused: true, logins: demo.logins, calls: demo.calls });
    const other = join(root, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'notes.txt'), 'mine');
    await expect(makeDemo({ dir: other })).rejects.toThrow(/not a demo/);
    await expect(makeDemo({ dir: 'data' })).rejects.toThrow(/never goes into \.\/data/);
  });
});

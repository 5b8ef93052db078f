import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks } from '../apps/api/src/db/schema/index.ts';
import { buildUser } from '../apps/api/test/factories.ts';
import { makeImage } from '../apps/api/test/images.ts';
import { makeZip } from '../apps/api/test/zip.ts';
import { type Browser, fixtures, openBrowser, screenshot } from './support.ts';

/**
 * Issue #34 journeys (5, 7): an artist imports a ZIP in Korean and sees its drafts and each skipped file's reason;
 * on a phone in English the app is installable (manifest with a maskable icon and a share target, a service worker)
 * and a share-target post opens a new draft holding the shared images.
 */
let db: FastifyInstance;
const browsers: Browser[] = [];
const dir = mkdtempSync(join(tmpdir(), 'axoo-import-e2e-'));

beforeAll(async () => {
  db = await fixtures();
});
afterAll(async () => {
  for (const browser of browsers) await browser.close();
});

describe('bulk import and the installable app (issue #34.5, #34.7)', () => {
  it('imports a ZIP in Korean: progress, one draft per folder, each skipped file with its reason', async () => {
    const artist = await buildUser(db, { username: `importer${Date.now() % 100000}` });
    const png = await makeImage(60, 40);
    const zip = join(dir, 'works.zip');
    writeFileSync(
      zip,
      makeZip([
        { name: '바다/1.png', data: png },
        { name: '바다/2.png', data: png },
        { name: '../escape.png', data: png },
        { name: 'notes.txt', data: Buffer.from('hello') },
      ]),
    );
    const browser = await openBrowser({ lang: 'ko', as: artist });
    browsers.push(browser);
    const { page } = browser;
    await page.goto('/upload/import/');
    await page.getByRole('heading', { name: 'ZIP으로 가져오기' }).waitFor();
    await page.getByLabel('ZIP 파일을 여기에 놓거나 선택하세요').setInputFiles(zip);
    await page.getByText('가져오기가 끝났습니다.').waitFor({ timeout: 30_000 });
    await expect(page.getByText('이미지 2개 중 2개를 가져왔습니다').first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: '바다' }).isVisible()).resolves.toBe(true);
    const skipped = page.getByTestId('import-skipped');
    await expect(skipped.getByText('안전하지 않은 경로입니다', { exact: false }).isVisible()).resolves.toBe(true);
    await expect(skipped.getByText('이미지 파일(JPG, PNG, GIF, WebP)이 아닙니다.').isVisible()).resolves.toBe(true);
    await browser.check('import finished');
    await screenshot(page, 'import-ko');
    const drafts = await db.db.select().from(artworks).where(eq(artworks.authorId, artist.id));
    expect(drafts.map((d) => [d.title, d.draft])).toEqual([['바다', true]]);
  });

  it('on a phone in English: the install manifest is there, and a share-target post opens a new draft with the images', async () => {
    const artist = await buildUser(db, { username: `sharer${Date.now() % 100000}` });
    const image = join(dir, 'gallery.png');
    writeFileSync(image, await makeImage(80, 60));
    const browser = await openBrowser({ lang: 'en', mobile: true, as: artist });
    browsers.push(browser);
    const { page } = browser;
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(href as string)).json();
    expect(manifest).toMatchObject({ name: 'AXOO', display: 'standalone', theme_color: '#111111', share_target: { action: '/share-target/', method: 'POST' } });
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === 'maskable')).toBe(true);
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
    expect(worker).toMatch(/\/sw\.js$/);
    // What the phone's share sheet does: a multipart POST of the images to the manifest's action, from this browser.
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target/';
      form.innerHTML =
        '<input type="hidden" name="title" value="From my phone"><input type="file" name="images" multiple aria-label="images"><button>share</button>';
      form.id = 'share-sheet';
      document.body.append(form);
    });
    await page.locator('#share-sheet input[type=file]').setInputFiles([image, image]);
    await Promise.all([page.waitForURL(/\/upload\/\d+\/$/), page.locator('#share-sheet button').click()]);
    await page.getByTestId('upload-mobile-saved').waitFor();
    await screenshot(page, 'share-target-en-phone');
    const id = Number(/\/upload\/(\d+)\/$/.exec(page.url())?.[1]);
    const [draft] = await db.db.select().from(artworks).where(eq(artworks.id, id));
    expect(draft).toMatchObject({ authorId: artist.id, draft: true, title: 'From my phone' });
    expect(draft.content.match(/<img /g)).toHaveLength(2);
  });
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, media, users } from '../apps/api/src/db/schema/index.ts';
import { renderImage } from '../apps/api/src/media/images.ts';
import { buildArtwork, buildPremium, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, dataDir, fixtures, openBrowser, screenshot } from './support.ts';

/**
 * Issue #34 (6) journeys, in Korean and in English: the author sets a cap of 1280 px and a Korean watermark in the
 * editor and publishes; a guest on a phone (3× screen) opens the project: the body's image is at most 1280 px wide
 * (its srcset offers nothing wider), carries the watermark, and the page names no original; the author downloads
 * the original from the editor, byte for byte as uploaded.
 */
let db: FastifyInstance;
const browsers: Browser[] = [];
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });
const SECRET = 'secretorig';

/** A picture with detail (a gradient), stored as the server keeps an upload: the file and its ready media row. */
async function upload(key: string, ownerId: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600"><defs><linearGradient id="g"><stop offset="0" stop-color="#1b4f72"/><stop offset="1" stop-color="#f5b041"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const bytes = await sharp(Buffer.from(svg)).png().toBuffer();
  const file = join(dataDir(), 'media', key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  await db.db.insert(media).values({ key, ownerId, contentType: 'image/png', size: bytes.length, width: 2400, height: 1600, status: 'ready' });
  return bytes;
}

/** A published project whose images are in its own folder, under names that say they are originals. */
async function project(author: UserRow, title: string) {
  const work = await buildArtwork(db, author, { title });
  const folder = `artworks/${work.id}`;
  const cover = `${folder}/${SECRET}-cover.png`;
  const body = `${folder}/${SECRET}-body.png`;
  const original = await upload(cover, author.id);
  await upload(body, author.id);
  await db.db
    .update(artworks)
    .set({ cover, rawCover: cover, croppedCover: cover, width: 2400, height: 1600, content: `<p><img src="/media/${body}" alt="harbour"></p>` })
    .where(eq(artworks.id, work.id));
  return { id: work.id, original, body };
}

beforeAll(async () => {
  db = await fixtures();
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

const journeys = [
  { lang: 'ko', width: '1280px', tiled: '이미지 전체에 반복', mark: '© 김하나 작가', publish: 'PUBLISHING' },
  { lang: 'en', width: '1280 px', tiled: 'Tiled over the image', mark: '하나의 바다 © Hana', publish: 'PUBLISHING' },
] as const;

describe('image protection (issue #34.6)', () => {
  it.each(journeys)('$lang: cap and Korean watermark in the editor, a guest on a phone, the author downloads the original', async (j) => {
    const n = Date.now() % 100000;
    const author = await buildPremium(db, { username: `guard${j.lang}${n}`, name: `Guard ${j.lang}` });
    const work = await project(author, `Harbour ${j.lang} ${n}`);

    // The author, in the editor on a desktop.
    const desk = await openBrowser({ lang: j.lang, as: author, width: 1366 });
    browsers.push(desk);
    const { page } = desk;
    await page.goto(`/upload/${work.id}/`);
    const fields = page.getByTestId('upload-protection');
    await fields.waitFor();
    await fields.getByRole('combobox').first().selectOption({ label: j.width });
    await page.getByTestId('upload-watermark').check();
    const text = page.locator('#upload-watermark-text');
    await text.fill(j.mark);
    await page.locator('#upload-watermark-position').selectOption({ label: j.tiled });
    await desk.check(`protection fields (${j.lang})`);
    await fields.scrollIntoViewIfNeeded();
    await screenshot(page, `protection-editor-${j.lang}-1366`);
    await page.getByTestId('publish').click();
    await until(async () => (await db.db.select().from(artworks).where(eq(artworks.id, work.id)))[0].maxPublicWidth).toBe(1280);
    const [row] = await db.db.select().from(artworks).where(eq(artworks.id, work.id));
    expect(row.watermark).toEqual({ text: j.mark, position: 'tiled', opacity: 0.6 });

    // A guest on a phone with a 3× screen: 390 css px want a 1170-px image, so the cap is what it gets.
    const phone = await openBrowser({ lang: j.lang, mobile: true, deviceScaleFactor: 3 });
    browsers.push(phone);
    const guest = phone.page;
    await guest.goto(`/artwork/${work.id}/`);
    const image = guest.locator('img[alt="harbour"]');
    await until(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const seen = await image.evaluate((img: HTMLImageElement) => ({ natural: img.naturalWidth, src: img.currentSrc, srcset: img.srcset }));
    // A srcset image's natural width is in css px (the file's width over its density): the file's own width is read below.
    expect(seen.natural).toBeLessThanOrEqual(1280);
    const offered = [...seen.srcset.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
    expect(Math.max(...offered)).toBe(1280);
    expect(seen.src).toMatch(new RegExp(`/media/artworks/${work.id}/p/[0-9a-f]{32}\\.png\\?w=1280$`));
    expect(await guest.content()).not.toContain(SECRET);
    await screenshot(guest, `protection-guest-${j.lang}-phone`);
    // The watermark is on the image the guest got: it differs from the same rendition of the original without it.
    const fetched = await guest.request.get(seen.src, { headers: { accept: 'image/png' } });
    expect(fetched.status()).toBe(200);
    const shown = await fetched.body();
    expect((await sharp(shown).metadata()).width).toBe(1280);
    const plain = await renderImage(readFileSync(join(dataDir(), 'media', work.body)), 1280, 'png');
    const [a, b] = await Promise.all([shown, plain].map((x) => sharp(x).removeAlpha().raw().toBuffer()));
    let marked = 0;
    for (let i = 0; i < a.length; i += 3) if (Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2])) > 24) marked++;
    expect(marked / (a.length / 3)).toBeGreaterThan(0.02);
    writeFileSync(join(import.meta.dirname, 'screenshots', `protection-watermark-${j.lang}.png`), shown);
    // The original's own address answers the guest nothing.
    expect((await guest.request.get(`/media/${work.body}`)).status()).toBe(404);
    expect((await guest.request.get(`/api/v1/artworks/${work.id}/original/`)).status()).toBe(403);

    // The author downloads the original from the editor.
    await page.goto(`/upload/${work.id}/`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-original').click()]);
    const path = await download.path();
    expect(Buffer.compare(readFileSync(path), work.original)).toBe(0);

    // On the account page, on a phone: the width new projects start with, saved as soon as it is chosen.
    const own = await openBrowser({ lang: j.lang, mobile: true, as: author });
    browsers.push(own);
    await own.page.goto('/accounts/');
    const setting = own.page.getByTestId('max-public-width-default');
    await setting.selectOption({ label: j.width });
    await until(async () => (await db.db.select().from(users).where(eq(users.id, author.id)))[0].maxPublicWidth).toBe(1280);
    await setting.scrollIntoViewIfNeeded();
    await own.check(`protection setting (${j.lang})`);
    await screenshot(own.page, `protection-account-${j.lang}-phone`);
    expect(await own.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

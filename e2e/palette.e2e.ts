import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkPalettes } from '../apps/api/src/db/schema/index.ts';
import { PALETTE_BACKFILL_JOB } from '../apps/api/src/features/artworks/palette.ts';
import { enqueue } from '../apps/api/src/jobs/queue.ts';
import { buildArtwork, buildPremium } from '../apps/api/test/factories.ts';
import { type Browser, dataDir, fixtures, openBrowser, screenshot } from './support.ts';

// Issue #18 journey: covers get their palettes from the backfill job the server runs; a visitor picks a colour in
// the gallery's palette filter (by keyboard, with the #rrggbb field) and finds the artwork whose cover holds it.
let db: FastifyInstance;
const browsers: Browser[] = [];
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

/** A cover written where the server's local storage keeps it (DATA_DIR/media/<key>). */
async function cover(key: string, svg: string) {
  const file = join(dataDir(), 'media', key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="960" height="668">${svg}</svg>`))
      .png()
      .toBuffer(),
  );
  return key;
}

beforeAll(async () => {
  db = await fixtures();
  const painter = await buildPremium(db, { name: 'Colour Painter', username: 'colour.painter' });
  const red = await cover('e2e-palette/crimson.png', '<rect width="960" height="668" fill="#d62020"/><circle cx="700" cy="330" r="120" fill="#f4e4c8"/>');
  const blue = await cover('e2e-palette/blue.png', '<rect width="960" height="668" fill="#2040d0"/><rect y="500" width="960" height="168" fill="#0d1a4a"/>');
  const ids = [
    (await buildArtwork(db, painter, { title: 'Crimson field', cover: red, croppedCover: red, rawCover: red })).id,
    (await buildArtwork(db, painter, { title: 'Blue hour', cover: blue, croppedCover: blue, rawCover: blue })).id,
  ];
  // The server's worker runs the pass (it is also queued at start-up when an artwork lacks a palette).
  await enqueue(db.db, PALETTE_BACKFILL_JOB, {});
  const filled = async () => new Set((await db.db.select().from(artworkPalettes).where(inArray(artworkPalettes.artworkId, ids))).map((r) => r.artworkId)).size;
  for (let i = 0; i < 100 && (await filled()) < 2; i++) await new Promise((r) => setTimeout(r, 200));
  if ((await filled()) < 2) throw new Error('the palette pass did not fill the covers');
});

afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('palette search (issue #18)', () => {
  it('a visitor picks a colour by its code and finds the artwork whose cover holds it', async () => {
    const b = await openBrowser({ lang: 'en' });
    browsers.push(b);
    const { page } = b;
    await page.goto('/gallery/all/');
    const trigger = page.getByRole('button', { name: 'Palette Any' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Palette Any' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The picker's sliders carry the catalogue's names and move with the arrow keys.
    const hue = dialog.getByRole('slider', { name: 'Palette: hue' });
    await hue.focus();
    const before = await hue.getAttribute('aria-valuenow');
    await page.keyboard.press('ArrowRight');
    await until(() => hue.getAttribute('aria-valuenow')).not.toBe(before);
    await b.check('palette dialog open');
    await screenshot(page, 'palette-picker-en');

    const hex = dialog.getByLabel('Colour code (#rrggbb)');
    await hex.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('d82424');
    await page.keyboard.press('Enter');
    await page.waitForURL(/palette=%23d82424/);
    const cards = page.getByTestId('artwork-card');
    await until(() => cards.filter({ hasText: 'Crimson field' }).count()).toBe(1);
    await until(() => cards.filter({ hasText: 'Blue hour' }).count()).toBe(0);
    await until(() => page.getByRole('button', { name: 'Palette #d82424' }).count()).toBe(1);
    // Its own order stands where the ordering select was.
    expect(await page.getByTestId('palette-order').textContent()).toBe('Closest colour first');
    await screenshot(page, 'palette-found-en');

    // Clear takes the filter out of the URL.
    await page.getByRole('button', { name: 'Palette #d82424' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    await until(() => new URL(page.url()).search).toBe('');
  });

  it('the same search from a link, in Korean on a phone', async () => {
    const b = await openBrowser({ lang: 'ko', mobile: true });
    browsers.push(b);
    const { page } = b;
    await page.goto('/gallery/all/?palette=%232040d0');
    const cards = page.getByTestId('artwork-card');
    await until(() => cards.filter({ hasText: 'Blue hour' }).count()).toBe(1);
    await until(() => cards.filter({ hasText: 'Crimson field' }).count()).toBe(0);
    expect(await page.getByTestId('palette-order').textContent()).toBe('가까운 색 순');
    await page.getByRole('button', { name: '팔레트 #2040d0' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('slider', { name: '팔레트: 색상' }).count()).toBe(1);
    await b.check('palette dialog open (ko)');
    await screenshot(page, 'palette-found-ko-phone');
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, artworkVersions, media } from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildPremium, type UserRow } from '../apps/api/test/factories.ts';
import { makeImage } from '../apps/api/test/images.ts';
import { type Browser, dataDir, fixtures, openBrowser, screenshot } from './support.ts';

/**
 * Issue #34 (4) journeys: a published project whose cover, images and title changed after publishing keeps its
 * earlier version; the author restores it from the versions page, in Korean on a phone (where the editor is not
 * offered, the versions are) and in English from the editor's link, by keyboard.
 */
let db: FastifyInstance;
const browsers: Browser[] = [];

/** An upload as the server keeps it: the file in DATA_DIR/media and its ready media row. */
async function upload(key: string, colour: string, ownerId: number) {
  const bytes = await makeImage(480, 320, 'png', colour);
  const file = join(dataDir(), 'media', key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  await db.db.insert(media).values({ key, ownerId, contentType: 'image/png', size: bytes.length, width: 480, height: 320, status: 'ready' });
  return key;
}

/** A published project now showing its second state, with its first kept as version 1. */
async function changedProject(author: UserRow, tag: string) {
  const [a, b, c1, c2] = [
    await upload(`e2e-versions/${tag}/cover-a.png`, '#2060a0', author.id),
    await upload(`e2e-versions/${tag}/cover-b.png`, '#a04020', author.id),
    await upload(`e2e-versions/${tag}/one.png`, '#20a060', author.id),
    await upload(`e2e-versions/${tag}/two.png`, '#6020a0', author.id),
  ];
  const body = (...keys: string[]) => keys.map((k) => `<p><img src="/media/${k}" alt=""></p>`).join('');
  const work = await buildArtwork(db, author, { title: `Harbour, second ${tag}`, cover: b, rawCover: b, croppedCover: b, content: body(c2) });
  await db.db.insert(artworkVersions).values({
    artworkId: work.id,
    version: 1,
    title: `Harbour, first ${tag}`,
    content: body(c1, c2),
    cover: a,
    rawCover: a,
    croppedCover: a,
  });
  return { id: work.id, first: `Harbour, first ${tag}`, a };
}

const row = async (id: number) => (await db.db.select().from(artworks).where(eq(artworks.id, id)))[0];

beforeAll(async () => {
  db = await fixtures();
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('versions (issue #34.4)', () => {
  it('ko, phone: from the upload address to the versions, and restores the first', async () => {
    const author = await buildPremium(db, { username: `versionsko${Date.now() % 100000}` });
    const project = await changedProject(author, `ko${Date.now() % 100000}`);
    const phone = await openBrowser({ lang: 'ko', mobile: true, as: author });
    browsers.push(phone);
    const { page } = phone;
    await page.goto(`/upload/${project.id}/`);
    await page.getByTestId('upload-mobile').waitFor();
    await page.getByRole('link', { name: '이전 버전 보기' }).tap();
    await page.getByTestId('versions-page').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([`버전 1: ${project.first}`]);
    await screenshot(page, 'versions-list-ko-phone');
    await page.getByRole('button', { name: '버전 1(으)로 되돌리기' }).tap();
    await expect.poll(() => page.getByTestId('versions-status').textContent()).toContain('버전 1(으)로 되돌렸습니다');
    // The state it replaced is now a version too.
    await expect.poll(() => page.getByRole('heading', { level: 2 }).count()).toBe(2);
    await screenshot(page, 'versions-restored-ko-phone');
    expect(await row(project.id)).toMatchObject({ title: project.first, cover: project.a, croppedCover: project.a });
    // Nothing of the page overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('en, desktop: the editor links to the versions; restored by keyboard', async () => {
    const author = await buildPremium(db, { username: `versionsen${Date.now() % 100000}` });
    const project = await changedProject(author, `en${Date.now() % 100000}`);
    const desk = await openBrowser({ lang: 'en', as: author });
    browsers.push(desk);
    const { page } = desk;
    await page.goto(`/upload/${project.id}/`);
    const link = page.getByTestId('versions-link');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('versions-page').waitFor();
    await page.getByRole('button', { name: 'Restore version 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('versions-status').textContent()).toContain('Restored version 1');
    await screenshot(page, 'versions-restored-en');
    expect(await row(project.id)).toMatchObject({ title: project.first, cover: project.a });
    await page.getByRole('link', { name: 'Back to editing' }).click();
    await expect.poll(() => page.locator('#upload-title, input[name="title"]').first().inputValue()).toBe(project.first);
  });
});

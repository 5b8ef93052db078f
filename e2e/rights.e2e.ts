import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../apps/api/test/zip.ts';
import { buildPremium, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, baseURL, fillPublishFields, fixtures, imageFile, mailTo, openBrowser, screenshot } from './support.ts';

// Issue #18 journey: an artist writes alt text when reminded, publishes, switches the AI-training opt-out off and
// on and sees the badge change (and the headers follow), then downloads their data from the mailed link.
let db: FastifyInstance;
let artist: UserRow;
const browsers: Browser[] = [];
beforeAll(async () => {
  db = await fixtures();
  artist = await buildPremium(db, { name: 'Rights Artist', email: `rights-${Date.now()}@example.com`, language: 'en' });
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});
const open = async (lang: 'ko' | 'en', mobile = false) => {
  const b = await openBrowser({ lang, mobile, as: artist });
  browsers.push(b);
  return b.page;
};

describe("artists' rights journey (issue #18)", () => {
  let artworkId = 0;

  it('is reminded once of missing alt text, writes it and publishes', async () => {
    const page = await open('en');
    await page.goto('/upload/');
    await page.getByTestId('editor').waitFor();
    await page.getByTestId('editor-file').setInputFiles(await imageFile('content.png', 1200, 800, '#e53935', '#1e88e5'));
    await page.waitForURL(/\/upload\/\d+\/$/, { timeout: 20_000 });
    artworkId = Number(/\/upload\/(\d+)\/$/.exec(page.url())?.[1]);
    await page.getByTestId('cover-file').setInputFiles(await imageFile('cover.png', 1600, 1200, '#e53935', '#1e88e5'));
    await page.getByTestId('crop-done').click();
    await page.locator('img[src*="/media/artworks/"][width="240"]').waitFor({ timeout: 20_000 });
    await fillPublishFields(page, 'Red and blue');

    await page.getByTestId('publish').click();
    const reminder = page.getByRole('dialog');
    await reminder.getByText(/image\(s\) have no alt text/).waitFor();
    await screenshot(page, 'rights-alt-reminder-en');
    await reminder.getByRole('button', { name: 'Add alt text' }).click();
    await page.getByTestId('cover-alt').fill('A red field meeting a blue one');
    await page.locator('[data-testid=editor] img').click();
    await page.getByTestId('alt-input').fill('Detail of the red and blue split');
    await page.getByTestId('publish').click();
    await page.waitForURL(new RegExp(`/${artist.slug}/$`), { timeout: 20_000 });

    const body = await (await fetch(new URL(`/api/v1/artworks/${artworkId}/`, baseURL()))).json();
    expect(body).toMatchObject({ cover_alt: 'A red field meeting a blue one', alt_reminded: true, ai_opt_out: true });
    expect(body.content).toContain('alt="Detail of the red and blue split"');
    const html = await (await fetch(new URL(`/artwork/${artworkId}/`, baseURL()))).text();
    expect(html).toContain('<meta property="og:image:alt" content="A red field meeting a blue one">');
  });

  it('turns the AI-training opt-out off and on; the badge and the headers follow', async () => {
    const page = await open('en');
    const headers = async () => (await fetch(new URL(`/api/v1/artworks/${artworkId}/`, baseURL()))).headers.get('x-robots-tag');
    await page.goto(`/artwork/${artworkId}/`);
    await expect.poll(() => page.getByTestId('ai-badge').textContent(), { timeout: 15_000 }).toBe('No AI training');
    expect(await headers()).toBe('noai, noimageai');
    await screenshot(page, 'rights-badge-reserved-en');

    await page.goto('/accounts/');
    const box = page.getByRole('checkbox', { name: 'Ask that my work not be used to train AI' });
    await expect.poll(() => box.isChecked(), { timeout: 15_000 }).toBe(true);
    // The box follows the saved setting (it changes once the server has it).
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(false);
    await screenshot(page, 'rights-account-en');
    await page.goto(`/artwork/${artworkId}/`);
    await expect.poll(() => page.getByTestId('ai-badge').textContent(), { timeout: 15_000 }).toBe('AI training allowed');
    await expect.poll(headers, { timeout: 5_000 }).toBeNull();
    await screenshot(page, 'rights-badge-allowed-en');

    // Back on, from the artwork's own switch this time.
    await page.getByLabel('AI training', { exact: true }).selectOption('reserve');
    await expect.poll(() => page.getByTestId('ai-badge').textContent(), { timeout: 15_000 }).toBe('No AI training');
    await expect.poll(headers, { timeout: 5_000 }).toBe('noai, noimageai');

    const ko = await open('ko', true);
    await ko.goto('/accounts/');
    await ko.getByRole('checkbox', { name: '내 작품을 AI 학습에 쓰지 않도록 요청합니다' }).waitFor();
    await screenshot(ko, 'rights-account-ko-390');
    await ko.goto(`/artwork/${artworkId}/`);
    await expect.poll(() => ko.getByTestId('ai-badge').textContent(), { timeout: 15_000 }).toBe('AI 학습 거부');
    await screenshot(ko, 'rights-badge-ko-390');
  });

  it('downloads their data from the mailed link', async () => {
    const page = await open('en');
    await page.goto('/accounts/');
    await page.getByRole('button', { name: 'Prepare my data' }).click();
    await page.getByTestId('export-status').getByText('Preparing your data', { exact: false }).waitFor();
    await screenshot(page, 'rights-export-preparing-en');
    let mail = await mailTo(artist.email);
    for (let i = 0; i < 50 && !mail.subject?.includes('ready to download'); i++) {
      await new Promise((r) => setTimeout(r, 300));
      mail = await mailTo(artist.email);
    }
    expect(mail.subject).toContain('ready to download');
    const link = /https?:\/\/\S+\/accounts\/export\/\?\S+/.exec(mail.text ?? '')?.[0] as string;
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    await screenshot(page, 'rights-export-download-en');
    const files = await unzip(readFileSync((await download.path()) as string));
    expect([...files.keys()]).toEqual(expect.arrayContaining(['profile.json', 'artworks.json', 'collections.json', 'applications.json']));
    expect([...files.keys()].filter((f) => f.startsWith(`images/artworks/${artworkId}/`)).length).toBeGreaterThanOrEqual(3);
    const artworks = JSON.parse(files.get('artworks.json')?.toString() ?? '[]');
    expect(artworks[0]).toMatchObject({ id: artworkId, title: 'Red and blue' });
  });
});

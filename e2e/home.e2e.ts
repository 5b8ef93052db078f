import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtwork, buildPremium, buildStaff, buildUser, PASSWORD, type ArtworkRow, type UserRow } from '../apps/api/test/factories.ts';
import { jobs } from '../apps/api/src/db/schema/index.ts';
import { type Browser, fixtures, loginThroughUi, openBrowser, screenshot } from './support.ts';

/** A real PNG with a word on it, so banners and logos look like something in the screenshots. */
async function picture(text: string, width: number, height: number, background: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(height / 4)}" font-weight="bold" fill="#ffffff" text-anchor="middle">${text}</text></svg>`;
  return { name: `${text.toLowerCase().replace(/\W+/g, '-')}.png`, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

async function logIn(page: Page, user: UserRow) {
  await loginThroughUi(page, user.email, PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
}

const bestIds = (page: Page) =>
  page.locator('[data-testid="best-projects"] [data-testid="artwork-card"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-artwork-id'))));

// Issue #7 journey: staff run the home page from the console and the cards (SPEC §2 Home, §4 Artwork level, §9 ordering).
describe('home, curation and the staff console', () => {
  let en: Browser;
  let staff: UserRow;
  let member: UserRow;
  let picked: ArtworkRow;
  let target: ArtworkRow;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    const app = await fixtures();
    staff = await buildStaff(app, { name: 'Staff Han', username: `staff.${stamp}` });
    member = await buildUser(app, { name: 'Member Yoon', username: `member.${stamp}` });
    const artist = await buildPremium(app, { name: 'Artist Seo', username: `artist.${stamp}` });
    picked = await buildArtwork(app, artist, { title: `Picked ${stamp}`, level: 4 });
    target = await buildArtwork(app, artist, { title: `Target ${stamp}` });
    en = await openBrowser({ lang: 'en' });
  });
  afterAll(async () => {
    await en?.close();
  });

  async function addRecord(page: Page, kind: 'banner' | 'partner', fields: Record<string, string>, image: Awaited<ReturnType<typeof picture>>, level: string) {
    await page.getByRole('button', { name: kind === 'banner' ? 'Add banner' : 'Add partner' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(kind === 'banner' ? 'Image (about 2000 × 700)' : 'Logo', { exact: true }).setInputFiles(image);
    await dialog.locator('img').waitFor();
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
    await dialog.getByLabel('Level', { exact: true }).selectOption(level);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('staff create banners and partners in the console; home shows them in level order', async () => {
    const { page } = en;
    await logIn(page, staff);
    await page.goto('/admin/');
    await page.waitForURL('**/admin/banners/');

    // The first made gets the higher level: id order alone would put the second first.
    await addRecord(page, 'banner', { 'Alternative text': 'Spring show', Link: '/gallery/all/' }, await picture('SPRING SHOW', 2000, 700, '#ff4f1f'), '5');
    await addRecord(
      page,
      'banner',
      { 'Alternative text': 'Autumn fair', Link: 'https://fair.example/' },
      await picture('AUTUMN FAIR', 2000, 700, '#1f5fff'),
      '2',
    );
    await page.getByTestId('banners-table').getByText('Autumn fair').waitFor();
    expect(await page.getByTestId('banners-table').locator('tbody tr').count()).toBe(2);

    await page.getByRole('link', { name: 'Partners' }).click();
    await page.waitForURL('**/admin/partners/');
    await addRecord(
      page,
      'partner',
      { Name: 'Acme Paints', 'Benefit (shown over the logo on hover)': '20% off brushes' },
      await picture('ACME', 480, 240, '#0b8a5b'),
      '5',
    );
    await addRecord(
      page,
      'partner',
      { Name: 'Brush Co', 'Benefit (shown over the logo on hover)': 'Free canvas' },
      await picture('BRUSH', 480, 240, '#7a3cff'),
      '1',
    );
    await page.getByTestId('partners-table').getByText('Brush Co').waitFor();

    // Deleting asks first; closing the question keeps the row.
    await page.getByTestId('partners-table').locator('tr', { hasText: 'Brush Co' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Delete partner “Brush Co”?', { exact: false }).waitFor();
    await screenshot(page, 'home-console-delete-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('partners-table').getByText('Brush Co').count()).toBe(1);
    await screenshot(page, 'home-console-partners-en');

    await page.goto('/');
    const slides = page.locator('[data-testid="banner-carousel"] [data-banner-id] img');
    // The page chunk loads after the shell: wait for the carousel rather than read it at once.
    await expect.poll(() => slides.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['Spring show', 'Autumn fair']);
    // The first banner is the largest paint: eager, high priority, responsive.
    const first = slides.first();
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('srcset')).toContain('2000w');
    await first.evaluate((img: HTMLImageElement) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r))));

    const logos = page.locator('[data-testid="partners"] [data-client-id] img');
    await expect.poll(() => logos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual(['Acme Paints', 'Brush Co']);
    // The benefit shows on hover and on keyboard focus.
    const acme = page.locator('[data-testid="partners"] li').first();
    const benefit = acme.getByText('20% off brushes');
    expect(await benefit.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await acme.hover();
    await page.waitForFunction((el) => getComputedStyle(el as Element).opacity === '1', await benefit.elementHandle());
    await page.mouse.move(0, 0);
    await page.waitForFunction((el) => getComputedStyle(el as Element).opacity === '0', await benefit.elementHandle());
    await acme.locator('[tabindex], a').first().focus();
    await page.waitForFunction((el) => getComputedStyle(el as Element).opacity === '1', await benefit.elementHandle());
    await screenshot(page, 'home-desktop-en');
  });

  it('staff set level 5 on an artwork from its card; it leads Best Projects; 5 again clears it', async () => {
    const { page } = en;
    await page.goto('/');
    await expect.poll(() => bestIds(page)).toEqual([picked.id]);
    await page.goto('/gallery/all/');
    const card = page.locator(`[data-testid="artwork-card"][data-artwork-id="${target.id}"]`);
    const five = card.getByTestId('level-buttons').getByRole('button', { name: '5' });
    await five.click();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await five.elementHandle());
    await screenshot(page, 'home-gallery-level-en');

    await page.getByRole('link', { name: 'AXOO' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => bestIds(page)).toEqual([target.id, picked.id]);

    const homeFive = page
      .locator(`[data-testid="best-projects"] [data-artwork-id="${target.id}"]`)
      .getByTestId('level-buttons')
      .getByRole('button', { name: '5' });
    expect(await homeFive.getAttribute('aria-pressed')).toBe('true');
    await homeFive.click();
    await expect.poll(() => bestIds(page)).toEqual([picked.id]);
    await page.reload();
    await expect.poll(() => bestIds(page)).toEqual([picked.id]);
  });

  it('shows staff a mail that failed five tries, in Korean, and sends it again on retry (issue #13)', async () => {
    const app = await fixtures();
    const to = `lost.${stamp}@example.com`;
    const [job] = await app.db
      .insert(jobs)
      .values({
        kind: 'mail',
        payload: { to, subject: `Receipt ${stamp}`, text: 'hello', html: '<p>hello</p>' },
        status: 'failed',
        attempts: 5,
        lastError: '550 mailbox unavailable',
        finished: new Date(),
      })
      .returning();
    const ko = await openBrowser({ lang: 'ko', as: staff });
    try {
      await ko.page.goto('/admin/jobs/');
      const row = ko.page.getByTestId('jobs-table').locator(`tr[data-id="${job.id}"]`);
      await expect.poll(() => row.textContent()).toContain(to);
      expect(await row.textContent()).toContain('550 mailbox unavailable');
      expect(await row.textContent()).toContain('메일');
      await screenshot(ko.page, 'home-admin-jobs-ko');
      await row.getByRole('button', { name: `작업 ${job.id} 다시 시도` }).click();
      await ko.page.getByRole('status').getByText(`작업 ${job.id}을(를) 다시 대기열에 넣었습니다.`).waitFor();
      // The server's worker sends it now: the job is done and the row leaves the table.
      await expect.poll(async () => (await app.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]?.status).toBe('done');
      await expect.poll(() => row.count()).toBe(0);
    } finally {
      await ko.close();
    }
  });

  it('refuses /admin/ to a member who is not staff', async () => {
    const other = await openBrowser({ lang: 'en' });
    try {
      await logIn(other.page, member);
      await other.page.goto('/admin/');
      await other.page.getByTestId('admin-refused').getByText('Staff only').waitFor();
      expect(await other.page.getByRole('link', { name: 'Add banner' }).count()).toBe(0);
      const status = await other.page.evaluate(() => fetch('/api/v1/admin/users/').then((r) => r.status));
      expect(status).toBe(403);
      await screenshot(other.page, 'home-admin-refused-en');
    } finally {
      await other.close();
    }
  });

  it('looks right in Korean, on the console, and at 390 px', async () => {
    const ko = await openBrowser({ lang: 'ko' });
    const mobile = await openBrowser({ lang: 'ko', mobile: true });
    try {
      await ko.page.goto('/');
      await ko.page.locator('[data-testid="banner-carousel"] img').first().waitFor();
      await ko.page.getByRole('heading', { name: 'Best Projects' }).waitFor();
      await screenshot(ko.page, 'home-desktop-ko');

      await logIn(ko.page, staff);
      for (const [path, name] of [
        ['/admin/banners/', 'banners'],
        ['/admin/members/', 'members'],
        ['/admin/lists/', 'lists'],
      ] as const) {
        await ko.page.goto(path);
        await ko.page.getByRole('heading', { name: '스태프 콘솔' }).waitFor();
        await ko.page.locator('table').first().waitFor();
        await screenshot(ko.page, `home-console-${name}-ko`);
      }
      // Members: search, then grant premium to the member.
      await ko.page.goto('/admin/members/');
      await ko.page.getByRole('searchbox').fill(member.username);
      await ko.page.getByRole('button', { name: '검색' }).click();
      await ko.page.waitForURL(/q=/);
      const grant = ko.page.getByLabel(`${member.name}님의 프리미엄 멤버십`);
      // The box follows the server: it turns checked once the change is saved.
      await grant.click();
      await expect.poll(() => grant.isChecked()).toBe(true);
      await ko.page.reload();
      await expect.poll(() => ko.page.getByLabel(`${member.name}님의 프리미엄 멤버십`).isChecked()).toBe(true);

      await en.page.goto('/admin/lists/');
      await en.page.locator('table').first().waitFor();
      await screenshot(en.page, 'home-console-lists-en');

      await mobile.page.goto('/');
      await mobile.page.locator('[data-testid="banner-carousel"] img').first().waitFor();
      expect(await mobile.page.getByTestId('info-cards').isVisible()).toBe(false);
      const overflow = await mobile.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(mobile.page, 'home-mobile-ko');
    } finally {
      await ko.close();
      await mobile.close();
    }
  });
});

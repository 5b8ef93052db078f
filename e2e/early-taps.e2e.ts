import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, takedowns } from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildPremium, buildStaff, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, baseURL, fixtures, openBrowser, screenshot } from './support.ts';

// Issue #29.9: a tap the instant a server-drawn page's `load` fires, with the CPU slowed 4× as on a mid-range phone,
// is never lost: the control shows it is pressed and the tap is given once the app has hydrated.
let db: FastifyInstance;
let staff: UserRow;
let artworkId: number;
const browsers: Browser[] = [];

beforeAll(async () => {
  db = await fixtures();
  staff = await buildStaff(db, { name: '탭 스태프' });
  const artist = await buildPremium(db, { name: '탭 작가' });
  // Works on either side of it, one of them curated, so the lists drawn behind its overlay (the home page's Best
  // Projects come first by level) have cards with level controls of their own before the overlay's.
  await buildArtwork(db, artist, { title: '이른 탭 앞', level: 5 });
  artworkId = (await buildArtwork(db, artist, { title: '이른 탭' })).id;
  await buildArtwork(db, artist, { title: '이른 탭 뒤' });
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

/**
 * Taps the control the instant the page's `load` fires (a click from the page itself, as a finger would land), and
 * says whether it was there and whether React had hydrated it yet: a tap after hydration would prove nothing.
 */
async function tapAtLoad(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    addEventListener('load', () => {
      const control = document.querySelector<HTMLElement>(sel);
      (window as unknown as { __tap: unknown }).__tap = {
        found: Boolean(control),
        hydrated: control ? Object.keys(control).some((k) => k.startsWith('__react')) : null,
      };
      control?.click();
    });
  }, selector);
}
const tapped = (page: Page) => page.evaluate(() => (window as unknown as { __tap: unknown }).__tap);

async function slowed(options: Parameters<typeof openBrowser>[0]): Promise<Page> {
  const b = await openBrowser(options);
  browsers.push(b);
  const cdp = await b.context.newCDPSession(b.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return b.page;
}

describe('taps made before the scripts run (issue #29)', () => {
  it('opens the phone menu tapped the instant the home page loads (ko, 390 px)', async () => {
    const page = await slowed({ lang: 'ko', mobile: true });
    await tapAtLoad(page, 'button[aria-label="메뉴"]');
    await page.goto('/', { waitUntil: 'load' });
    expect(await tapped(page)).toEqual({ found: true, hydrated: false });
    await page.getByRole('dialog').getByRole('link', { name: '검색' }).waitFor({ timeout: 45_000 });
    await screenshot(page, 'early-tap-menu-ko');
  });

  it("sets a staff member's level tapped the instant the artwork page loads (en)", { timeout: 150_000 }, async () => {
    const page = await slowed({ lang: 'en', as: staff });
    // The overlay's own buttons: the list drawn behind it has a level control on each card, the newest first (another
    // journey's artwork when the suites share the server).
    const level = '[data-testid="artwork-overlay"] [data-testid="level-buttons"] button:nth-child(3)';
    await tapAtLoad(page, level);
    await page.goto(`/artwork/${artworkId}/`, { waitUntil: 'load' });
    expect(await tapped(page)).toEqual({ found: true, hydrated: false });
    // The slowed page hydrates in its own time (on a loaded machine, tens of seconds); the held tap is given then.
    await page.waitForFunction((sel) => Object.keys(document.querySelector(sel) ?? {}).some((k) => k.startsWith('__reactProps')), level, { timeout: 100_000 });
    await expect
      .poll(async () => (await db.db.select({ level: artworks.level }).from(artworks).where(eq(artworks.id, artworkId)))[0]?.level, { timeout: 20_000 })
      .toBe(3);
  });

  it('files the takedown notice typed and ticked the instant its page loaded, before its form hydrated (ko, 390 px)', { timeout: 150_000 }, async () => {
    const email = `early-${Date.now()}@example.com`;
    const page = await slowed({ lang: 'ko', mobile: true });
    // Typed as the browser types (the value, then its input event), the statement ticked by a tap and the notice sent
    // by one, all at `load`.
    await page.addInitScript(
      (typed) => {
        addEventListener('load', () => {
          const fields = Object.keys(typed).map((id) => document.getElementById(id));
          (window as unknown as { __typed: unknown }).__typed = {
            found: fields.every(Boolean),
            hydrated: fields.some((f) => f && Object.keys(f).some((k) => k.startsWith('__reactProps'))),
          };
          for (const [id, value] of Object.entries(typed)) {
            const field = document.getElementById(id) as HTMLInputElement | null;
            if (!field) continue;
            field.value = value;
            field.dispatchEvent(new Event('input', { bubbles: true }));
          }
          document.getElementById('takedown-good-faith')?.click();
          document.querySelector<HTMLElement>('[data-testid="takedown-send"]')?.click();
        });
      },
      {
        'takedown-name': '박미나',
        'takedown-email': email,
        'takedown-url': `${baseURL()}/artwork/${artworkId}/`,
        'takedown-original': '제 일러스트 "밤 배" (2021), https://example.com/night-ferry',
      },
    );
    await page.goto('/about/takedown/', { waitUntil: 'load' });
    expect(await page.evaluate(() => (window as unknown as { __typed: unknown }).__typed)).toEqual({ found: true, hydrated: false });
    // The form's hydration keeps what the person typed and ticked; the held tap sends it once the form is React's.
    await page
      .getByRole('status')
      .filter({ hasText: /신고를 접수했습니다/ })
      .waitFor({ timeout: 100_000 });
    const [notice] = await db.db.select().from(takedowns).where(eq(takedowns.email, email));
    expect(notice).toMatchObject({ name: '박미나', artworkId, goodFaith: true, original: '제 일러스트 "밤 배" (2021), https://example.com/night-ferry' });
    await screenshot(page, 'early-typing-takedown-ko');
  });

  it('switches the language tapped while the page part is still fetching its code: no hydration error, all in English', async () => {
    const b = await openBrowser({ lang: 'ko' });
    browsers.push(b);
    const { page } = b;
    // The home page's part is held back until the switch was tapped: the shell is React's, the page the server's.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/HomePage-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const english = page.locator('#root button[lang="en"]');
    await page.waitForFunction(
      () => Object.keys(document.querySelector('#root button[lang="en"]') ?? {}).some((k) => k.startsWith('__reactProps')),
      undefined,
      { timeout: 45_000 },
    );
    await english.click();
    // The server's Korean words stay until the part that shows them is React's…
    const best = page.getByTestId('best-projects');
    await best.getByText('모든 프로젝트 보기').first().waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ko');
    release();
    // …then the whole page changes language, with no hydration mismatch (the watch fails the journey on one).
    await best.getByText('See all projects').first().waitFor({ timeout: 45_000 });
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    b.watch.assertHealthy();
  });
});

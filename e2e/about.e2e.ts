import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser, screenshot } from './support.ts';

// Issue #2 journey: every about page and artist tab in both languages (SPEC §2 About pages, §9).
const PAGES = [
  {
    tab: 'Artists',
    path: '/about/artists/registration-process/',
    shot: 'artists-registration',
    ko: '작업을 보여 줄 가장 좋은 자리',
    en: 'A gallery built around your work',
  },
  {
    tab: 'Brands & Agencies',
    path: '/about/brands-and-agencies/',
    shot: 'brands',
    ko: '브랜드에 꼭 맞는 작가를 만나는 방법',
    en: 'Find the right artist for your brand',
  },
  {
    tab: 'Collectors',
    path: '/about/collectors/',
    shot: 'collectors',
    ko: '좋아하는 작업을 발견하고, 모으고, 소장하세요',
    en: 'Discover, collect and own the work you love',
  },
  { tab: 'AXOO Agency', path: '/about/axoo-agency/', shot: 'agency', ko: '작가와 함께 일하는 에이전시', en: 'An agency that works alongside artists' },
  { tab: 'Contact', path: '/about/contact/', shot: 'contact', ko: '무엇이든 물어보세요', en: 'Get in touch' },
] as const;

const _pathOf = (page: Page) => new URL(page.url()).pathname;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const step = (page: Page, name: RegExp) => page.getByRole('button', { name });

describe('about pages', () => {
  const browsers: Record<'ko' | 'en', Browser> = {} as never;
  beforeAll(async () => {
    browsers.ko = await openBrowser({ lang: 'ko' });
    browsers.en = await openBrowser({ lang: 'en' });
  });
  afterAll(async () => {
    await browsers.ko?.close();
    await browsers.en?.close();
  });

  for (const lang of ['ko', 'en'] as const) {
    it(`walks the overview and every menu tab in ${lang}`, async () => {
      const { page } = browsers[lang];
      await page.goto('/about/');
      await h1(page).waitFor();
      expect(await h1(page).textContent()).toBe(lang === 'ko' ? '작가의 작업이 더 멀리 닿도록' : "Helping artists' work travel further");
      await screenshot(page, `about-overview-${lang}`);

      const menu = page.getByRole('navigation', { name: lang === 'ko' ? '소개 메뉴' : 'About menu' });
      for (const p of PAGES) {
        await menu.getByRole('link', { name: p.tab, exact: true }).click();
        await page.waitForURL((url) => url.pathname === p.path);
        await page.getByRole('heading', { level: 1, name: p[lang], exact: true }).waitFor();
        expect(await menu.getByRole('link', { name: p.tab, exact: true }).getAttribute('aria-current')).toBe('page');
        expect(await menu.locator('[aria-current="page"]').count()).toBe(1);
        await screenshot(page, `about-${p.shot}-${lang}`);
      }
    });

    it(`switches the artist tabs in ${lang}`, async () => {
      const { page } = browsers[lang];
      await page.goto('/about/artists/registration-process/');
      const tabs = page.getByRole('navigation', { name: lang === 'ko' ? '아티스트 안내' : 'For artists' });
      await tabs.getByRole('link', { name: 'Benefits' }).click();
      await page.waitForURL((url) => url.pathname === '/about/artists/benefits/');
      await page.getByRole('heading', { level: 2, name: lang === 'ko' ? '멤버십 혜택' : 'Membership benefits' }).waitFor();
      expect(await tabs.getByRole('link', { name: 'Benefits' }).getAttribute('aria-current')).toBe('page');
      await screenshot(page, `about-artists-benefits-${lang}`);
      await tabs.getByRole('link', { name: 'Registration Process' }).click();
      await page.waitForURL((url) => url.pathname === '/about/artists/registration-process/');
      await step(page, /^1 Registration/).waitFor();
    });
  }

  it('redirects anything else under /about/artists/ to registration-process/', async () => {
    const { page } = browsers.ko;
    for (const path of ['/about/artists/', '/about/artists/apply/', '/about/artists/benefits/more/']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/about/artists/registration-process/');
      await step(page, /^1 Registration/).waitFor();
    }
    // The server serves the page for the deep link itself (no 404 on reload).
    const response = await page.goto('/about/artists/registration-process/');
    expect(response?.status()).toBe(200);
  });

  it('opens and closes the collapsible steps, by mouse and by keyboard', async () => {
    const { page } = browsers.ko;
    await page.goto('/about/artists/registration-process/');
    const registration = step(page, /^1 Registration/);
    const judgement = step(page, /^2 Judgement/);
    await registration.waitFor();
    expect(await registration.getAttribute('aria-expanded')).toBe('true');
    expect(await judgement.getAttribute('aria-expanded')).toBe('false');
    const judgementText = page.getByText('작업의 완성도와 작가만의 시선이 드러나는지');
    expect(await judgementText.count()).toBe(0);

    await judgement.click();
    expect(await judgement.getAttribute('aria-expanded')).toBe('true');
    await judgementText.waitFor({ state: 'visible' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'about-steps-open-ko');

    await judgement.click();
    expect(await judgement.getAttribute('aria-expanded')).toBe('false');
    await judgementText.waitFor({ state: 'detached' });

    // Keyboard: the triggers are buttons; Enter and Space toggle them.
    const approval = step(page, /^3 Approval/);
    await approval.focus();
    await page.keyboard.press('Enter');
    expect(await approval.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Space');
    expect(await approval.getAttribute('aria-expanded')).toBe('false');

    // Step 1's button goes to the external application form (site data links.membership), in a new window.
    const apply = page.getByRole('link', { name: /신청서 작성하기/ });
    const membershipUrl = await page.evaluate(() => JSON.parse(document.getElementById('__SITE_DATA__')?.textContent ?? '{}').links.membership);
    expect(await apply.getAttribute('href')).toBe(membershipUrl);
    expect(await apply.getAttribute('target')).toBe('_blank');
  });

  it('leads from the Membership step to Benefits', async () => {
    const { page } = browsers.en;
    await page.goto('/about/artists/registration-process/');
    await step(page, /^\* Membership/).click();
    await page.getByRole('link', { name: 'See membership benefits' }).click();
    await page.waitForURL((url) => url.pathname === '/about/artists/benefits/');
    await page.getByRole('heading', { level: 2, name: 'Membership benefits' }).waitFor();
    // And back: the benefits call to action opens step 1 at its anchor. The wait starts before the click: the link
    // navigates in the page (history.pushState) within the click itself, before a wait started after it listens.
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/about/artists/registration-process/' && url.hash === '#registration'),
      page.getByRole('link', { name: 'See the registration process' }).click(),
    ]);
    expect(await step(page, /^1 Registration/).getAttribute('aria-expanded')).toBe('true');
  });

  it('lands anchors 132 px below the top (SPEC §9)', async () => {
    const { page } = browsers.en;
    // A short window, so the page can scroll far enough to bring the step to the offset.
    await page.setViewportSize({ width: 1440, height: 500 });
    await page.goto('/about/artists/registration-process/#approval');
    const approval = step(page, /^3 Approval/);
    await approval.waitFor();
    expect(await approval.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction(() => {
      const top = document.getElementById('approval')?.getBoundingClientRect().top ?? -1;
      return Math.abs(top - 132) <= 2;
    });
    // The target is not hidden under the fixed top bar and the sticky about menu.
    const covered = await page.evaluate(() => {
      const r = document.getElementById('approval')?.getBoundingClientRect();
      return r ? document.elementFromPoint(r.left + 40, r.top + 10)?.closest('#approval') === null : true;
    });
    expect(covered).toBe(false);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows the contact e-mail address and business hours', async () => {
    for (const lang of ['ko', 'en'] as const) {
      const { page } = browsers[lang];
      await page.goto('/about/contact/');
      const email = page.getByRole('link', { name: 'contact@axoo.kr' });
      expect(await email.getAttribute('href')).toBe('mailto:contact@axoo.kr');
      await page.getByText(lang === 'ko' ? '평일 10:00 – 18:00 (한국 시간)' : 'Monday to Friday, 10:00 – 18:00 (Korea Standard Time)').waitFor();
    }
  });

  for (const lang of ['ko', 'en'] as const) {
    it(`fits a 390 px phone in ${lang}`, async () => {
      const mobile = await openBrowser({ lang, mobile: true });
      try {
        const { page } = mobile;
        for (const path of ['/about/', '/about/artists/registration-process/', '/about/brands-and-agencies/', '/about/contact/']) {
          await page.goto(path);
          await h1(page).waitFor();
          // Nothing wider than the screen: the about menu scrolls sideways inside itself.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, path).toBeLessThanOrEqual(0);
          const name = path.split('/').filter(Boolean).slice(1).join('-') || 'overview';
          await screenshot(page, `about-mobile-${name}-${lang}`);
        }
        await page.getByRole('button', { name: lang === 'ko' ? '메뉴' : 'Menu' }).click();
        await page.getByRole('dialog').waitFor();
        // The menu is a fixed panel: a viewport shot shows it as the user sees it.
        await page.screenshot({ path: join(import.meta.dirname, 'screenshots', `shell-mobile-menu-${lang}.png`) });
      } finally {
        await mobile.close();
      }
    });
  }
});

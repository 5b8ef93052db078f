import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtwork, buildInvite, buildPremium, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, baseURL, fixtures, openBrowser } from './support.ts';

// Issue #21: the page title follows the page and the interface language, `<html lang>` is the interface language,
// in the server's HTML and after a switch in the browser; and the Goodluck countdown, on the page's clock
// (web ui/clock.ts; its hydration is entry-server.test.tsx's), counts on the reader's clock once the page runs.

let artist: UserRow;
let artworkId: number;
let inviteId: number;
const SITE = 'AXOO';
const stamp = Date.now() % 100_000_000;

beforeAll(async () => {
  const app = await fixtures();
  artist = await buildPremium(app, { name: `Title Artist ${stamp}`, username: `title-artist-${stamp}` });
  artworkId = (await buildArtwork(app, artist, { title: `Titled Work ${stamp}` })).id;
  const owner = await buildPremium(app, { name: 'Title Brand' });
  inviteId = (await buildInvite(app, owner, { title: `Titled Call ${stamp}`, closed: new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000) })).id;
});

/** The server's answer for a path in a language: its `<html lang>` and `<title>`. */
async function served(path: string, lang: 'ko' | 'en') {
  const html = await (await fetch(`${baseURL()}${path}`, { headers: { cookie: `lang=${lang}` } })).text();
  return { lang: /<html lang="([^"]+)"/.exec(html)?.[1], title: /<title>([^<]*)<\/title>/.exec(html)?.[1] };
}

describe('page title and language (issue #21)', () => {
  it('the server titles each page by what it shows, in the language asked for, and sets <html lang>', async () => {
    for (const lang of ['ko', 'en'] as const) {
      expect(await served(`/${artist.username}/`, lang)).toEqual({ lang, title: `Title Artist ${stamp} (@${artist.username}) · ${SITE}` });
      expect((await served(`/artwork/${artworkId}/`, lang)).title).toBe(`Titled Work ${stamp} · Title Artist ${stamp}`);
      expect(await served(`/goodluck/${inviteId}/`, lang)).toEqual({ lang, title: `Titled Call ${stamp} · ${SITE}` });
      // Rendered pages no feature titles take their h1, in the interface language; home is the site.
      expect(await served('/gallery/all/', lang)).toEqual({ lang, title: `${lang === 'ko' ? '갤러리' : 'Gallery'} | ${SITE}` });
      expect(await served('/goodluck/', lang)).toEqual({ lang, title: `Goodluck | ${SITE}` });
      expect((await served('/', lang)).title).toBe(SITE);
      // A page the server does not render is titled in the browser (below).
      expect(await served('/login/', lang)).toEqual({ lang, title: SITE });
    }
  });

  describe('in the browser', () => {
    let b: Browser;
    beforeAll(async () => {
      b = await openBrowser({ lang: 'ko' });
    });
    afterAll(async () => {
      await b?.close();
    });

    it('follows navigation, the overlay and the language switch', async () => {
      const { page } = b;
      const lang = () => page.evaluate(() => document.documentElement.lang);
      await page.goto('/gallery/all/');
      expect(await page.title()).toBe(`갤러리 | ${SITE}`);
      expect(await lang()).toBe('ko');

      await page.locator('button[lang="en"]').click();
      await expect.poll(lang).toBe('en');
      await expect.poll(() => page.title()).toBe(`Gallery | ${SITE}`);

      // The overlay names the artwork; closing it gives the gallery its title back.
      await page.locator(`a[href="/artwork/${artworkId}/"]`).first().click();
      await page.waitForURL(`**/artwork/${artworkId}/`);
      await expect.poll(() => page.title()).toBe(`Titled Work ${stamp} | ${SITE}`);
      await page.keyboard.press('Escape');
      await page.waitForURL('**/gallery/all/');
      await expect.poll(() => page.title()).toBe(`Gallery | ${SITE}`);

      await page.locator(`a[href="/goodluck/"]`).first().click();
      await page.waitForURL('**/goodluck/');
      await expect.poll(() => page.title()).toBe(`Goodluck | ${SITE}`);
      await page.locator(`a[href="/goodluck/${inviteId}/"]`).first().click();
      await page.waitForURL(`**/goodluck/${inviteId}/`);
      await expect.poll(() => page.title()).toBe(`Titled Call ${stamp} | ${SITE}`);

      // Back to Korean: <html lang> and the words of the title (a page rendered in the browser).
      await page.goto('/login/');
      await expect.poll(() => page.title()).toBe(`Login | ${SITE}`);
      await page.locator('button[lang="ko"]').click();
      await expect.poll(lang).toBe('ko');
      await expect.poll(() => page.title()).toBe(`로그인 | ${SITE}`);
      await page.locator('button[lang="en"]').click();
      await expect.poll(lang).toBe('en');
    });
  });

  it('a reader whose clock is hours ahead of the server sees the countdown on their clock, without a page error', async () => {
    const b = await openBrowser({ lang: 'en' });
    try {
      const { page } = b;
      // Five and a half hours ahead: the server's "2d 3h left" would be "1d 21h left" here.
      await page.clock.install({ time: Date.now() + 5.5 * 3_600_000 });
      await page.goto(`/goodluck/${inviteId}/`);
      const remaining = page.getByTestId('remaining');
      await remaining.waitFor();
      // The reader's clock (the server's moment serves only a hydration; the watch fails on a #418 error).
      await expect.poll(() => remaining.textContent()).toMatch(/^1d 2[01]h \d+m left$/);
      b.watch.assertHealthy();
    } finally {
      await b.close();
    }
  });
});

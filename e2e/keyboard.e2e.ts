import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtwork, buildInvite, buildPremium, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, openBrowser } from './support.ts';

// Issue #21: a whole path by keyboard only (no click): gallery → artwork overlay → collect → Escape (focus back
// on the card) → the author's profile (focus on its heading) → another tab; and the invite tabs' arrow keys.

let artist: UserRow;
let visitor: UserRow;
let inviteId: number;
const TAG = `kbd${Date.now() % 100_000_000}`;

beforeAll(async () => {
  const app = await fixtures();
  artist = await buildPremium(app, { name: 'Keyboard Artist', username: `kbd-artist-${Date.now()}` });
  visitor = await buildUser(app, { name: 'Keyboard Visitor' });
  for (let i = 0; i < 2; i++) await buildArtwork(app, artist, { title: `Keys ${i + 1}`, tagNames: [TAG] });
  const owner = await buildPremium(app, { name: 'Keyboard Brand' });
  inviteId = (await buildInvite(app, owner, { title: 'Keyboard call', status: 'selection', selected: new Date() })).id;
});

/** What has focus: its tag, href, test id, role and whether it sits inside the open dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return {
      tag: e?.tagName.toLowerCase() ?? '',
      href: e?.getAttribute('href') ?? '',
      testid: e?.dataset.testid ?? '',
      role: e?.getAttribute('role') ?? '',
      pressed: e?.getAttribute('aria-pressed') ?? '',
      inDialog: Boolean(e?.closest('[role="dialog"]')),
    };
  });

/** Presses Tab (or Shift+Tab) until `wanted` holds for the focused element; fails after `max` presses. */
async function tabTo(page: Page, wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 80, key = 'Tab') {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (wanted(await focused(page))) return;
  }
  throw new Error(`focus never reached the element after ${max} × ${key}; it is on ${JSON.stringify(await focused(page))}`);
}

describe('keyboard only (issue #21)', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser({ lang: 'en', as: visitor });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('opens an artwork from the gallery, collects it, closes, opens the profile and switches tab', async () => {
    const { page } = b;
    await page.goto(`/gallery/all/?search=${TAG}`);
    await page.getByTestId('artwork-card').first().waitFor();
    await expect.poll(() => page.getByTestId('artwork-card').count()).toBe(2);

    // To the first card's cover link, and in.
    await tabTo(page, (f) => /^\/artwork\/\d+\/$/.test(f.href));
    const card = (await focused(page)).href;
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${card}`);
    await page.getByRole('dialog').waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await b.check('overlay opened by keyboard');

    // Collect, then go round the dialog: focus never leaves it (a trap while open).
    await tabTo(page, (f) => f.testid === 'collect' && f.pressed === 'false' && f.inDialog);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).pressed).toBe('true');
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }

    // Escape closes it and gives focus back to the card that opened it.
    await page.keyboard.press('Escape');
    await page.waitForURL(`**/gallery/all/?search=${TAG}`);
    await expect.poll(async () => (await focused(page)).href).toBe(card);

    // The author's link is next on the card; the profile's heading takes focus.
    await tabTo(page, (f) => f.href === `/${artist.username}/`, 5);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/${artist.username}/`);
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');

    await tabTo(page, (f) => f.testid === 'tab-collection');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?type=collection$/);
  });

  it('moves between an invite’s tabs with the arrow keys, one tab stop for the list', async () => {
    const { page } = b;
    await page.goto(`/goodluck/${inviteId}/`);
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/tab=selected/);
    await expect.poll(async () => (await focused(page)).role).toBe('tab');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.first().getAttribute('tabindex')).toBe('-1');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tabs.first().getAttribute('aria-selected')).toBe('true');
    await b.check('invite tabs');
  });
});

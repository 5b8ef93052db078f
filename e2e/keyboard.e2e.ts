import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, imageFile, openBrowser, screenshot } from './support.ts';

// Issue #21: a whole path by keyboard only (no click): gallery → artwork overlay → collect → Escape (focus back
// on the card) → the author's profile (focus on its heading) → another tab; the invite tabs' arrow keys; a gallery
// filter's listbox (arrows, Enter, Escape back to the trigger); the cover cropper (arrows move, + zooms); the
// editor toolbar (one Tab stop, arrows, pressed state); a staff member's level buttons.

let artist: UserRow;
let visitor: UserRow;
let staff: UserRow;
let inviteId: number;
const TAG = `kbd${Date.now() % 100_000_000}`;

beforeAll(async () => {
  const app = await fixtures();
  artist = await buildPremium(app, { name: 'Keyboard Artist', username: `kbd-artist-${Date.now()}` });
  visitor = await buildUser(app, { name: 'Keyboard Visitor' });
  staff = await buildStaff(app, { name: 'Keyboard Staff' });
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
      text: e?.textContent?.trim() ?? '',
      expanded: e?.getAttribute('aria-expanded') ?? '',
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

  it('chooses a gallery filter in its listbox: Down opens, arrows move, Enter chooses, Escape closes onto the trigger', async () => {
    const { page } = b;
    await page.goto(`/gallery/all/?search=${TAG}`);
    await page.getByTestId('artwork-card').first().waitFor();
    await tabTo(page, (f) => f.tag === 'button' && f.text.startsWith('Time'));
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox', { name: 'Time' }).waitFor();
    expect((await focused(page)).role).toBe('option');
    await b.check('gallery filter open by keyboard');
    await page.keyboard.press('End');
    expect((await focused(page)).text).toBe('3 months');
    await page.keyboard.press('ArrowUp');
    expect((await focused(page)).text).toBe('1 month');
    await page.keyboard.press('Enter');
    await page.waitForURL(/period=1m/);
    await expect.poll(async () => (await focused(page)).text).toBe('Time 1 month');
    // Open again and leave with Escape: nothing chosen, focus back on the trigger.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox', { name: 'Time' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('listbox').count()).toBe(0);
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Time 1 month', expanded: 'false' });
    expect(page.url()).toMatch(/period=1m/);
  });
});

describe('keyboard only, as an artist uploading (issue #21)', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser({ lang: 'en', as: artist });
  });
  afterAll(async () => {
    await b?.close();
  });

  it('moves and zooms the cover crop with the arrow keys and +, and uses the editor toolbar as one Tab stop', async () => {
    const { page } = b;
    await page.goto('/upload/');
    await page.getByTestId('editor').waitFor();

    // The toolbar: one Tab stop on its first button, then the arrow keys; Bold's pressed state follows.
    await page.getByLabel('Title', { exact: true }).focus();
    await tabTo(page, (f) => f.testid === 'add-image', 60);
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).text).toBe('Bold');
    expect((await focused(page)).pressed).toBe('false');
    await page.keyboard.press('End');
    expect((await focused(page)).text).toBe('Link');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await b.check('editor toolbar focused');
    await screenshot(page, 'keyboard-toolbar-focus');
    await page.keyboard.press('Enter');
    const bold = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' });
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    expect(await bold.getAttribute('tabindex')).toBe('0');

    // The cropper: the file comes from the chooser; the rest is keys.
    await page.getByTestId('cover-file').setInputFiles(await imageFile('cover.png', 1600, 1200, '#26a69a', '#ffee58'));
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('crop-area').waitFor();
    await tabTo(page, (f) => f.testid === 'crop-area' && f.inDialog, 20);
    const area = dialog.getByRole('application', { name: 'Crop area' });
    expect(await area.getAttribute('aria-describedby')).toBeTruthy();
    await b.check('cropper focused');
    await screenshot(page, 'keyboard-cropper-focus');
    const image = dialog.locator('img.reactEasyCrop_Image');
    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    // Zoomed in first, so the image can move under the crop frame.
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(() => zoom.inputValue()).toBe('1.2');
    const before = await image.evaluate((img) => img.style.transform);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => image.evaluate((img) => img.style.transform)).not.toBe(before);
    await page.keyboard.press('-');
    await expect.poll(() => zoom.inputValue()).toBe('1.1');
    await tabTo(page, (f) => f.testid === 'crop-done', 10);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
  });
});

describe('keyboard only, as staff (issue #21)', () => {
  let b: Browser;
  beforeAll(async () => {
    b = await openBrowser({ lang: 'en', as: staff });
  });
  afterAll(async () => {
    await b?.close();
  });

  it("sets an artist's level with Tab and Enter; focus stays and the new level is announced", async () => {
    const { page } = b;
    await page.goto(`/${artist.username}/`);
    const control = page.getByTestId('level-control');
    await control.waitFor();
    await tabTo(page, (f) => f.tag === 'button' && f.text === '3' && f.pressed === 'false');
    await page.keyboard.press('Enter');
    await expect.poll(() => control.getAttribute('data-level')).toBe('3');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: '3', pressed: 'true' });
    await expect.poll(() => control.getByRole('status').textContent()).toBe('Level 3');
    await b.check('level set by keyboard');
    // Enter on the current level clears it.
    await page.keyboard.press('Enter');
    await expect.poll(() => control.getAttribute('data-level')).toBe('0');
    await expect.poll(() => control.getByRole('status').textContent()).toBe('No level');
  });
});

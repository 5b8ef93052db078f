import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteApplications } from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, mailsTo, openBrowser, publishThroughUpload, screenshot } from './support.ts';

// Issue #19 journey: a brand starts a call, staff approve it, a non-member artist applies, the brand finds the
// entry on page 2 of every submission and selects it; the subscriber got the opening and closing mails.

/** The value of a datetime-local input `days` from now, in the browser's zone (the journey's browsers run in UTC). */
const localInput = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
const stamp = Date.now().toString(36);
const TITLE = `Rooftop mural call ${stamp}`;

describe('a brand runs its own open call (issue #19)', () => {
  let brand: UserRow;
  let staff: UserRow;
  let fan: UserRow;
  let artist: UserRow;
  let filler: UserRow;
  let inviteId = 0;
  let artworkId = 0;
  const open: Browser[] = [];
  const browser = async (lang: 'ko' | 'en', as?: UserRow) => {
    const b = await openBrowser({ lang, as });
    open.push(b);
    return b.page;
  };

  beforeAll(async () => {
    const app = await fixtures();
    brand = await buildUser(app, { name: 'Rooftop Studio', username: `rooftop.${stamp}`, language: 'en' });
    staff = await buildStaff(app, { name: 'Staff Jung', username: `jung.${stamp}` });
    fan = await buildUser(app, { name: '구독자', username: `fan.${stamp}`, language: 'ko' });
    // Not a paid member: the entry still reaches the brand.
    artist = await buildUser(app, { name: 'Mina Artist', username: `mina.${stamp}`, language: 'en' });
    filler = await buildPremium(app, { name: 'Other Artist', username: `other.${stamp}` });
  });
  afterAll(async () => {
    for (const b of open) await b.close();
  });

  it('the brand starts a call; it waits for review, unlisted, and a follower subscribes from its link', async () => {
    const page = await browser('en', brand);
    await page.goto('/goodluck/');
    await page.getByTestId('start-call').click();
    await page.waitForURL('**/goodluck/new/');
    const form = page.getByTestId('invite-form');
    await form.getByLabel('Title', { exact: true }).fill(TITLE);
    await form.getByLabel('Subtitle', { exact: true }).fill('A wall for the summer');
    await form.getByLabel('Description', { exact: true }).fill('Paint our rooftop wall. Prize: 2,000,000 KRW.');
    // Closes in 2 days: within the 3-day reminder.
    await form.getByLabel('Closes at', { exact: true }).fill(localInput(2));
    await form.getByLabel('Selection date', { exact: true }).fill(localInput(9));
    await form.getByRole('button', { name: 'Add question' }).click();
    await form.getByLabel('Question 1', { exact: true }).fill('Where would you paint it?');
    await page.getByTestId('start-step').getByText('Step 1 of 2').waitFor();
    await screenshot(page, 'open-call-start-en');
    await form.getByRole('button', { name: 'Save' }).click();
    // Step 2: the call's pages and columns, in edit mode from the start.
    await page.waitForURL(/\/goodluck\/\d+\/edit\/\?step=pages$/);
    inviteId = Number(/\/goodluck\/(\d+)\//.exec(page.url())?.[1]);
    const step = page.getByTestId('call-pages-step');
    await step.getByText('Step 2 of 2').waitFor();
    await step.getByRole('button', { name: 'Add page' }).click();
    await step.getByTestId('invite-page').waitFor();
    await step.getByRole('button', { name: 'Add column' }).click();
    const editor = step.getByTestId('column-editor');
    await editor.locator('[contenteditable=true]').click();
    await page.keyboard.type('The wall is 12 m wide and faces south.');
    await editor.getByRole('button', { name: '12 / 12' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await step.locator('[data-testid=invite-column][data-width="12"]').getByText('The wall is 12 m wide').waitFor();
    await screenshot(page, 'open-call-start-pages-en');
    await step.getByTestId('finish-call').click();
    await page.waitForURL(`**/goodluck/${inviteId}/`);
    await page.getByTestId('invite-pages').getByText('The wall is 12 m wide and faces south.').waitFor();
    await page.getByTestId('owner-block').getByText('Staff are reviewing this call').waitFor();
    await screenshot(page, 'open-call-review-en');
    // Unlisted for everyone else, listed under My open calls.
    await page.goto('/goodluck/mine/');
    await page.locator(`[data-testid=invite-card][data-invite-id="${inviteId}"]`).waitFor();

    const fanPage = await browser('ko', fan);
    await fanPage.goto('/goodluck/');
    await fanPage
      .getByTestId('invite-card')
      .first()
      .waitFor({ state: 'attached' })
      .catch(() => undefined);
    expect(await fanPage.locator(`[data-testid=invite-card][data-invite-id="${inviteId}"]`).count()).toBe(0);
    await fanPage.goto(`/goodluck/${inviteId}/`);
    const heart = fanPage.getByTestId('subscribe');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('staff send it back with a note; the brand reads the note on its call and its mail, and fixes the call', async () => {
    const staffPage = await browser('en', staff);
    await staffPage.goto('/admin/invites/');
    const row = staffPage.getByTestId('invites-admin').getByRole('row').filter({ hasText: TITLE });
    await row.getByRole('button', { name: 'Send back' }).click();
    const dialog = staffPage.getByRole('dialog');
    // An empty note is refused under the field.
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await dialog.getByText('Write why the call is sent back.').waitFor();
    await dialog.getByLabel('What should the owner change?').fill('Please add the wall’s size and the prize for second place.');
    await screenshot(staffPage, 'open-call-return-en');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const page = await browser('en', brand);
    await page.goto(`/goodluck/${inviteId}/`);
    const block = page.getByTestId('owner-block');
    await block.getByText('Staff sent this call back. Edit it and it will be reviewed again.').waitFor();
    await block.getByTestId('review-note').getByText('Please add the wall’s size and the prize for second place.').waitFor();
    await expect.poll(async () => (await mailsTo(brand.email)).map((m) => m.subject)).toContain(`[AXOO] Your call "${TITLE}" needs changes`);
    await block.getByTestId('edit-call').click();
    // The edit screen first (the link navigates in the page: the URL changes before the call page gives way, and the
    // accessibility check that follows the URL would read the page in between, with no heading).
    await page.getByTestId('invite-form').waitFor();
    await page.waitForURL(`**/goodluck/${inviteId}/edit/`);
    await page.getByTestId('review-note').getByText('Please add the wall’s size').waitFor();
    await screenshot(page, 'open-call-returned-edit-en');
    const form = page.getByTestId('invite-form');
    await form.getByLabel('Description', { exact: true }).fill('Paint our rooftop wall, 12 m by 4 m. Prizes: 2,000,000 KRW, and 500,000 KRW for second place.');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/goodluck/${inviteId}/`);
    await page.getByText('500,000 KRW for second place', { exact: false }).waitFor();
  });

  it('staff approve it in the console; the follower is told it opened, then that it closes in 3 days', async () => {
    const page = await browser('ko', staff);
    await page.goto('/admin/invites/');
    const row = page.getByTestId('invites-admin').getByRole('row').filter({ hasText: TITLE });
    await screenshot(page, 'open-call-console-ko');
    await row.getByTestId('approve-invite').click();
    await expect.poll(() => row.getByTestId('invite-status').textContent()).toBe('진행 중');
    await expect
      .poll(async () => (await mailsTo(fan.email)).map((m) => m.subject).sort())
      .toEqual([`[AXOO] "${TITLE}" 공모가 시작되었습니다`, `[AXOO] "${TITLE}" 마감 3일 전입니다`].sort());
    expect((await mailsTo(brand.email)).map((m) => m.subject)).toContain(`[AXOO] Your call "${TITLE}" is open`);
  });

  it('a non-member artist applies through the four steps', async () => {
    const page = await browser('en', artist);
    await page.goto(`/goodluck/${inviteId}/`);
    await page.getByTestId('apply').click();
    // Issue #33: step 0 (no eligibility questions here), then a new upload.
    await page.waitForURL(`**/goodluck/${inviteId}/apply/`);
    await page.getByTestId('eligibility-submit').click();
    await page.getByTestId('upload-new').click();
    await page.waitForURL(`**/goodluck/${inviteId}/upload/`);
    artworkId = await publishThroughUpload(page, inviteId);
    await page.getByTestId('next').click();
    await page.waitForURL(`**/goodluck/${inviteId}/application/${artworkId}/`);
    await page.getByLabel('1. Where would you paint it?').fill('On the north wall, in blue.');
    await page.getByTestId('agree').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/goodluck/${inviteId}/complete/${artworkId}/`);
    // My submission shows what the brand received, with the badge the brand sees: the work is not public.
    await page.getByTestId('my-submission').click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'application');
    await page.locator(`[data-testid=artwork-card][data-artwork-id="${artworkId}"]`).getByTestId('not-public').waitFor();
  });

  it('the brand scrolls to page 2 of every entry, sees the non-member’s, and selects it', async () => {
    // Thirty entries arrive after hers, so hers is on the second page of 24.
    const app = await fixtures();
    for (let i = 0; i < 30; i++) {
      const work = await buildArtwork(app, filler, { title: `Mural ${i}` });
      await app.db.insert(inviteApplications).values({ inviteId, artworkId: work.id, created: new Date(Date.now() + (i + 1) * 1000) });
    }
    const page = await browser('en', brand);
    await page.goto(`/goodluck/${inviteId}/?tab=submissions`);
    await expect.poll(() => page.getByTestId('submission-count').textContent()).toBe('31 entries');
    const card = page.locator(`[data-testid=submission-list] [data-artwork-id="${artworkId}"]`);
    expect(await card.count()).toBe(0);
    await scrollUntil(page, async () => (await card.count()) > 0);
    await card.getByTestId('not-public').waitFor();
    const toggle = card.getByTestId('select-toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'open-call-submissions-page2-en');
    // The filter shows it among the selected.
    await page.getByLabel('Selection').selectOption('selected');
    await expect.poll(() => page.getByTestId('submission-count').textContent()).toBe('1 entry');
    await page.locator(`[data-testid=submission-list] [data-artwork-id="${artworkId}"]`).waitFor();
  });
});

/** Scrolls to the bottom until `done` (infinite scroll loads the next page near the end). */
async function scrollUntil(page: Page, done: () => Promise<boolean>) {
  for (let i = 0; i < 40 && !(await done()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(150);
  }
  expect(await done()).toBe(true);
}

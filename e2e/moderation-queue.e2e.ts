import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtwork, buildPremium, buildStaff, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, mailTo, openBrowser, screenshot } from './support.ts';

// Issue #31 journey, reports and the queue, in ko and in en: a member reports an artwork from its overlay, staff hide
// it from the console's queue with a reason, its artist (told by mail) appeals, staff reverse, and it is back.
let app: FastifyInstance;
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const browsers: Browser[] = [];
async function browserAs(user: UserRow | null, lang: 'ko' | 'en', mobile = false) {
  const b = await openBrowser({ lang, ...(user ? { as: user } : {}), mobile });
  browsers.push(b);
  return b.page;
}
let staff: UserRow;
beforeAll(async () => {
  app = await fixtures();
  staff = await buildStaff(app, { name: 'Queue Staff' });
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

const words = {
  ko: {
    reason: /도용·무단 전재/,
    detail: '자세한 내용 (선택)',
    thanks: '신고가 접수되었습니다',
    note: '소유자에게 알릴 사유',
    appeal: '이의 제기 내용',
    reversed: '검토 결과 조치가 취소되었습니다.',
  },
  en: {
    reason: /Stolen or reposted work/,
    detail: 'Details (optional)',
    thanks: 'Thank you: staff will review it',
    note: 'Reason the owner is told',
    appeal: 'Your appeal',
    reversed: 'After review, the action was reversed.',
  },
} as const;

describe.each(['ko', 'en'] as const)('report, hide, appeal, reverse (issue #31, %s)', (lang) => {
  const w = words[lang];
  const stamp = `${lang}-${Date.now()}`;
  const title = `Harbour copy ${stamp}`;
  let artist: UserRow;
  let reporter: UserRow;
  let artworkId = 0;
  beforeAll(async () => {
    artist = await buildPremium(app, { name: `Harbour Artist ${stamp}`, language: lang });
    reporter = await buildUser(app, { name: `Reporter ${stamp}`, language: lang });
    artworkId = (await buildArtwork(app, artist, { title })).id;
  });

  it('a member reports the artwork from its overlay (phone)', async () => {
    const page = await browserAs(reporter, lang, true);
    await page.goto(`/artwork/${artworkId}/`);
    await page.getByTestId('report-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.reason).check();
    await dialog.getByLabel(w.detail).fill(`https://example.com/original ${stamp}`);
    await screenshot(page, `moderation-report-${lang}-390`);
    await dialog.getByTestId('report-submit').click();
    await until(() => dialog.getByTestId('report-done').textContent()).toContain(w.thanks);
    // Reporting again says it is already with staff.
    await page.keyboard.press('Escape');
    await page.getByTestId('report-open').click();
    await page.getByRole('dialog').getByLabel(w.reason).check();
    await page.getByRole('dialog').getByTestId('report-submit').click();
    await until(() => page.getByRole('dialog').getByTestId('report-done').getAttribute('data-state')).toBe('again');
  });

  it('staff hide it from the queue with a reason; the artist is told', async () => {
    const page = await browserAs(staff, lang);
    await page.goto('/admin/reports/');
    const group = page.locator(`[data-testid="report-group"][data-target="artwork"][data-target-id="${artworkId}"]`);
    await group.getByText(title).waitFor();
    await screenshot(page, `moderation-queue-${lang}-1366`);
    await group.getByLabel(w.note).fill(`Copied from another artist ${stamp}`);
    await group.getByTestId('act-hide').click();
    await until(() => group.count()).toBe(0);
    const mail = await mailTo(artist.email);
    expect(mail.text).toContain(`Copied from another artist ${stamp}`);
    // Others no longer find it; the page says nothing of it.
    const guest = await browserAs(null, lang);
    await guest.goto('/gallery/all/');
    const answer = await guest.request.get(`/api/v1/artworks/${artworkId}/`);
    expect(answer.status()).toBe(404);
  });

  it('the artist appeals from the notice (ko: logged in; en: the mailed link)', async () => {
    const mail = await mailTo(artist.email);
    const link = /https?:\/\/\S+\/moderation\/\d+\/\?token=\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const page = await browserAs(lang === 'ko' ? artist : null, lang, lang === 'ko');
    if (lang === 'ko') {
      // The artist still opens the hidden work, reads why, and follows its link to the notices.
      await page.goto(`/artwork/${artworkId}/`);
      const notice = page.getByTestId('moderation-notice');
      await until(() => notice.textContent()).toContain(`Copied from another artist ${stamp}`);
      await notice.getByRole('link').click();
      await page.waitForURL(/\/moderation\/$/);
    } else await page.goto(new URL(link as string).pathname + new URL(link as string).search);
    const decision = page.getByTestId('decision');
    await decision.getByText(`Copied from another artist ${stamp}`).waitFor();
    await decision.getByLabel(w.appeal).fill(`I painted this harbour myself ${stamp}`);
    await screenshot(page, `moderation-appeal-${lang}`);
    await decision.getByTestId('appeal-send').click();
    // Sent: the decision, asked again, says the appeal is being reviewed (and offers no second one).
    await until(() => decision.getByTestId('appeal-state').getAttribute('data-status')).toBe('open');
    expect(await decision.getByTestId('appeal-form').count()).toBe(0);
  });

  it('staff reverse the action from the appeals; the artwork is back and the audit log shows both', async () => {
    const page = await browserAs(staff, lang);
    await page.goto('/admin/appeals/');
    const appeal = page.getByTestId('appeal').filter({ hasText: `I painted this harbour myself ${stamp}` });
    await appeal.getByText(title).waitFor();
    await screenshot(page, `moderation-appeals-${lang}-1366`);
    await appeal.getByTestId('decide-reverse').click();
    await until(() =>
      page
        .getByTestId('appeal')
        .filter({ hasText: `I painted this harbour myself ${stamp}` })
        .count(),
    ).toBe(0);
    const guest = await browserAs(null, lang);
    await guest.goto(`/artwork/${artworkId}/`);
    await guest.getByRole('heading', { name: title }).first().waitFor();
    await page.goto('/admin/audit/');
    await page.locator('[data-testid="audit-row"][data-action="reverse"]').first().waitFor();
    await page.locator('[data-testid="audit-row"][data-action="hide"]').first().waitFor();
    await screenshot(page, `moderation-audit-${lang}-1366`);
    const owner = await browserAs(artist, lang);
    await owner.goto('/moderation/');
    await until(() => owner.getByTestId('appeal-state').first().textContent()).toBe(w.reversed);
  });
});

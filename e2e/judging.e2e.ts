import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteQuestions, invites } from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { unzip } from '../apps/api/test/zip.ts';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Browser, dataDir, fixtures, imageFile, mailsTo, mailTo, openBrowser, publishThroughUpload, screenshot } from './support.ts';

// Issue #16 journey: staff create a call in the console and give it a 3-criterion rubric, two artists apply, the owner invites two jurors who
// accept from their mails and score with the keyboard, the owner shortlists, runs round 2 and selects one; the
// SELECTED tab shows it, the selected and the not-selected artists got the right mails, and the juror pack ZIP
// holds both submissions.

const stamp = Date.now().toString(36);
const TITLE = `Juried poster call ${stamp}`;

describe('a juried open call (issue #16)', () => {
  let brand: UserRow;
  let staff: UserRow;
  let artistA: UserRow;
  let artistB: UserRow;
  let juror1: UserRow;
  let juror2: UserRow;
  let inviteId = 0;
  const open: Browser[] = [];
  const browser = async (lang: 'ko' | 'en', as?: UserRow, mobile = false) => {
    const b = await openBrowser({ lang, as, mobile });
    open.push(b);
    return b.page;
  };

  beforeAll(async () => {
    const app = await fixtures();
    brand = await buildUser(app, { name: 'Poster Brand', username: `brand.${stamp}`, language: 'en' });
    staff = await buildStaff(app, { name: 'Staff Kim', username: `staffkim.${stamp}` });
    artistA = await buildUser(app, { name: 'Mina Artist', username: `mina.${stamp}`, language: 'en' });
    artistB = await buildPremium(app, { name: '박작가', username: `park.${stamp}`, language: 'ko' });
    juror1 = await buildUser(app, { name: 'Juror One', username: `j1.${stamp}`, email: `j1.${stamp}@example.com` });
    juror2 = await buildUser(app, { name: '심사위원 둘', username: `j2.${stamp}`, email: `j2.${stamp}@example.com`, language: 'ko' });
  });
  afterAll(async () => {
    for (const b of open) await b.close();
  });

  it('staff create the call for the brand in the console, then give it a rubric of three weighted criteria', async () => {
    const page = await browser('en', staff);
    await page.goto('/admin/invites/');
    await page.getByRole('button', { name: 'New invite' }).click();
    const form = page.getByTestId('invite-form');
    await form.getByLabel('Owner (e-mail or id)', { exact: true }).fill(brand.email);
    await form.getByLabel('Title', { exact: true }).fill(TITLE);
    await form.getByLabel('Description', { exact: true }).fill('Send us a poster for the harbour festival.');
    await form.getByLabel('Status', { exact: true }).selectOption('ongoing');
    await form.getByLabel('Closes at', { exact: true }).fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16));
    await form.getByRole('button', { name: 'Add question' }).click();
    await form.getByLabel('Question 1', { exact: true }).fill('What inspired it?');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('invites-admin').getByText(TITLE).waitFor();
    const app = await fixtures();
    const [row] = await app.db.select().from(invites).where(eq(invites.title, TITLE));
    expect(row).toMatchObject({ ownerId: brand.id, status: 'ongoing' });
    inviteId = row.id;
    expect((await app.db.select().from(inviteQuestions).where(eq(inviteQuestions.inviteId, inviteId))).map((q) => q.question)).toEqual(['What inspired it?']);

    // The rubric: the first criterion in English, the other two in Korean (issue #29: the judging screens in both).
    const ko = await browser('ko', staff);
    for (const [lang, rubric, [nameKo, nameEn, weight]] of [
      ['en', page, ['구성', 'Composition', '3']],
      ['ko', ko, ['독창성', 'Originality', '2']],
      ['ko', ko, ['완성도', 'Craft', '1']],
    ] as const) {
      const words = lang === 'en' ? ['Name (Korean)', 'Name (English)', 'Weight', 'Add criterion'] : ['이름 (한국어)', '이름 (영어)', '가중치', '기준 추가'];
      if (!rubric.url().includes('tab=judging')) await rubric.goto(`/goodluck/${inviteId}/?tab=judging`);
      const panel = rubric.getByTestId('judging-panel');
      await panel.waitFor();
      const form = panel.getByTestId('criterion-form').last();
      await form.getByLabel(words[0]).fill(nameKo);
      await form.getByLabel(words[1]).fill(nameEn);
      await form.getByLabel(words[2]).fill(weight);
      await form.getByRole('button', { name: words[3] }).click();
      // Each language shows the criterion's name in its own language.
      await expect
        .poll(() =>
          panel
            .getByTestId('criteria')
            .getByText(lang === 'en' ? nameEn : nameKo)
            .count(),
        )
        .toBe(1);
    }
    await ko.getByRole('heading', { name: '평가 기준' }).waitFor();
    await expect.poll(() => ko.getByTestId('criteria').getByText('구성').count()).toBe(1);
    await screenshot(ko, 'judging-rubric-ko');
    await page.reload();
    await expect.poll(() => page.getByTestId('criteria').getByText('Craft').count()).toBe(1);
    await screenshot(page, 'judging-rubric-en');
  });

  it('two artists apply; each entry is frozen and receipted', async () => {
    const a = await browser('en', artistA);
    await a.goto(`/goodluck/${inviteId}/upload/`);
    const artworkId = await publishThroughUpload(a, inviteId);
    await a.getByTestId('next').click();
    await a.waitForURL(`**/goodluck/${inviteId}/application/${artworkId}/`);
    await a.getByLabel('1. What inspired it?').fill('The harbour at dawn.');
    await a.getByTestId('agree').check();
    await a.getByRole('button', { name: 'Submit' }).click();
    await a.waitForURL(`**/goodluck/${inviteId}/complete/${artworkId}/`);
    // The receipt page says what the jury will judge and what comes next.
    expect(await a.getByTestId('receipt-frozen').textContent()).toBe('The jury judges the copy received now; later edits to your project do not change it.');
    await a.getByTestId('receipt-notices').getByText('We e-mailed you a receipt', { exact: false }).waitFor();

    // The second artist's work already exists; she applies with it from her session.
    const app = await fixtures();
    // Its images are real stored files (the juror pack holds the originals).
    const keys = { cover: `e2e/${stamp}/sea-cover.png`, first: `e2e/${stamp}/sea-1.png`, second: `e2e/${stamp}/sea-2.jpg` };
    for (const [key, file] of [
      [keys.cover, await imageFile('sea-cover.png', 960, 668, '#1565c0', '#80deea')],
      [keys.first, await imageFile('sea-1.png', 1200, 900, '#0d47a1', '#4fc3f7')],
      [keys.second, await imageFile('sea-2.jpg', 900, 1200, '#006064', '#b2ebf2')],
    ]) {
      const to = join(dataDir(), 'media', key);
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(file, to);
    }
    const work = await buildArtwork(app, artistB, {
      title: '바다 포스터',
      cover: keys.cover,
      croppedCover: keys.cover,
      content: `<p><img src="/media/${keys.first}"></p><p><img src="/media/${keys.second}"></p>`,
    });
    const b = await browser('ko', artistB);
    await b.goto(`/goodluck/${inviteId}/`);
    const status = await b.evaluate(
      async ({ invite, artwork }) => {
        const csrf = /(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        const res = await fetch('/api/v1/invite-applications/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(csrf) },
          body: JSON.stringify({ invite, artwork }),
        });
        return res.status;
      },
      { invite: inviteId, artwork: work.id },
    );
    expect(status).toBe(201);
    expect((await mailTo(artistA.email)).subject).toBe(`[AXOO] Your submission to "${TITLE}" was received`);
    expect((await mailTo(artistB.email)).subject).toBe(`[AXOO] "${TITLE}" 공모 출품이 접수되었습니다`);
  });

  it('the owner invites two jurors, who accept from the mailed link', async () => {
    const page = await browser('en', brand);
    await page.goto(`/goodluck/${inviteId}/?tab=judging`);
    const panel = page.getByTestId('judging-panel');
    for (const juror of [juror1, juror2]) {
      await panel.getByLabel('Juror’s e-mail').fill(juror.email);
      await panel.getByTestId('invite-juror').click();
      await expect.poll(() => panel.getByTestId('jurors').getByText(juror.email).count()).toBeGreaterThan(0);
    }
    for (const [juror, lang] of [
      [juror1, 'en'],
      [juror2, 'ko'],
    ] as const) {
      const mail = await mailTo(juror.email);
      const link = new URL(/https?:\/\/\S+\/jury\/accept\/\S+/.exec(mail.text ?? '')![0]);
      const j = await browser(lang, juror);
      await j.goto(link.pathname + link.search);
      await j.getByTestId('accept-jury').click();
      await j.waitForURL(`**/goodluck/${inviteId}/jury/`);
      // Not under examination yet: the juror is told so, not sent to log in.
      await j.getByTestId('judging-closed').waitFor();
      // 'Calls I judge' lists this call, waiting for the examination.
      await j.goto('/goodluck/jury/');
      await j.getByTestId('my-juries').getByText(TITLE).waitFor();
      if (lang === 'ko') await screenshot(j, 'judging-my-juries-ko');
    }
    await page.reload();
    await expect.poll(() => page.getByTestId('jurors').getByText('Accepted').count()).toBe(2);
  });

  /**
   * Scores every submission of the juror's queue by keyboard: a digit per criterion, then Enter. A juror types as
   * soon as a submission shows, so the page must be ready for keys the moment it does: the panel holds the focus
   * when it appears, and at the instant each next submission's title is in the page (a mutation observer, run
   * before the browser handles another key) the keys already go to the panel and score its first open criterion.
   */
  async function scoreAll(page: Page, digits: string[][]) {
    const panel = page.getByTestId('scoring-panel');
    await panel.waitFor();
    expect(await panel.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.evaluate(() => {
      const moves: { focused: boolean; current: number }[] = [];
      Object.assign(window, { scoringMoves: moves });
      const panel = document.querySelector('[data-testid="scoring-panel"]');
      new MutationObserver(() => {
        const criteria = [...document.querySelectorAll('[data-testid="criterion"]')];
        moves.push({ focused: document.activeElement === panel, current: criteria.findIndex((c) => c.getAttribute('aria-current') === 'true') });
      }).observe(document.querySelector('[data-testid="item-title"]')!, { childList: true, characterData: true, subtree: true });
    });
    for (const row of digits) {
      const before = await page.getByTestId('item-title').textContent();
      for (const d of row) await page.keyboard.press(d);
      await page.keyboard.press('Enter');
      if (row !== digits[digits.length - 1]) await expect.poll(() => page.getByTestId('item-title').textContent()).not.toBe(before);
    }
    const moves = await page.evaluate(() => (window as unknown as { scoringMoves: unknown[] }).scoringMoves);
    expect(moves).toEqual(digits.slice(1).map(() => ({ focused: true, current: 0 })));
  }

  it('under examination, both jurors score blind with the keyboard', async () => {
    const app = await fixtures();
    // The closing date passes: the call is under examination.
    await app.db
      .update(invites)
      .set({ closed: new Date(Date.now() - 60_000) })
      .where(eq(invites.id, inviteId));
    const j1 = await browser('en', juror1);
    await j1.goto(`/goodluck/${inviteId}/jury/`);
    await j1.getByTestId('progress').waitFor();
    await expect.poll(() => j1.getByTestId('progress').textContent()).toBe('0 / 2 scored');
    const html = await j1.content();
    for (const artist of [artistA, artistB]) for (const value of [artist.name, artist.username]) expect(html).not.toContain(value);
    // The images are the entry's anonymous copies, not the artwork's files (whose folder names the artwork).
    const srcs = await j1
      .getByTestId('scoring')
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
    expect(srcs.length).toBeGreaterThan(0);
    for (const src of srcs) expect(src).toMatch(/^\/media\/submissions\/[a-z0-9]+\.(png|jpg|gif|webp)\?w=\d+$/);
    await screenshot(j1, 'judging-scoring-en');
    // Juror 1 prefers B (9s) over A; juror 2 too.
    await scoreAll(j1, [
      ['5', '6', '4'],
      ['9', '9', '8'],
    ]);
    await expect.poll(() => j1.getByTestId('progress').textContent()).toBe('2 / 2 scored');
    const j2 = await browser('ko', juror2);
    await j2.goto(`/goodluck/${inviteId}/jury/`);
    await expect.poll(() => j2.getByTestId('progress').textContent()).toBe('0 / 2 채점');
    await scoreAll(j2, [
      ['4', '4', '4'],
      ['0', '8', '9'],
    ]);
    await expect.poll(() => j2.getByTestId('progress').textContent()).toBe('2 / 2 채점');
    await screenshot(j2, 'judging-scoring-ko');
    const mobile = await browser('ko', juror2, true);
    await mobile.goto(`/goodluck/${inviteId}/jury/`);
    await mobile.getByTestId('progress').waitFor();
    await screenshot(mobile, 'judging-scoring-ko-390');
  });

  it('the owner closes round 1, shortlists the top one, runs round 2 and selects it; SELECTED shows it', async () => {
    // Round 1's ranking and shortlist in Korean (issue #29); round 2's selection in English.
    const ko = await browser('ko', brand);
    await ko.goto(`/goodluck/${inviteId}/?tab=judging`);
    const koPanel = ko.getByTestId('judging-panel');
    await koPanel.getByRole('heading', { name: '라운드와 순위' }).waitFor();
    await koPanel.getByTestId('close-round').click();
    await koPanel.getByTestId('shortlist-top').waitFor();
    await expect.poll(() => koPanel.getByTestId('ranking-row').first().textContent()).toContain('바다 포스터');
    await koPanel.getByRole('table', { name: '1라운드 순위' }).waitFor();
    await screenshot(ko, 'judging-ranking-ko');
    await koPanel.getByLabel('상위 몇 개를 후보로').fill('1');
    await koPanel.getByTestId('shortlist-top').click();
    await expect.poll(() => koPanel.getByTestId('ranking-row').count()).toBe(1);
    const page = await browser('en', brand);
    await page.goto(`/goodluck/${inviteId}/?tab=judging`);
    const panel = page.getByTestId('judging-panel');
    await expect.poll(() => panel.getByTestId('ranking-row').count()).toBe(1);
    await screenshot(page, 'judging-ranking-en');
    // Round 2: only the shortlist, scored again by both jurors.
    for (const [juror, lang] of [
      [juror1, 'en'],
      [juror2, 'ko'],
    ] as const) {
      const j = await browser(lang, juror);
      await j.goto(`/goodluck/${inviteId}/jury/`);
      await expect.poll(() => j.getByTestId('item-title').textContent()).toBe('바다 포스터');
      await scoreAll(j, [['8', '8', '8']]);
      await expect.poll(() => j.getByTestId('progress').textContent()).toMatch(/^1 \/ 1/);
    }
    await page.reload();
    await panel.getByTestId('close-round').click();
    await panel.getByTestId('select-final').first().click();
    await expect.poll(() => panel.getByTestId('select-final').first().getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('publish-selection').click();
    await page.getByRole('tab', { name: 'SELECTED' }).click();
    await expect.poll(() => page.getByRole('tabpanel').getByText('바다 포스터').count()).toBeGreaterThan(0);
    await screenshot(page, 'judging-selected-en');
  });

  it('the selected and the not-selected artists got the right mails, and the juror pack holds both entries', async () => {
    await expect.poll(async () => (await mailsTo(artistB.email)).map((m) => m.subject)).toContain(`[AXOO] "${TITLE}" 공모에 선정되었습니다`);
    expect((await mailsTo(artistB.email)).map((m) => m.subject)).toContain(`[AXOO] "${TITLE}" 공모의 후보에 올랐습니다`);
    await expect.poll(async () => (await mailsTo(artistA.email)).map((m) => m.subject)).toContain(`[AXOO] The results of "${TITLE}"`);
    expect((await mailsTo(artistA.email)).map((m) => m.subject)).not.toContain(`[AXOO] Your submission to "${TITLE}" was selected`);

    const page = await browser('ko', brand);
    await page.goto(`/goodluck/${inviteId}/?tab=judging`);
    const panel = page.getByTestId('judging-panel');
    // The dashboard in Korean: both entries, and each juror's progress.
    await panel.getByRole('heading', { name: '현황 · 출품 2개' }).waitFor();
    await panel.getByRole('heading', { name: '심사위원별 채점 진행률' }).waitFor();
    await panel.getByRole('heading', { name: '심사 자료' }).waitFor();
    await panel.getByTestId('make-pack').click();
    const link = panel.getByTestId('download-pack');
    await link.waitFor({ timeout: 30_000 });
    await screenshot(page, 'judging-panel-ko');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = await download.path();
    const files = await unzip(readFileSync(path));
    const names = [...files.keys()];
    const submissions = new Set(names.filter((n) => n.startsWith('images/')).map((n) => n.split('/')[1].split('-')[0]));
    expect(submissions.size).toBe(2);
    expect(names.filter((n) => n.endsWith('.jpg'))).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(['answers.csv', 'scores.csv']));
    const answers = files.get('answers.csv')!.toString('utf8');
    expect(answers.startsWith('\uFEFF')).toBe(true);
    expect(answers).toContain('The harbour at dawn.');
    expect(answers).toContain('바다 포스터');
  });
});

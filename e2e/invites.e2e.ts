import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteColumns, invitePages, inviteQuestions, invites } from '../apps/api/src/db/schema/index.ts';
import { buildInvite, buildPremium, buildStaff, PASSWORD, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, openBrowser, publishThroughUpload, screenshot } from './support.ts';

// Issue #8 journey: a brand's open call end to end (SPEC §2 Invites, §4, §5, §6).

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Full-page screenshot from the top, so the fixed top bar sits where a reader expects it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Logs in through the real login form. */
async function login(page: Page, user: UserRow) {
  await page.goto('/login/');
  await page.getByLabel(/email|이메일/i).fill(user.email);
  await page
    .getByLabel(/password|비밀번호/i)
    .first()
    .fill(PASSWORD);
  await page.getByRole('button', { name: /^(login|로그인)$/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login/');
}

async function logout(page: Page) {
  await page.context().clearCookies();
}

let app: FastifyInstance;
let staff: UserRow;
let owner: UserRow;
let artist: UserRow;

beforeAll(async () => {
  app = await fixtures();
  staff = await buildStaff(app, { name: 'Staff Kim' });
  owner = await buildPremium(app, { name: 'Brand Owner', username: `brand${Date.now()}` });
  artist = await buildPremium(app, { name: '이아티스트' });
});

describe('invite screens in both languages', () => {
  const browsers: Partial<Record<'ko' | 'en', Browser>> = {};
  let inviteId: number;
  beforeAll(async () => {
    const invite = await buildInvite(app, owner, {
      title: 'Summer Poster Open Call',
      subtitle: 'Posters for the summer festival',
      description: 'Send us a poster for the festival. The selected work is printed in 1,000 copies.',
      closed: new Date(Date.now() + 3 * 86_400_000 + 5 * 3_600_000),
    });
    inviteId = invite.id;
    const [page] = await app.db.insert(invitePages).values({ inviteId: invite.id, backgroundColor: '#F4EFE6', order: 1 }).returning();
    await app.db.insert(inviteColumns).values([
      { pageId: page.id, content: '<h2>About the call</h2><p>Any technique is welcome.</p>', width: 6, order: 1 },
      { pageId: page.id, content: '<h2>Prize</h2><p>Printing and a fee.</p>', width: 6, order: 2 },
    ]);
    await buildInvite(app, owner, { title: 'Winter Book Covers', subtitle: 'Under examination', status: 'examination' });
    await buildInvite(app, owner, { title: 'Spring Packaging', status: 'selection', selected: new Date() });
  });
  afterAll(async () => {
    await browsers.ko?.close();
    await browsers.en?.close();
  });

  for (const lang of ['ko', 'en'] as const) {
    it(`shows the list and a detail in ${lang}`, async () => {
      browsers[lang] = await openBrowser({ lang });
      const { page } = browsers[lang];
      await page.goto('/goodluck/');
      const card = page.locator(`[data-testid=invite-card][data-invite-id="${inviteId}"]`);
      await card.waitFor();
      expect(await card.getByTestId('invite-status').textContent()).toBe(lang === 'ko' ? '진행 중' : 'in progress');
      expect(await page.getByText(lang === 'ko' ? '심사 중' : 'under examination').count()).toBeGreaterThan(0);
      await shot(page, `invites-list-${lang}`);

      await card.click();
      await page.waitForURL(`**/goodluck/${inviteId}/`);
      await page.getByRole('heading', { level: 1, name: 'Summer Poster Open Call' }).waitFor();
      expect(await page.getByTestId('remaining').textContent()).toMatch(lang === 'ko' ? /^3일 [45]시간 \d+분 남음$/ : /^3d [45]h \d+m left$/);
      expect(await page.getByTestId('invite-column').count()).toBe(2);
      // A guest sees DETAIL only (no SELECTED before selection, no SUBMISSIONS).
      expect(await page.getByRole('tab').allTextContents()).toEqual(['DETAIL']);
      await shot(page, `invites-detail-${lang}`);

      // The heart sends a guest to login with the way back.
      await page.getByTestId('subscribe').click();
      await page.waitForURL((url) => url.pathname === '/login/');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/goodluck/${inviteId}/`);
    });
  }
});

describe('an open call end to end', () => {
  let browser: Browser;
  let page: Page;
  let inviteId: number;
  let artworkId: number;
  const TITLE = `Goodluck Journey ${Date.now()}`;

  beforeAll(async () => {
    browser = await openBrowser({ lang: 'ko' });
    page = browser.page;
  });
  afterAll(() => browser?.close());

  it('staff creates an ongoing invite with two questions in the console', async () => {
    await login(page, staff);
    await page.goto('/admin/invites/');
    await page.getByRole('button', { name: '새 공모' }).click();
    const form = page.getByTestId('invite-form');
    await form.getByLabel('주최자 (이메일 또는 번호)', { exact: true }).fill(owner.email);
    await form.getByLabel('제목', { exact: true }).fill(TITLE);
    await form.getByLabel('부제목', { exact: true }).fill('여름 포스터');
    await form.getByLabel('설명', { exact: true }).fill('축제 포스터를 보내 주세요.');
    await form.getByLabel('상태', { exact: true }).selectOption('ongoing');
    await form.getByLabel('마감 일시', { exact: true }).fill('2031-06-30T18:00');
    await form.getByRole('button', { name: '질문 추가' }).click();
    await form.getByLabel('질문 1', { exact: true }).fill('작업 의도를 알려 주세요.');
    await form.getByRole('button', { name: '질문 추가' }).click();
    await form.getByLabel('질문 2', { exact: true }).fill('사용한 기법은 무엇인가요?');
    await shot(page, 'invites-admin-form-ko');
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByTestId('invites-admin').getByText(TITLE).waitFor();
    await shot(page, 'invites-admin-list-ko');

    const [row] = await app.db.select().from(invites).where(eq(invites.title, TITLE));
    expect(row).toMatchObject({ ownerId: owner.id, status: 'ongoing' });
    inviteId = row.id;
    const questions = await app.db.select().from(inviteQuestions).where(eq(inviteQuestions.inviteId, inviteId));
    expect(questions.map((q) => q.question).sort()).toEqual(['사용한 기법은 무엇인가요?', '작업 의도를 알려 주세요.']);
  });

  it('staff adds a page with two columns inline; cancelling a never-saved column deletes it', async () => {
    await page.goto(`/goodluck/${inviteId}/`);
    await page.getByRole('button', { name: '페이지 편집' }).click();
    await page.getByRole('button', { name: '페이지 추가' }).click();
    await page.getByTestId('invite-page').waitFor();

    for (const [i, text] of ['첫 번째 칸: 공모 안내', '두 번째 칸: 혜택'].entries()) {
      await page.getByRole('button', { name: '칸 추가' }).click();
      const editor = page.getByTestId('column-editor');
      await editor.locator('.ProseMirror').fill(text);
      if (i === 1) {
        await editor.getByRole('button', { name: '12 / 12' }).click();
        await shot(page, 'invites-column-editor-ko');
      }
      await editor.getByRole('button', { name: '저장' }).click();
      await editor.waitFor({ state: 'detached' });
    }
    // A third column, cancelled before it was ever saved, is gone (SPEC §4 Column editing).
    await page.getByRole('button', { name: '칸 추가' }).click();
    await page.getByTestId('column-editor').getByRole('button', { name: '취소' }).click();
    await page.getByTestId('column-editor').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('invite-column').count()).toBe(2);
    await page.getByRole('button', { name: '편집 끝내기' }).click();
    await shot(page, 'invites-detail-staff-ko');

    const columns = await app.db
      .select({ content: inviteColumns.content, width: inviteColumns.width })
      .from(inviteColumns)
      .innerJoin(invitePages, eq(invitePages.id, inviteColumns.pageId))
      .where(eq(invitePages.inviteId, inviteId))
      .orderBy(inviteColumns.order);
    expect(columns).toEqual([
      { content: '<p>첫 번째 칸: 공모 안내</p>', width: 6 },
      { content: '<p>두 번째 칸: 혜택</p>', width: 12 },
    ]);
    await logout(page);
  });

  it('an artist subscribes and applies through all four steps (in English, through the real upload screen)', async () => {
    const en = await openBrowser({ lang: 'en' });
    try {
      const artistPage = en.page;
      await login(artistPage, artist);
      await artistPage.goto(`/goodluck/${inviteId}/`);
      const heart = artistPage.getByTestId('subscribe');
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      await artistPage.reload();
      await expect.poll(() => artistPage.getByTestId('subscribe').getAttribute('aria-pressed')).toBe('true');
      await shot(artistPage, 'invites-detail-artist-en');

      // (1) the upload screen tied to the invite, (2) 'Published'.
      await artistPage.getByTestId('apply').click();
      // Issue #33: step 0 (no eligibility questions here), then a new upload rather than a project of one's own.
      await artistPage.waitForURL(`**/goodluck/${inviteId}/apply/`);
      await artistPage.getByTestId('eligibility-submit').click();
      await artistPage.getByTestId('upload-new').click();
      await artistPage.waitForURL(`**/goodluck/${inviteId}/upload/`);
      artworkId = await publishThroughUpload(artistPage, inviteId);
      await artistPage.getByRole('heading', { name: 'Published' }).waitFor();
      await shot(artistPage, 'invites-published-en');
      await artistPage.getByTestId('next').click();

      // (3) questions: counter, 250 max, the agreement enables Submit.
      await artistPage.waitForURL(`**/goodluck/${inviteId}/application/${artworkId}/`);
      const submit = artistPage.getByRole('button', { name: 'Submit' });
      await artistPage.getByLabel('1. 작업 의도를 알려 주세요.').fill('여름의 빛을 담았습니다.');
      expect(await artistPage.getByTestId('answer-counter').first().textContent()).toBe('13 / 250');
      const second = artistPage.getByLabel('2. 사용한 기법은 무엇인가요?');
      await second.fill('Ink and '.repeat(40));
      expect((await second.inputValue()).length).toBe(250);
      expect(await artistPage.getByTestId('answer-counter').nth(1).textContent()).toBe('250 / 250');
      expect(await submit.isDisabled()).toBe(true);
      await artistPage.getByTestId('agree').check();
      expect(await submit.isEnabled()).toBe(true);
      await shot(artistPage, 'invites-application-en');
      await submit.click();

      // (4) complete.
      await artistPage.waitForURL(`**/goodluck/${inviteId}/complete/${artworkId}/`);
      await artistPage.getByRole('heading', { name: 'CONGRATULATIONS!' }).waitFor();
      await shot(artistPage, 'invites-complete-en');

      // My submission: the profile's application tab lists it.
      // The profile's tab first: the link navigates in the page, and the accessibility check that follows the URL would
      // otherwise read the moment between the complete page and the lazily loaded profile (no heading).
      await artistPage.getByTestId('my-submission').click();
      await artistPage.locator(`[data-testid=artwork-card][data-artwork-id="${artworkId}"]`).waitFor();
      await artistPage.waitForURL((url) => url.pathname === `/${artist.slug}/` && url.searchParams.get('type') === 'application');
      await shot(artistPage, 'invites-my-submission-en');
    } finally {
      await en.close();
    }
  });

  it('the owner selects it; in selection status the SELECTED tab and the overlay show it', async () => {
    await login(page, owner);
    await page.goto(`/goodluck/${inviteId}/?tab=submissions`);
    const card = page.locator(`[data-testid=submission-list] [data-testid=artwork-card][data-artwork-id="${artworkId}"]`);
    const toggle = card.getByTestId('select-toggle');
    // The page is whole (hydrated, its first lists in) before the owner acts.
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    // The card shows the choice at once; the server's answer is what keeps it.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v1/invite-applications/'));
    await toggle.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    // The list asked again after the answer still says so (nothing moves under the next click).
    await page.waitForLoadState('networkidle');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    // The owner reads the answers beside the work.
    await card.getByText('답변 (2)').click();
    await card.getByText('여름의 빛을 담았습니다.').waitFor();
    await shot(page, 'invites-submissions-owner-ko');
    // Not in selection status yet: no SELECTED tab (the owner also has JUDGING, issue #16).
    expect(await page.getByRole('tab').allTextContents()).toEqual(['DETAIL', 'SUBMISSIONS', 'JUDGING']);
    await logout(page);

    // Staff moves the invite to selection in the console.
    await login(page, staff);
    await page.goto('/admin/invites/');
    const row = page.getByTestId('invites-admin').getByRole('row').filter({ hasText: TITLE });
    await row.getByRole('button', { name: '공모 편집' }).click();
    const form = page.getByTestId('invite-form');
    await form.getByLabel('상태', { exact: true }).selectOption('selection');
    await form.getByLabel('선정 발표일', { exact: true }).fill('2031-07-15T12:00');
    // The console's list is on the page all along: wait for the save's answer itself before the session ends.
    const moved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/v1/invites/${inviteId}/`);
    await form.getByRole('button', { name: '저장' }).click();
    expect((await moved).status()).toBe(200);
    await page.getByTestId('invites-admin').waitFor();
    await logout(page);

    // The artist sees the SELECTED tab with their work, and the overlay lists the submission.
    await login(page, artist);
    await page.goto(`/goodluck/${inviteId}/`);
    await page.getByRole('tab', { name: 'SELECTED' }).click();
    const selectedCard = page.locator(`[data-testid=selected-list] [data-artwork-id="${artworkId}"]`);
    await selectedCard.waitFor();
    await shot(page, 'invites-selected-ko');
    await selectedCard.getByRole('link').first().click();
    await page.waitForURL(`**/artwork/${artworkId}/`);
    const submission = page.getByRole('link', { name: new RegExp(TITLE) });
    await submission.waitFor();
    expect(await submission.getAttribute('href')).toBe(`/goodluck/${inviteId}/`);
    await shot(page, 'invites-overlay-submission-ko');
    expect(pathOf(page)).toBe(`/artwork/${artworkId}/`);
  });
});

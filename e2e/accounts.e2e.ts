import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPremium, buildUser, PASSWORD } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, loginThroughUi, mailTo, openBrowser, screenshot } from './support.ts';

const path = (page: Page) => new URL(page.url()).pathname;

// Issue #3 journey: sign up → log out → log in through a guarded route → change password →
// reset by e-mail → log in → delete the account (SPEC §2, §4, §5, §7, §8).
/** Issue #36: logging out is the page's button (a POST with the CSRF check), then home as a guest. */
async function logOut(page: Page) {
  await page.goto('/accounts/logout/');
  await page.getByRole('button', { name: '로그아웃' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('accounts', () => {
  let ko: Browser;
  let en: Browser;
  beforeAll(async () => {
    ko = await openBrowser({ lang: 'ko' });
    en = await openBrowser({ lang: 'en' });
  });
  afterAll(async () => {
    await ko?.close();
    await en?.close();
  });

  const stamp = Date.now().toString(36);
  const email = `journey-${stamp}@example.com`;
  const username = `journey.${stamp}`;

  it('signs up (mismatch first), lands home logged in, and logs out', async () => {
    const { page } = ko;
    await page.goto('/signup/');
    await page.getByRole('heading', { name: '회원가입' }).waitFor();
    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호', { exact: true }).fill('Journey123');
    await page.getByLabel('비밀번호 확인').fill('Journey124');
    await page.getByLabel('이름', { exact: true }).fill('여정 테스트');
    await page.getByLabel('전화번호 (선택)').fill('010-1234-5678');
    await page.getByLabel('사용자 이름 (URL)').fill(username);
    await page.getByLabel('생년월일').fill('1994-03-15');
    await page.getByLabel('성별').selectOption('Female');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.getByText('비밀번호가 일치하지 않습니다.').waitFor();
    // The focused confirmation scrolled the page; the full-page shot reads best from the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'accounts-signup-ko');

    await page.getByLabel('비밀번호 확인').fill('Journey123');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'UPLOAD' }).waitFor();

    await logOut(page);
    await page.getByRole('link', { name: 'LOGIN' }).waitFor();
  });

  it('sends a guest on /accounts/ to login and comes back there after logging in', async () => {
    const { page } = ko;
    await page.goto('/accounts/');
    await page.waitForURL(/\/login\/\?redirect=/);
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/accounts/');
    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호').fill('Wrong12345');
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByText('아이디 또는 비밀번호를 확인해주세요.').waitFor();
    await screenshot(page, 'accounts-login-failed-ko');

    await page.getByLabel('비밀번호').fill('Journey123');
    await page.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL((url) => url.pathname === '/accounts/');
    await page.getByRole('heading', { name: '계정 설정' }).waitFor();
    expect(await page.getByLabel('이메일').inputValue()).toBe(email);
    expect(await page.getByLabel('이메일').isEditable()).toBe(false);
    expect(await page.getByLabel('사용자 이름 (URL)').inputValue()).toBe(username);
    await screenshot(page, 'accounts-account-ko');
  });

  it('changes the password', async () => {
    const { page } = ko;
    await page.getByRole('link', { name: '비밀번호 변경' }).click();
    await page.waitForURL((url) => url.pathname === '/accounts/password/');
    await page.getByRole('heading', { name: '비밀번호 변경' }).waitFor();
    await page.getByLabel('기존 비밀번호').fill('Journey123');
    await page.getByLabel('새 비밀번호', { exact: true }).fill('Changed123');
    await page.getByLabel('새 비밀번호 확인').fill('Changed124');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByText('비밀번호가 일치하지 않습니다.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('change-password_confirm');
    // Issue #29.8: the server's per-field message (a wrong old password) takes the focus to its field too.
    await page.getByLabel('기존 비밀번호').fill('Wrong1234');
    await page.getByLabel('새 비밀번호 확인').fill('Changed123');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByText('기존 비밀번호가 올바르지 않습니다.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('change-old_password');
    await page.getByLabel('기존 비밀번호').fill('Journey123');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByText('비밀번호가 변경되었습니다.').waitFor();
  });

  it('resets the password through the mailed link, then logs in with it', async () => {
    const { page } = ko;
    await logOut(page);
    await page.goto('/login/');
    await page.getByRole('link', { name: 'Forget It?' }).click();
    await page.waitForURL((url) => url.pathname === '/accounts/password/reset/');
    await page.getByRole('heading', { name: '비밀번호 재설정' }).waitFor();
    await page.getByLabel('이메일').fill(email);
    await page.getByRole('button', { name: '재설정 메일 보내기' }).click();
    await page.getByText('비밀번호 재설정 안내를 이메일로 보냈습니다. 받은편지함을 확인하세요.').waitFor();

    const mail = await mailTo(email, /비밀번호 재설정/);
    expect(mail.subject).toBe('[AXOO] 비밀번호 재설정 안내');
    const link = /https?:\/\/\S+\/accounts\/reset\/[\w-]+\/[\w-]+\//.exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(link as string);
    await page.getByRole('heading', { name: '새 비밀번호 설정' }).waitFor();
    await page.getByLabel('새 비밀번호', { exact: true }).fill('Reset12345');
    await page.getByLabel('새 비밀번호 확인').fill('Reset12345');
    await page.getByRole('button', { name: '비밀번호 설정' }).click();
    await page.getByText('비밀번호가 설정되었습니다. 이제 로그인할 수 있습니다.').waitFor();
    await screenshot(page, 'accounts-reset-done-ko');

    // The link works once.
    await page.goto(link as string);
    await page.getByLabel('새 비밀번호', { exact: true }).fill('Again12345');
    await page.getByLabel('새 비밀번호 확인').fill('Again12345');
    await page.getByRole('button', { name: '비밀번호 설정' }).click();
    await page.getByText(/비밀번호 재설정 링크가 유효하지 않습니다/).waitFor();
    await screenshot(page, 'accounts-reset-expired-ko');

    await loginThroughUi(page, email, 'Reset12345');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'UPLOAD' }).waitFor();
  });

  it('deletes the account after confirmation', async () => {
    const { page } = ko;
    await page.goto('/accounts/');
    await page.getByRole('heading', { name: '계정 설정' }).waitFor();
    await page.getByRole('button', { name: '계정 삭제' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('정말 계정을 삭제하시겠습니까?', { exact: false }).waitFor();
    const answer = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: '삭제', exact: true }).click();
    expect((await answer).status()).toBe(204);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'LOGIN' }).waitFor();
    await loginThroughUi(page, email, 'Reset12345');
    await page.getByText('아이디 또는 비밀번호를 확인해주세요.').waitFor();
    expect(path(page)).toBe('/login/');
  });

  it('reads in English: login, sign up, account, and the premium notice instead of deletion', async () => {
    const { page } = en;
    await page.goto('/login/');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await screenshot(page, 'accounts-login-en');
    await page.goto('/signup/');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('This field is required.').first().waitFor();
    await screenshot(page, 'accounts-signup-en');

    const app = await fixtures();
    const member = await buildPremium(app, { name: 'Premium Member' });
    await loginThroughUi(page, member.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/accounts/');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Apply Deletion' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete account' }).count()).toBe(0);
    await screenshot(page, 'accounts-account-premium-en');

    // Server field messages in English under their fields.
    const other = await buildUser(app);
    await page.getByLabel('Username (URL)').fill(other.username);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#account-username-error').waitFor();
    await screenshot(page, 'accounts-account-en');
  });

  it('shows the Korean premium notice and the English login page of a guest', async () => {
    const { page } = ko;
    const app = await fixtures();
    const member = await buildPremium(app);
    await loginThroughUi(page, member.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/accounts/');
    await page.getByText('유료 멤버십 회원의 탈퇴는', { exact: false }).waitFor();
    await screenshot(page, 'accounts-account-premium-ko');
    await logOut(page);
    await page.goto('/login/');
    await screenshot(page, 'accounts-login-ko');
  });
});

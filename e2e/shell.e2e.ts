import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openBrowser, screenshot } from './support.ts';

// Issue #2 journey: the shell in both languages and the login guard.
describe('shell', () => {
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

  it('renders the top bar and footer for a guest (SPEC §2 Shell)', async () => {
    const { page } = ko;
    await page.goto('/');
    await page.getByRole('link', { name: 'Discover' }).first().waitFor();
    await page.getByRole('link', { name: 'LOGIN' }).waitFor();
    await page.getByRole('link', { name: 'SIGN UP' }).waitFor();
    await page.getByText(`© 2023–${new Date().getFullYear()} `).waitFor();
    await page.getByRole('link', { name: '개인정보처리방침' }).waitFor();
    await screenshot(page, 'shell-home-ko');
  });

  it('switches language and keeps the choice across reloads', async () => {
    const { page } = ko;
    await page.goto('/');
    await page.getByRole('button', { name: 'EN' }).click();
    // The English bundle loads on demand: wait for it rather than read at once.
    await page.getByRole('link', { name: 'Privacy Policy' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Privacy Policy' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('button', { name: 'KO' }).click();
    await page.getByRole('link', { name: '개인정보처리방침' }).waitFor();
  });

  it('sends a guest on a login-required route to /login/ with the redirect query (SPEC §2 Guard)', async () => {
    const { page } = en;
    await page.goto('/accounts/password/');
    await page.waitForURL(/\/login\//);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/accounts/password/');
  });

  it('redirects /gallery/ to /gallery/all/', async () => {
    const { page } = en;
    await page.goto('/gallery/');
    await page.waitForURL(/\/gallery\/all\/$/);
  });
});

import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkViews, follows, notifications, users } from '../apps/api/src/db/schema/index.ts';
import { sendDigests } from '../apps/api/src/features/notifications/service.ts';
import { buildArtwork, buildPremium, buildUser, PASSWORD, type UserRow } from '../apps/api/test/factories.ts';
import { baseURL, type Browser, dataDir, fixtures, imageFile, mailTo, openBrowser, screenshot } from './support.ts';

/**
 * Issue #17 journey: artist B follows artist A → A publishes → B's feed shows it and B's bell counts 1 → A's insights
 * show the view and the follower after B opens the work → B turns off "followed artist published" mails and the
 * digest no longer includes it.
 */
let db: FastifyInstance;
const browsers: Browser[] = [];
let a: UserRow;
let b: UserRow;

async function browserAs(user: UserRow, lang: 'ko' | 'en', mobile = false) {
  const browser = await openBrowser({ lang, as: user, mobile });
  browsers.push(browser);
  return browser;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  db = await fixtures();
  a = await buildPremium(db, { name: 'Ahn Painter', username: `ahn${Date.now() % 100000}` });
  b = await buildPremium(db, { name: 'Bae Collector', username: `bae${Date.now() % 100000}`, language: 'en', email: `bae${Date.now()}@example.com` });
});
afterAll(async () => {
  for (const browser of browsers) await browser.close();
});

describe('follows, feed, notifications and insights (issue #17)', () => {
  it('B follows A, A publishes, B sees it in the feed and the bell, A sees the view and the follower, B mutes publish mails', async () => {
    const { page } = await browserAs(b, 'en');
    // B's feed starts empty, with suggestions.
    await page.goto('/following/');
    await page.getByTestId('feed-empty').waitFor();

    // B follows A from A's profile (optimistic: the button flips at once).
    await page.goto(`/${a.slug}/`);
    await page.getByTestId('profile').waitFor();
    const follow = page.getByTestId('profile').getByTestId('follow');
    await follow.click();
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('followers-count').textContent()).toContain('1');

    // A publishes: the artwork becomes visible, the queued fan-out tells B.
    // A real cover where the server's local storage keeps it, so the cards and the insights show an image.
    const cover = `e2e-follows/harbour-${Date.now()}.png`;
    const file = join(dataDir(), 'media', cover);
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(await imageFile('harbour.png', 960, 668, '#0d47a1', '#ffcc80'), file);
    const art = await buildArtwork(db, a, { title: 'Morning Harbour', cover, croppedCover: cover, rawCover: cover });
    const notice = await until(
      () =>
        db.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, b.id), eq(notifications.type, 'publish'))),
      (rows) => rows.length === 1,
    );
    expect(notice).toHaveLength(1);

    await page.goto('/following/');
    await page.locator(`[data-artwork-id="${art.id}"]`).waitFor();
    await expect.poll(() => page.getByTestId('bell-count').textContent()).toBe('1');
    await screenshot(page, 'follows-feed-en');
    await page.getByTestId('bell').click();
    await page.locator('[data-testid="notice"][data-type="publish"]').waitFor();
    await screenshot(page, 'follows-bell-panel-en');
    await page.keyboard.press('Escape');
    // The same feed and bell in Korean (issue #29): the notice reads in Korean.
    const koB = await browserAs(b, 'ko');
    await koB.page.goto('/following/');
    await koB.page.getByRole('heading', { name: '팔로잉', level: 1 }).waitFor();
    await koB.page.locator(`[data-artwork-id="${art.id}"]`).waitFor();
    const bell = koB.page.getByTestId('bell');
    expect(await bell.getAttribute('aria-label')).toMatch(/^알림/);
    await bell.click();
    const koNotice = koB.page.locator('[data-testid="notice"][data-type="publish"]');
    await expect.poll(() => koNotice.textContent()).toContain('Ahn Painter님이 새 작품 "Morning Harbour"을(를) 올렸습니다.');
    await screenshot(koB.page, 'follows-bell-panel-ko');
    await koB.page.keyboard.press('Escape');

    // B opens the work from the feed (a unique view of the day).
    await page.locator(`[data-artwork-id="${art.id}"] a[href="/artwork/${art.id}/"]`).first().click();
    await page.getByRole('dialog').waitFor();
    await until(
      () => db.db.select().from(artworkViews).where(eq(artworkViews.artworkId, art.id)),
      (rows) => rows.length === 1,
    );

    // A's insights show the view and the follower (en, ko and 390 px).
    const owner = await browserAs(a, 'en');
    await owner.page.goto(`/${a.slug}/insights/?days=7`);
    await owner.page.getByTestId('insights').waitFor();
    await expect.poll(() => owner.page.getByTestId('total-views').locator('dd').textContent()).toBe('1');
    expect(await owner.page.getByTestId('total-followers').locator('dd').textContent()).toBe('1');
    expect(await owner.page.getByTestId('top-artworks').textContent()).toContain('Morning Harbour');
    expect(await owner.page.getByTestId('referrers').textContent()).toContain('Pages of');
    await owner.page.locator('.u-over').first().waitFor();
    // Each artwork's numbers, and its chart on a click.
    const row = owner.page.getByTestId(`artwork-row-${art.id}`);
    expect(await row.textContent()).toContain('Morning Harbour');
    await row.getByRole('button').click();
    await owner.page.getByTestId('artwork-chart').locator('.u-over').waitFor();
    await expect.poll(() => owner.page.getByTestId('artwork-chart').textContent()).toContain('1 view · 0 collects');
    await screenshot(owner.page, 'insights-en');
    const ko = await browserAs(a, 'ko');
    await ko.page.goto(`/${a.slug}/insights/?days=30`);
    await ko.page.locator('.u-over').first().waitFor();
    await expect.poll(() => ko.page.getByTestId('total-views').locator('dd').textContent()).toBe('1');
    await screenshot(ko.page, 'insights-ko');
    const mobile = await browserAs(a, 'ko', true);
    await mobile.page.goto(`/${a.slug}/insights/?days=7`);
    await mobile.page.locator('.u-over').first().waitFor();
    await screenshot(mobile.page, 'insights-ko-390');
    // Anyone else finds nothing there.
    await page.goto(`/${a.slug}/insights/`);
    await page.getByTestId('insights-not-found').waitFor();

    // B turns off "followed artist published" mails on the account page, in Korean (issue #29).
    const prefs = (await browserAs(b, 'ko')).page;
    await prefs.goto('/accounts/');
    await prefs.getByRole('heading', { name: '알림 메일' }).waitFor();
    const publish = prefs.getByLabel('팔로우한 작가의 새 작품');
    await publish.waitFor();
    expect(await publish.getAttribute('data-testid')).toBe('mail-publish');
    expect(await publish.isChecked()).toBe(true);
    // The preferences arrive with the account page's other sections: let their queries settle before the click.
    await prefs.waitForLoadState('networkidle').catch(() => {});
    await publish.uncheck();
    await expect.poll(() => prefs.getByTestId('mail-publish').isChecked()).toBe(false);
    await screenshot(prefs, 'follows-mail-preferences-ko');
    // Saved: the English page shows it off too.
    await page.goto('/accounts/');
    await expect.poll(() => page.getByTestId('mail-publish').isChecked()).toBe(false);

    // A follows B back: the digest carries that, and not the publish.
    await owner.page.goto(`/${b.slug}/`);
    await owner.page.getByTestId('profile').getByTestId('follow').click();
    await until(
      () =>
        db.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, b.id), eq(notifications.type, 'follow'))),
      (rows) => rows.length === 1,
    );
    const secret = readFileSync(join(dataDir(), 'secret-key'), 'utf8').trim();
    const [bRow] = await db.db.select().from(users).where(eq(users.id, b.id));
    await sendDigests({ db: db.db, config: { SECRET_KEY: secret, SITE_NAME: 'AXOO' } as never }, baseURL(), [bRow.id]);
    const digest = await mailTo(b.email);
    expect(digest.text).toContain('Ahn Painter started following you.');
    expect(digest.text).not.toContain('Morning Harbour');
  });

  it('sends a guest who clicks Follow to login and makes the follow when they come back', async () => {
    const guest = await buildUser(db, { language: 'ko', email: `guest-follow${Date.now()}@example.com` });
    const browser = await openBrowser({ lang: 'ko' });
    browsers.push(browser);
    const { page } = browser;
    await page.goto(`/${a.slug}/`);
    await page.getByTestId('profile').waitFor();
    await page.getByTestId('profile').getByTestId('follow').click();
    // To login, with the way back.
    await page.waitForURL((url) => url.pathname === '/login/' && url.searchParams.get('redirect') === `/${a.slug}/`);
    expect(await db.db.select().from(follows).where(eq(follows.followerId, guest.id))).toHaveLength(0);
    await page.getByLabel(/이메일/).fill(guest.email);
    await page
      .getByLabel(/비밀번호/)
      .first()
      .fill(PASSWORD);
    await page.getByRole('button', { name: /로그인/ }).click();
    // Back on the profile: the follow is made without a second click, once.
    await page.waitForURL((url) => url.pathname === `/${a.slug}/`);
    const follow = page.getByTestId('profile').getByTestId('follow');
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    const rows = await until(
      () =>
        db.db
          .select()
          .from(follows)
          .where(and(eq(follows.followerId, guest.id), eq(follows.artistId, a.id))),
      (r) => r.length === 1,
    );
    expect(rows).toHaveLength(1);
    await screenshot(page, 'follows-after-login-ko');
    // The intent is spent: a reload neither follows again nor unfollows.
    await page.reload();
    await page.getByTestId('profile').waitFor();
    await expect.poll(() => page.getByTestId('profile').getByTestId('follow').getAttribute('aria-pressed')).toBe('true');
    expect(await db.db.select().from(follows).where(eq(follows.followerId, guest.id))).toHaveLength(1);
  });
});

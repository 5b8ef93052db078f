import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blurImage } from '../apps/api/src/media/blur.ts';
import { buildArtwork, buildPremium, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { makeImage } from '../apps/api/test/images.ts';
import { type Browser, dataDir, fixtures, openBrowser, screenshot } from './support.ts';

// Issue #31 journey: a mature work and a general one by the same artist. On a phone, in Korean, a member who has not
// opted in sees the mature card blurred, filters the gallery to general work in the filter bar, opens the mature work
// (blurred, labelled, its images absent from the page), is asked once and opts in, and then sees it as it is, also
// after a reload. In English, a guest sees the AI-use label and the blurred work with a way to log in, never its images.
let db: FastifyInstance;
let mature: number;
let member: UserRow;
const browsers: Browser[] = [];
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

/** A file as the server's local storage keeps it (DATA_DIR/media). */
function store(key: string, bytes: Buffer) {
  const file = join(dataDir(), 'media', key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return key;
}

beforeAll(async () => {
  db = await fixtures();
  const artist = await buildPremium(db, { name: 'Rated Painter', username: 'rated.painter' });
  member = await buildUser(db, { name: 'Careful Viewer' });
  const original = await makeImage(960, 640, 'jpeg', '#b03060');
  const cover = store('e2e-ratings/original-cover.jpg', original);
  const body = store('e2e-ratings/original-body.jpg', original);
  const blurred = store('e2e-ratings/0123456789abcdef0123456789abcdef_blurred.jpg', await blurImage(original));
  mature = (
    await buildArtwork(db, artist, {
      title: 'Midnight figure',
      cover,
      rawCover: cover,
      croppedCover: cover,
      content: `<p><img src="/media/${body}" alt="figure"></p>`,
      rating: 'mature',
      aiUse: 'assisted',
      blurredCover: blurred,
    })
  ).id;
  await buildArtwork(db, artist, { title: 'Morning field', aiUse: 'none' });
});

afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('content rating and AI-use labels (issue #31)', () => {
  it('in Korean on a phone: the general-only filter, then the mature work asks once and shows after opting in', async () => {
    const b = await openBrowser({ lang: 'ko', mobile: true, as: member });
    browsers.push(b);
    const { page } = b;
    await page.goto('/gallery/all/');
    const cards = page.getByTestId('artwork-card');
    await until(() => cards.filter({ hasText: 'Midnight figure' }).count()).toBe(1);
    expect(await page.content()).not.toContain('original-cover');
    // The filter bar's rating filter, by keyboard-reachable controls.
    await page.getByRole('button', { name: /^등급/ }).click();
    await page.getByRole('option', { name: '전체 이용가만' }).click();
    await until(() => page.url()).toContain('rating=general');
    await until(() => cards.filter({ hasText: 'Midnight figure' }).count()).toBe(0);
    await until(() => cards.filter({ hasText: 'Morning field' }).count()).toBe(1);
    await screenshot(page, 'ratings-filter-ko-phone');

    await page.goto(`/artwork/${mature}/`);
    const notice = page.getByTestId('mature-notice');
    await until(() => notice.isVisible()).toBe(true);
    expect(await page.getByTestId('mature-label').innerText()).toBe('성인');
    expect(await page.getByTestId('ai-use-label').innerText()).toBe('AI 보조');
    const html = await page.content();
    expect(html).not.toContain('original-cover');
    expect(html).not.toContain('original-body');
    await b.check('mature notice (ko)');
    await screenshot(page, 'ratings-notice-ko-phone');
    await page.getByTestId('mature-opt-in').click();
    await until(() => notice.count()).toBe(0);
    await until(() => page.locator('img[src*="original-body"]').count()).toBe(1);
    // Asked once: the account now shows mature work, on this page after a reload and on the account page.
    await page.reload();
    await until(() => page.locator('img[src*="original-body"]').count()).toBe(1);
    expect(await page.getByTestId('mature-notice').count()).toBe(0);
    await page.goto('/accounts/');
    await until(() => page.getByRole('checkbox', { name: '성인 작품을 흐리지 않고 보기' }).isChecked()).toBe(true);
    await screenshot(page, 'ratings-account-ko-phone');
  });

  it('in English on a phone, as a guest: the labels, the blurred work and a way to log in, never its images', async () => {
    const b = await openBrowser({ lang: 'en', mobile: true });
    browsers.push(b);
    const { page } = b;
    await page.goto(`/artwork/${mature}/`);
    const notice = page.getByTestId('mature-notice');
    await until(() => notice.isVisible()).toBe(true);
    expect(await page.getByTestId('ai-use-label').innerText()).toBe('AI-assisted');
    expect(await page.getByTestId('mature-label').innerText()).toBe('Mature');
    expect(await notice.getByRole('img').getAttribute('src')).toContain('_blurred.jpg');
    expect(await notice.getByRole('link', { name: 'Log in' }).getAttribute('href')).toContain('/login/?next=');
    const html = await page.content();
    expect(html).not.toContain('original-cover');
    expect(html).not.toContain('original-body');
    await b.check('mature notice (en guest)');
    await screenshot(page, 'ratings-notice-en-phone');
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtwork, buildPremium } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, openBrowser, screenshot } from './support.ts';

// Issue #30 journey: a Korean visitor on a phone searches with the keyboard only: a syllable inside a compound
// (바다 → 밤바다), a suggestion chosen with the arrows, 초성, and Escape to close and clear.
let db: FastifyInstance;
const browsers: Browser[] = [];
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

beforeAll(async () => {
  db = await fixtures();
  const artist = await buildPremium(db, { name: '윤바다', username: 'seaside.yoon' });
  await buildArtwork(db, artist, { title: '새벽 밤바다 연작', tagNames: ['들꽃'] });
  await buildArtwork(db, artist, { title: '한강의 저녁', tagNames: ['river'] });
});

afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('search in Korean by keyboard (issue #30)', () => {
  it('finds a syllable anywhere, takes a suggestion with the arrows, and understands 초성', async () => {
    const b = await openBrowser({ lang: 'ko', mobile: true });
    browsers.push(b);
    const { page } = b;
    await page.goto('/gallery/all/');
    const field = page.getByRole('combobox', { name: '작품, 태그, 작가 검색' });
    await field.focus();
    await page.keyboard.type('밤바');
    const list = page.getByRole('listbox', { name: '검색 제안' });
    await until(() => list.getByRole('option', { name: '새벽 밤바다 연작' }).count()).toBe(1);
    await until(() => field.getAttribute('aria-expanded')).toBe('true');
    await b.check('suggestions open');
    await screenshot(page, 'search-suggestions-ko');

    // The arrows walk the list; Enter on the title searches for it.
    const title = list.getByRole('option', { name: '새벽 밤바다 연작' });
    for (let i = 0; i < 6 && (await title.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await title.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/search=/);
    const cards = page.getByTestId('artwork-card');
    await until(() => cards.filter({ hasText: '새벽 밤바다 연작' }).count()).toBe(1);
    await until(() => cards.count()).toBe(1);

    // Escape closes the list, a second Escape clears the field; 초성 then finds 바다, a tag's one syllable 들꽃.
    await field.focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await field.inputValue()).toBe('');
    await page.keyboard.type('ㅂㄷ');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await page.waitForURL(/search=%E3%85%82%E3%84%B7/);
    await until(() => cards.filter({ hasText: '새벽 밤바다 연작' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.type('꽃');
    await page.keyboard.press('Enter');
    await until(() => cards.filter({ hasText: '새벽 밤바다 연작' }).count()).toBe(1);
    await until(() => cards.filter({ hasText: '한강의 저녁' }).count()).toBe(0);
    await screenshot(page, 'search-results-ko');
  });
});

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks } from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildPremium } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, openBrowser, screenshot } from './support.ts';

/**
 * Issue #34 journeys (1, 3), in Korean and English: the author schedules a draft from the upload screen and sees
 * "scheduled for …" in their own time zone; the server publishes it when the time comes; the author shares a review
 * link of another draft, a guest opens it read-only, the author revokes it and the guest's page answers 410.
 */
let db: FastifyInstance;
const browsers: Browser[] = [];

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  db = await fixtures();
});
afterAll(async () => {
  for (const browser of browsers) await browser.close();
});

const cases = [
  {
    lang: 'ko' as const,
    zone: 'Asia/Seoul',
    scheduled: /발행 예정/,
    schedule: '예약하기',
    review: '검토 링크 만들기',
    revoke: '취소',
    gone: '만료되었거나 취소',
  },
  {
    lang: 'en' as const,
    zone: 'America/New_York',
    scheduled: /Scheduled for .*E[SD]T/,
    schedule: 'SCHEDULE',
    review: 'CREATE REVIEW LINK',
    revoke: 'Revoke',
    gone: 'expired or was revoked',
  },
];

describe.each(cases)('publishing ($lang)', ({ lang, zone, scheduled, schedule, review, revoke, gone }) => {
  it('schedules a draft, which the server publishes at its time', async () => {
    const author = await buildPremium(db, { username: `sched${lang}${Date.now() % 100000}` });
    const draft = await buildArtwork(db, author, { draft: true, publishedAt: null, title: `Scheduled ${lang}` });
    const browser = await openBrowser({ lang, as: author, timeZone: zone });
    browsers.push(browser);
    const { page } = browser;
    await page.goto(`/upload/${draft.id}/`);
    const field = page.locator('#upload-schedule');
    await field.waitFor();
    // Two days ahead at 10:00 in the author's own time zone, typed as the browser's date-time field takes it.
    const local = await page.evaluate(() => {
      const d = new Date(Date.now() + 2 * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
    });
    await field.fill(local);
    // Keyboard: from the field to SCHEDULE, and Enter.
    await page.getByRole('button', { name: schedule, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('scheduled').textContent()).toMatch(scheduled);
    await screenshot(page, `publishing-scheduled-${lang}`);
    const [row] = await db.db.select().from(artworks).where(eq(artworks.id, draft.id));
    expect(row.draft).toBe(true);
    expect(row.publishAt).not.toBeNull();
    // The stored time is 10:00 in the author's zone.
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(row.publishAt as Date);
    expect(hour).toBe('10');

    // The time comes (the job is made due now): the running server publishes it, once.
    await db.db.execute(sql`update jobs set run_at = now() where kind = 'artworks.publish' and payload->>'artwork' = ${String(draft.id)}`);
    const published = await until(
      async () => (await db.db.select().from(artworks).where(eq(artworks.id, draft.id)))[0],
      (r) => !r.draft,
    );
    expect(published).toMatchObject({ draft: false, visible: true, publishAt: null });
  });

  it('shares a review link of a draft, and revokes it (the link then answers 410)', async () => {
    const author = await buildPremium(db, { username: `review${lang}${Date.now() % 100000}` });
    const draft = await buildArtwork(db, author, { draft: true, publishedAt: null, title: `For the client ${lang}` });
    const owner = await openBrowser({ lang, as: author });
    browsers.push(owner);
    await owner.page.goto(`/upload/${draft.id}/`);
    await owner.page.getByRole('button', { name: review }).click();
    const address = owner.page.getByTestId('review-links').locator('input[readonly]').first();
    await address.waitFor();
    const url = new URL(await address.inputValue());
    expect(url.pathname).toMatch(/^\/review\/[A-Za-z0-9_-]{32}\/$/);

    const guest = await openBrowser({ lang });
    browsers.push(guest);
    const first = await guest.page.goto(url.pathname);
    expect(first?.status()).toBe(200);
    await guest.page.getByTestId('review-page').waitFor();
    await expect.poll(() => guest.page.getByRole('heading', { level: 1 }).textContent()).toBe(`For the client ${lang}`);
    expect(await guest.page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await screenshot(guest.page, `publishing-review-${lang}`);

    await owner.page.getByTestId('review-links').getByRole('button', { name: revoke, exact: true }).click();
    await owner.page.getByTestId('review-links').getByRole('button', { name: revoke, exact: true }).waitFor({ state: 'detached' });
    guest.allowConsole(/410/);
    const again = await guest.page.goto(url.pathname);
    expect(again?.status()).toBe(410);
    await expect.poll(() => guest.page.getByTestId('review-gone').textContent()).toContain(gone);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations } from '../apps/api/src/db/schema/index.ts';
import { buildPremium, buildStaff, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, openBrowser, screenshot } from './support.ts';

// Issue #20 journey, the inbox's other half: the artist reports a message to staff and archives the conversation;
// staff find the report in the console and suspend the sender, who can then start no conversation.
let app: FastifyInstance;
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const browsers: Browser[] = [];
async function browserAs(user: UserRow, lang: 'ko' | 'en', mobile = false) {
  const b = await openBrowser({ lang, as: user, mobile });
  browsers.push(b);
  return b.page;
}

const stamp = Date.now();
const SUBJECT = `Cheap followers ${stamp}`;
let artist: UserRow;
let other: UserRow;
let spammer: UserRow;
let staff: UserRow;
let conversationId = 0;
beforeAll(async () => {
  app = await fixtures();
  artist = await buildPremium(app, { name: '신고하는 작가', language: 'ko' });
  other = await buildPremium(app, { name: 'Another Artist', language: 'en' });
  spammer = await buildUser(app, { name: 'Follower Farm', language: 'en' });
  staff = await buildStaff(app, { name: 'Staff Moderator' });
  // The first message is written as a sender would, from the artist's profile.
  const page = await browserAs(spammer, 'en');
  await page.goto(`/${artist.slug}/`);
  await page.getByTestId('contact-button').click();
  await page.getByLabel('Subject').fill(SUBJECT);
  await page.getByLabel('Message').fill(`Buy 10,000 followers today! ${stamp}`);
  await page.getByTestId('contact-send').click();
  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await page.waitForURL(/\/inbox\/\d+\/$/);
  conversationId = Number(/\/inbox\/(\d+)\//.exec(page.url())?.[1]);
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('report, archive and the staff console (issue #20)', () => {
  it('the artist reports the message with a reason, then archives the conversation (ko)', async () => {
    const page = await browserAs(artist, 'ko');
    await page.goto(`/inbox/${conversationId}/`);
    const thread = page.getByTestId('thread');
    await thread.getByText('Buy 10,000 followers today!', { exact: false }).waitFor();
    await thread.getByTestId('report-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('신고 사유 (선택 사항)').fill('팔로워 판매 스팸입니다.');
    await screenshot(page, 'inbox-report-ko');
    await dialog.getByTestId('report-send').click();
    await thread.getByText('신고함').waitFor();
    expect(await thread.getByTestId('report-button').count()).toBe(0);

    // Archived: it leaves the inbox list for the archive, and comes back from there.
    await thread.getByRole('button', { name: '보관', exact: true }).click();
    await thread.getByRole('button', { name: '받은 메시지로 이동' }).waitFor();
    const row = page.getByTestId('conversation-row').filter({ hasText: SUBJECT });
    await until(() => row.count()).toBe(0);
    await page.getByTestId('archived-tab').click();
    await row.waitFor();
    await screenshot(page, 'inbox-archived-ko');
  });

  it('staff find the report in the console and suspend the sender (en)', async () => {
    const page = await browserAs(staff, 'en');
    // Issue #31: the grouped queue took /admin/reports/; reported messages with the contact switch are their own section.
    await page.goto('/admin/message-reports/');
    const report = page.getByTestId('report-row').filter({ hasText: SUBJECT });
    await report.getByText('Reason: 팔로워 판매 스팸입니다.').waitFor();
    await report.getByText('Sender: Follower Farm').waitFor();
    await report.getByTestId('suspend-sender').click();
    await until(() => report.getByTestId('suspend-sender').textContent()).toBe('Restore contacting');
    await report.getByText('Resolved', { exact: false }).first().waitFor();
    await screenshot(page, 'console-reports-en');
  });

  it('the suspended sender is told so by the contact form, and nothing reaches the other artist (en, 390 px)', async () => {
    const page = await browserAs(spammer, 'en', true);
    await page.goto(`/${other.slug}/`);
    await page.getByTestId('contact-button').click();
    await page.getByLabel('Subject').fill('Grow fast');
    await page.getByLabel('Message').fill('Followers, likes, views: all cheap.');
    await page.getByTestId('contact-send').click();
    await until(() => page.getByTestId('contact-error').textContent()).toBe('Staff have suspended your ability to send messages.');
    expect(await app.db.$count(conversations, eq(conversations.artistId, other.id))).toBe(0);
  });
});

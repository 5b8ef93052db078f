import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArtwork, buildPremium, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, mailTo, mailsTo, openBrowser, screenshot } from './support.ts';

// Issue #20 journey: a brand finds an artist open to freelance work, writes about an artwork, the artist is mailed
// and sees the inbox badge, replies, the brand reads the reply; the artist blocks a second sender, who cannot write.
let db: FastifyInstance;
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const browsers: Browser[] = [];
async function browserAs(user: UserRow | null, lang: 'ko' | 'en', mobile = false) {
  const b = await openBrowser({ lang, as: user ?? undefined, mobile });
  browsers.push(b);
  return b;
}

let brand: UserRow;
let artist: UserRow;
let busy: UserRow;
let pest: UserRow;
const stamp = Date.now();
beforeAll(async () => {
  db = await fixtures();
  brand = await buildUser(db, { name: 'Brandhaus Studio', email: `brand${stamp}@example.com`, phone: '010-5555-0101', language: 'en' });
  artist = await buildPremium(db, {
    name: '한여름 작가',
    email: `artist${stamp}@example.com`,
    phone: '010-7777-0202',
    language: 'ko',
    availableForHire: 'freelance',
    hireNote: '5월부터 외주 작업 가능합니다.',
    hireRates: '일러스트 1점 30만원부터',
  });
  busy = await buildPremium(db, { name: 'Booked Solid', availableForHire: 'full_time' });
  pest = await buildUser(db, { name: 'Pushy Promoter', email: `pest${stamp}@example.com`, language: 'en' });
  await buildArtwork(db, artist, { title: 'Summer Harbour' });
  await buildArtwork(db, busy, { title: 'Office View' });
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('hire and inbox (issue #20)', () => {
  let conversationPath = '';

  it('a brand filters artists available for freelance and writes to one about an artwork (en)', async () => {
    const { page } = await browserAs(brand, 'en');
    await page.goto('/gallery/all/?type=artists');
    // The artists are listed by the browser: the page is live once a card shows.
    await page.getByTestId('artist-card').first().waitFor();
    await page.getByRole('button', { name: /Open to work/ }).click();
    await page.getByRole('option', { name: 'Freelance' }).click();
    await page.waitForURL(/hire=freelance/);
    const card = page.getByTestId('artist-card').filter({ hasText: '한여름 작가' });
    await card.waitFor();
    await until(() => page.getByTestId('artist-card').filter({ hasText: 'Booked Solid' }).count()).toBe(0);
    expect(await card.getByTestId('hire-badge').textContent()).toContain('Available for freelance');
    await screenshot(page, 'hire-gallery-filter-en');

    // The profile: badge, note and rates, the Contact button; no address anywhere on the page.
    await card.click();
    await page.getByTestId('profile').waitFor();
    await page.getByTestId('card-hire').getByText('일러스트 1점 30만원부터').waitFor();
    expect(await page.content()).not.toContain(artist.email);
    expect(await page.content()).not.toContain('010-7777-0202');

    // The artwork's overlay: the author's badge and Contact, about this artwork.
    await page.getByTestId('artwork-card').first().click();
    const overlay = page.getByRole('dialog');
    await overlay.getByText('Summer Harbour').first().waitFor();
    await overlay.getByTestId('hire-badge').waitFor();
    await overlay.getByTestId('contact-button').click();
    const form = page.getByTestId('contact-form');
    await form.waitFor();
    expect(await form.getByTestId('contact-about-artwork').isChecked()).toBe(true);
    await form.getByLabel('Subject').fill('Illustrations for our summer campaign');
    await form.getByLabel('Message').fill('Hello! We love Summer Harbour. Brief: https://brandhaus.example/brief');
    await form.getByLabel('Budget').fill('₩3,000,000');
    await form.getByLabel('Timeline').fill('3 weeks');
    await screenshot(page, 'hire-contact-form-en');
    await form.getByTestId('contact-send').click();
    await page.getByTestId('contact-sent').waitFor();
    await page.getByRole('link', { name: 'Open the conversation' }).click();
    await page.waitForURL(/\/inbox\/\d+\/$/);
    conversationPath = new URL(page.url()).pathname;
    const thread = page.getByTestId('thread');
    await thread.getByText('Illustrations for our summer campaign').waitFor();
    // Before the artist replies, the link in the brand's own first message is text.
    expect(await thread.getByTestId('inactive-link').textContent()).toBe('https://brandhaus.example/brief');
    expect(await page.content()).not.toContain(artist.email);
  });

  it('the artist gets the mail in Korean and the inbox badge, opens the conversation and replies (ko)', async () => {
    const mail = await mailTo(artist.email);
    expect(mail.subject).toContain('Brandhaus Studio님의 새 메시지');
    expect(mail.text).toContain(conversationPath);
    expect(`${mail.text}${mail.html}`).not.toContain(brand.email);

    const { page } = await browserAs(artist, 'ko');
    await page.goto('/');
    await until(() => page.getByTestId('inbox-badge').textContent()).toBe('1');
    await screenshot(page, 'hire-inbox-badge-ko');
    await page.getByTestId('inbox-link').click();
    await page.waitForURL('**/inbox/');
    await page.getByTestId('conversation-row').filter({ hasText: 'Brandhaus Studio' }).click();
    const thread = page.getByTestId('thread');
    await thread.getByText('보낸 사람: Brandhaus Studio').waitFor();
    await thread.getByText('관련 프로젝트: Summer Harbour').waitFor();
    expect(await thread.getByRole('link', { name: 'https://brandhaus.example/brief' }).count()).toBe(0);
    await until(() => page.getByTestId('inbox-badge').count()).toBe(0);
    await page.getByTestId('reply-body').fill('안녕하세요! 3주 일정 가능합니다. 자세한 내용 보내주세요.');
    await page.getByTestId('reply-send').click();
    await thread.getByText('3주 일정 가능합니다', { exact: false }).waitFor();
    // The artist has replied: the brand's link is live now.
    await thread.getByRole('link', { name: 'https://brandhaus.example/brief' }).waitFor();
    await screenshot(page, 'hire-inbox-thread-ko');
    expect(await page.content()).not.toContain(brand.email);
    expect(await page.content()).not.toContain('010-5555-0101');
  });

  it('the brand sees the reply, on a 390 px screen (en)', async () => {
    const { page } = await browserAs(brand, 'en', true);
    await page.goto('/');
    await until(() => page.getByTestId('inbox-badge').textContent()).toBe('1');
    await page.goto(conversationPath);
    const thread = page.getByTestId('thread');
    await thread.getByText('3주 일정 가능합니다', { exact: false }).waitFor();
    await thread.getByText('To 한여름 작가').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'hire-inbox-thread-390-en');
    await page.getByRole('link', { name: '← All conversations' }).click();
    await page.getByTestId('conversation-row').first().waitFor();
    await screenshot(page, 'hire-inbox-list-390-en');
  });

  it('the artist blocks a second sender, who then cannot write (ko, 390 px; en)', async () => {
    // The second sender writes from the artist's profile on a phone.
    const pestBrowser = await browserAs(pest, 'en', true);
    const p = pestBrowser.page;
    await p.goto(`/${artist.slug}/`);
    await p.getByTestId('contact-button').click();
    await p.getByLabel('Subject').fill('Grow your followers fast');
    await p.getByLabel('Message').fill('Buy followers now at our site.');
    await screenshot(p, 'hire-contact-form-390-en');
    await p.getByTestId('contact-send').click();
    await p.getByTestId('contact-sent').waitFor();
    await p.getByRole('link', { name: 'Open the conversation' }).click();
    await p.waitForURL(/\/inbox\/\d+\/$/);
    const pestPath = new URL(p.url()).pathname;

    const { page } = await browserAs(artist, 'ko', true);
    await page.goto(pestPath);
    const thread = page.getByTestId('thread');
    await thread.getByText('Buy followers now at our site.').waitFor();
    await page.getByTestId('block-button').click();
    await page.getByRole('dialog').getByRole('button', { name: '차단', exact: true }).click();
    await page.getByTestId('blocked-notice').waitFor();
    await screenshot(page, 'hire-blocked-390-ko');
    const mailsBefore = (await mailsTo(pest.email)).length;

    // The sender is not told; writing again is refused with the form's message, and a new contact too.
    await p.reload();
    await p.getByTestId('thread').waitFor();
    expect(await p.getByTestId('blocked-notice').count()).toBe(0);
    await p.getByTestId('reply-body').fill('Hello? Special offer!');
    await p.getByTestId('reply-send').click();
    await until(() => p.getByTestId('reply-error').textContent()).toBe('You cannot send messages to this person.');
    expect(p.url()).toContain(pestPath);
    await p.goto(`/${artist.slug}/`);
    await p.getByTestId('contact-button').click();
    await p.getByLabel('Subject').fill('One more time');
    await p.getByLabel('Message').fill('Please reconsider our offer.');
    await p.getByTestId('contact-send').click();
    await until(() => p.getByTestId('contact-error').textContent()).toBe('You cannot send messages to this person.');
    expect(await mailsTo(pest.email)).toHaveLength(mailsBefore);
  });

  it('an artist says they are open to commissions in the profile editor; the profile shows the badge and the card (ko, 390 px)', async () => {
    const newcomer = await buildPremium(db, { name: '새내기 작가', phone: '010-3333-4444' });
    const { page } = await browserAs(newcomer, 'ko', true);
    await page.goto(`/${newcomer.slug}/`);
    await page.getByTestId('profile').waitFor();
    expect(await page.getByTestId('hire-badge').count()).toBe(0);
    await page.getByTestId('edit-profile').click();
    const fields = page.getByTestId('hire-fields');
    await fields.getByRole('button', { name: /가능한 형태/ }).click();
    await page.getByRole('option', { name: '커미션 가능' }).click();
    await fields.getByLabel('의뢰인에게 남기는 말 (300자 이내)').fill('캐릭터 일러스트 커미션 받습니다.');
    await fields.getByLabel('작업 비용 (300자 이내)').fill('1점 20만원부터');
    await fields.screenshot({ path: 'e2e/screenshots/hire-editor-390-ko.png' });
    await page.getByTestId('profile-save').click();
    await until(() => page.getByTestId('hire-badge').textContent()).toBe('커미션 가능');
    await page.getByTestId('card-hire').getByText('1점 20만원부터').waitFor();
    expect(await page.getByTestId('contact-button').count()).toBe(0);
    await screenshot(page, 'hire-profile-390-ko');
  });

  it('a guest pressing Contact goes to login and comes back (ko)', async () => {
    const { page } = await browserAs(null, 'ko');
    await page.goto(`/${artist.slug}/`);
    await page.getByTestId('contact-button').click();
    await page.waitForURL(/\/login\/\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain(`redirect=/${artist.slug}/`);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, imageHashes, media, takedowns } from '../apps/api/src/db/schema/index.ts';
import { hashRow } from '../apps/api/src/domain/artworks/near-copies.ts';
import { blurImage } from '../apps/api/src/media/blur.ts';
import { hashImage } from '../apps/api/src/media/phash.ts';
import { buildArtwork, buildPremium, buildStaff, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, baseURL, dataDir, fixtures, mailTo, openBrowser, screenshot } from './support.ts';

// Issue #31 journeys. Takedowns from outside, in Korean and in English: a rights holder without an account files a
// notice on /about/takedown/ (a missing good-faith statement is refused in the page's language), confirms it through
// the mailed link, the work is hidden from everyone at once, its uploader reads the notice and counters, and staff
// restore it from the console. The publish hold: an artist publishes a near copy of another artist's work through the
// upload screen; it is held (the overlay says why, the hold page takes an explanation), and the other artist, told
// in Korean, answers "mine, I allowed it", which shows the work.
let db: FastifyInstance;
let staff: UserRow;
const browsers: Browser[] = [];
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

/** A file as the server's local storage keeps it (DATA_DIR/media), with its ready upload row. */
async function store(owner: UserRow, key: string, bytes: Buffer) {
  const file = join(dataDir(), 'media', key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  await db.db.insert(media).values({ key, ownerId: owner.id, contentType: 'image/png', size: bytes.length, width: 640, height: 480, status: 'ready' });
  return key;
}

const picture = (fill: string, shape: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${fill}"/>${shape}</svg>`))
    .png()
    .toBuffer();

/** What a guest gets for the artwork's API answer (200 or 404). */
const guestStatus = async (id: number) => (await fetch(new URL(`/api/v1/artworks/${id}/`, baseURL()), { headers: { 'accept-language': 'en' } })).status;

async function open(options: Parameters<typeof openBrowser>[0]) {
  const b = await openBrowser(options);
  browsers.push(b);
  return b;
}

beforeAll(async () => {
  db = await fixtures();
  staff = await buildStaff(db, { name: 'Staff Member' });
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

const cases = [
  {
    lang: 'ko' as const,
    mobile: true,
    send: '신고 보내기',
    goodFaith: '선의의 진술에 동의해야 접수할 수 있습니다.',
    sent: /신고를 접수했습니다/,
    confirmed: /신고가 확인되었습니다/,
    counter: '이의 제기 보내기',
  },
  {
    lang: 'en' as const,
    mobile: false,
    send: 'Send notice',
    goodFaith: 'You must confirm the good-faith statement to send this.',
    sent: /Notice received/,
    confirmed: /Your notice is confirmed/,
    counter: 'Send counter-notice',
  },
];

describe.each(cases)('a takedown notice ($lang)', ({ lang, mobile, send, goodFaith, sent, confirmed, counter }) => {
  it('files, confirms by the mailed link, hides the work, the uploader counters and staff restore it', async () => {
    const uploader = await buildPremium(db, { name: `Ferry ${lang}`, username: `ferry-${lang}-${Date.now() % 100000}`, language: lang });
    const work = await buildArtwork(db, uploader, { title: `Night ferry ${lang}` });
    const email = `holder-${lang}-${Date.now()}@example.com`;

    // The rights holder, a guest.
    const holder = await open({ lang, mobile });
    await holder.page.goto('/about/takedown/');
    await holder.page.getByTestId('takedown-form').waitFor();
    await screenshot(holder.page, `takedowns-policy-${lang}`);
    const form = holder.page.getByTestId('takedown-form');
    await form.locator('#takedown-name').fill('Mina Park');
    await form.locator('#takedown-email').fill(email);
    await form.locator('#takedown-url').fill(`${baseURL()}/artwork/${work.id}/`);
    await form.locator('#takedown-original').fill('My illustration "Night Ferry" (2021), https://example.com/night-ferry');
    // Without the good-faith statement: the server's refusal, in the page's language, under the box.
    await holder.page.getByRole('button', { name: send }).click();
    await until(() => holder.page.locator('#takedown-good-faith-error').textContent()).toBe(goodFaith);
    await holder.check(`takedown form refused (${lang})`);
    await form.locator('#takedown-good-faith').check();
    await holder.page.getByRole('button', { name: send }).click();
    await until(() => holder.page.getByRole('status').filter({ hasText: sent }).count()).toBe(1);
    // Unconfirmed, nothing happens.
    expect(await guestStatus(work.id)).toBe(200);

    const mail = await mailTo(email);
    const link = /https?:\/\/\S+(\/about\/takedown\/confirm\/\?n=\d+&t=[\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeTruthy();
    await holder.page.goto(link as string);
    await until(() => holder.page.getByTestId('takedown-confirmed').textContent()).toMatch(confirmed);
    await until(() => guestStatus(work.id)).toBe(404);
    await screenshot(holder.page, `takedowns-confirmed-${lang}`);

    // The uploader sees why on the artwork, follows the notice's link and counters.
    const owner = await open({ lang, mobile, as: uploader });
    await owner.page.goto(`/artwork/${work.id}/`);
    const notice = owner.page.getByTestId('moderation-notice');
    await notice.waitFor();
    await notice.getByRole('link').click();
    await owner.page.waitForURL(new RegExp(`/notices/${work.id}/$`));
    await owner.page.getByTestId('counter-form').waitFor();
    await owner.page.getByTestId('counter-form').locator('textarea').fill('I painted this in 2020; the sketches are dated.');
    await owner.page.getByTestId('counter-form').getByRole('checkbox').check();
    await owner.page.getByRole('button', { name: counter }).click();
    await until(() => owner.page.getByTestId('counter-text').textContent()).toBe('I painted this in 2020; the sketches are dated.');
    await screenshot(owner.page, `takedowns-countered-${lang}`);
    await owner.check(`notices page (${lang})`);

    // Staff restore it from the console.
    const desk = await open({ lang, as: staff });
    await desk.page.goto('/admin/takedowns/');
    const row = desk.page.getByTestId('takedown-row').filter({ hasText: `Night ferry ${lang}` });
    await row.waitFor();
    await screenshot(desk.page, `takedowns-console-${lang}`);
    await row.locator('textarea').fill('The counter-notice shows dated sketches');
    await row.getByTestId('decide-restore').click();
    await until(() => guestStatus(work.id)).toBe(200);
    const [after] = await db.db.select().from(takedowns).where(eq(takedowns.artworkId, work.id));
    expect(after).toMatchObject({ status: 'restored', decision: 'restore', note: 'The counter-notice shows dated sketches' });
  });
});

describe('the publish hold (issue #31)', () => {
  it('holds a near copy published through the upload screen; the other artist, shown the mature copy blurred, allows it in Korean and it shows', async () => {
    const original = await buildPremium(db, { name: '원작 작가', username: `origin-${Date.now() % 100000}`, language: 'ko' });
    const copier = await buildPremium(db, { name: 'Copy Artist', username: `copier-${Date.now() % 100000}`, language: 'en' });
    const art = await picture('#204060', '<circle cx="200" cy="200" r="120" fill="#e0a020"/><rect x="380" y="80" width="180" height="300" fill="#a02040"/>');
    const copy = await sharp(await sharp(art).flop().resize(320, 240).jpeg({ quality: 40 }).toBuffer())
      .png()
      .toBuffer();
    const key = await store(original, `e2e-holds/original-${original.id}.png`, art);
    const source = await buildArtwork(db, original, {
      title: '등대',
      cover: key,
      rawCover: key,
      croppedCover: key,
      content: `<p><img src="/media/${key}" alt="등대"></p>`,
    });
    await db.db.insert(imageHashes).values(hashRow(source.id, key, await hashImage(art)));
    // The copier's draft, as the editor saved it (its image hashed then).
    const copyKey = await store(copier, `e2e-holds/copy-${copier.id}.png`, copy);
    // A mature work: the other artist, who has not opted in, compares its blurred copy (issue #31).
    const blurredKey = await store(copier, `e2e-holds/copy-${copier.id}_blurred.jpg`, await blurImage(copy));
    const draft = await buildArtwork(db, copier, {
      title: 'Lighthouse at dusk',
      rating: 'mature',
      blurredCover: blurredKey,
      draft: true,
      publishedAt: null,
      cover: copyKey,
      rawCover: copyKey,
      croppedCover: copyKey,
      coverAlt: 'A lighthouse',
      content: `<p><img src="/media/${copyKey}" alt="A lighthouse"></p>`,
    });
    await db.db.insert(imageHashes).values(hashRow(draft.id, copyKey, await hashImage(copy)));

    const uploader = await open({ lang: 'en', as: copier });
    await uploader.page.goto(`/upload/${draft.id}/`);
    await uploader.page.getByTestId('publish').click();
    await until(async () => (await db.db.select().from(artworks).where(eq(artworks.id, draft.id)))[0]?.moderationState).toBe('held');
    expect(await guestStatus(draft.id)).toBe(404);

    // The overlay says why; the hold page takes an explanation.
    await uploader.page.goto(`/artwork/${draft.id}/`);
    await uploader.page.getByTestId('moderation-notice').getByRole('link', { name: 'See why and explain' }).click();
    await uploader.page.waitForURL(new RegExp(`/holds/${draft.id}/$`));
    await uploader.page.getByTestId('image-pair').waitFor();
    // Their own work, mature as it is, shows as it is to them.
    expect(await uploader.page.getByTestId('hold-blurred').count()).toBe(0);
    await uploader.page.locator('#hold-explanation').fill('A study after the original, credited in the text.');
    await uploader.page.getByRole('button', { name: 'Send explanation' }).click();
    await uploader.page.getByText('Explanation saved.').waitFor();
    await screenshot(uploader.page, 'takedowns-hold-uploader-en');
    await uploader.check('hold page (en)');

    // The other artist, told in Korean, compares and allows it from a phone.
    const mail = await mailTo(original.email);
    expect(mail.subject).toContain('내 작품과 닮은 작품');
    const artist = await open({ lang: 'ko', mobile: true, as: original });
    await artist.page.goto('/notifications/');
    await artist.page.getByRole('link', { name: /내 작품과 닮은 작품이 올라와 보류되었습니다/ }).click();
    await artist.page.waitForURL(new RegExp(`/holds/${draft.id}/$`));
    await artist.page.getByTestId('image-pair').waitFor();
    // The held work is mature: its blurred copy, said so under it, with the way to see mature work as it is.
    const held = artist.page.getByTestId('image-pair').locator('figure').first();
    await held.getByTestId('hold-blurred').getByText('성인 작품이라 흐리게 보입니다.').waitFor();
    expect(await held.locator('img').getAttribute('src')).not.toContain(copyKey);
    expect(await held.getByRole('link', { name: '계정 설정에서 성인 작품 보기를 켜면 그대로 비교할 수 있습니다.' }).getAttribute('href')).toBe('/accounts/');
    await screenshot(artist.page, 'takedowns-hold-original-ko-phone');
    await artist.page.getByRole('button', { name: '내 작품, 허락함' }).click();
    await artist.page.getByTestId('hold-answered').waitFor();
    await until(() => guestStatus(draft.id)).toBe(200);
    await artist.check('hold answered (ko)');
  });
});

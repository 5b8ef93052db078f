import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../apps/api/src/db/schema/index.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, fixtures, imageFile, openBrowser, screenshot } from './support.ts';

// Issue #6 journey: own profile → edit → crop avatar and banner → save; what others, non-members and staff see.
let db: FastifyInstance;
const browsers: Browser[] = [];

async function browserAs(user: UserRow | null, lang: 'ko' | 'en') {
  const b = await openBrowser({ lang, as: user ?? undefined });
  browsers.push(b);
  return b;
}

let artist: UserRow;
let collected: number;
beforeAll(async () => {
  db = await fixtures();
  artist = await buildPremium(db, { name: '김작가', biography: '', phone: '' });
  await buildArtwork(db, artist, { title: 'Own project' });
  const other = await buildPremium(db);
  collected = (await buildArtwork(db, other, { title: 'Collected project' })).id;
  await db.db.insert(collections).values({ userId: artist.id, artworkId: collected });
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('profiles', () => {
  it('the owner edits the profile: crops an avatar and a banner, changes fields, saves (ko)', async () => {
    const { page } = await browserAs(artist, 'ko');
    await page.goto(`/${artist.username.toUpperCase()}/`);
    await page.getByTestId('profile').waitFor();
    expect(await page.getByTestId('tab-collection').isVisible()).toBe(true);
    expect(await page.getByTestId('tab-application').isVisible()).toBe(true);
    await page.getByTestId('artwork-card').first().waitFor();
    await screenshot(page, 'profiles-own-before-ko');

    await page.getByTestId('edit-profile').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('프로필 편집').waitFor();

    // Avatar: choose a file → square cropper → back in the modal with the preview.
    await page.getByTestId('avatar-input').setInputFiles(await imageFile('avatar.png', 800, 600, '#ff6b35', '#6a4c93'));
    await page.getByTestId('crop-done').click();
    await dialog.getByText('프로필 편집').waitFor();
    expect(await page.getByTestId('avatar-preview').getAttribute('src')).toMatch(/^blob:/);

    // Banner: cropped 4:1 with the 2000x500 hint.
    await page.getByTestId('banner-input').setInputFiles(await imageFile('banner.png', 2400, 1000, '#1d3557', '#a8dadc'));
    await page.getByText('권장 크기 2000x500').first().waitFor();
    await screenshot(page, 'profiles-crop-banner-ko');
    await page.getByTestId('crop-done').click();
    await page.getByTestId('banner-preview').waitFor();

    // A required field left empty keeps the modal open with the message under it.
    await page.locator('#profile-name').fill('');
    await page.locator('#profile-phone').fill('010-1234-5678');
    await page.getByTestId('profile-save').click();
    await page.locator('#profile-name-error').getByText('필수 항목입니다.').waitFor();
    // 'English only' for the profile username.
    await page.locator('#profile-username').fill('김작가');
    await page.locator('#profile-name').fill('김작가 Kim');
    await page.getByTestId('profile-save').click();
    await page.locator('#profile-username-error').waitFor();
    await screenshot(page, 'profiles-edit-errors-ko');
    await page.locator('#profile-username').fill(`Kim.Artist${artist.id}`);

    await page.locator('#profile-instagram').fill('@kim.art');
    await page.locator('#profile-website').fill('kim-art.example.com');
    await page.locator('#profile-biography').fill('서울에서 활동하는 화가.\nPainter based in Seoul.');
    await page.locator('#profile-about').fill('About the studio');
    await page.getByLabel('프로필의 Mail & Contact에 이메일과 전화번호 공개').check();
    await page.getByTestId('collection-private').check();
    await page.getByTestId('layout-masonry').check();
    await screenshot(page, 'profiles-edit-modal-ko');
    await page.getByTestId('profile-save').click();

    // Save closes the modal; the page (now at the new slug) shows the changes.
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(new RegExp(`/kimartist${artist.id}/$`));
    await page.getByRole('heading', { name: '김작가 Kim' }).waitFor();
    expect(await page.locator('a[data-social="instagram"]').getAttribute('href')).toBe('https://www.instagram.com/kim.art/');
    expect(await page.locator('a[data-social="website"]').getAttribute('href')).toBe('https://kim-art.example.com/');
    await page.getByText('Painter based in Seoul.').waitFor();
    await page.getByTestId('card-contact').getByText('010-1234-5678').waitFor();
    expect(await page.getByTestId('profile-avatar').getAttribute('src')).toMatch(new RegExp(`^/media/users/${artist.id}/`));
    expect(await page.getByTestId('profile-banner-img').getAttribute('src')).toMatch(new RegExp(`^/media/users/${artist.id}/`));
    await page.locator('[data-layout="masonry"]').waitFor();

    // Survives a reload, and the images really are there (rendered with real pixels).
    await page.reload();
    await page.getByRole('heading', { name: '김작가 Kim' }).waitFor();
    await page.locator('[data-layout="masonry"] [data-testid="artwork-card"]').first().waitFor();
    const size = await page.getByTestId('profile-banner-img').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { w: img.naturalWidth, h: img.naturalHeight };
    });
    expect(size.w / size.h).toBeCloseTo(4, 1);
    // The owner still sees the private collection.
    await page.getByTestId('tab-collection').click();
    await page.getByRole('link', { name: 'Collected project' }).first().waitFor();
    await screenshot(page, 'profiles-own-after-ko');
  });

  it('another user sees the public tabs only; the private collection is hidden (en)', async () => {
    const viewer = await buildUser(db);
    const { page } = await browserAs(viewer, 'en');
    await page.goto(`/kim.artist${artist.id}/?type=collection`);
    await page.getByRole('heading', { name: '김작가 Kim' }).waitFor();
    expect(await page.getByTestId('tab-projects').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('tab-collection').count()).toBe(0);
    expect(await page.getByTestId('tab-application').count()).toBe(0);
    expect(await page.getByTestId('edit-profile').count()).toBe(0);
    expect(await page.getByTestId('level-control').count()).toBe(0);
    await page.getByRole('link', { name: 'Own project' }).first().waitFor();
    expect(await page.getByText('Collected project').count()).toBe(0);
    // Contact was made public by the owner.
    await page.getByTestId('card-contact').getByText('010-1234-5678').waitFor();
    await screenshot(page, 'profiles-other-en');
  });

  it('a non-member sees the warning on their own profile, in both languages', async () => {
    const member = await buildUser(db, { name: 'Newcomer' });
    await buildArtwork(db, member, { title: 'Hidden project' });
    for (const lang of ['ko', 'en'] as const) {
      const { page } = await browserAs(member, lang);
      await page.goto(`/${member.slug}/`);
      const warning = page.getByTestId('non-member-warning');
      await warning.waitFor();
      expect(await warning.textContent()).toContain(lang === 'ko' ? '다른 사람에게 보이지 않습니다' : 'hidden from others');
      await page.getByRole('link', { name: 'Hidden project' }).first().waitFor();
      await screenshot(page, `profiles-non-member-${lang}`);
    }
    // Others see neither the warning nor the hidden project.
    const { page } = await browserAs(null, 'en');
    await page.goto(`/${member.slug}/`);
    await page.getByRole('heading', { name: 'Newcomer' }).waitFor();
    await page.getByTestId('profile-empty').waitFor();
    expect(await page.getByTestId('non-member-warning').count()).toBe(0);
  });

  it('staff set the artist level; clicking the current level clears it', async () => {
    const staff = await buildStaff(db);
    const { page } = await browserAs(staff, 'ko');
    await page.goto(`/kimartist${artist.id}/`);
    const control = page.getByTestId('level-control');
    await control.waitFor();
    await control.getByRole('button', { name: '레벨 3' }).click();
    await page.locator('[data-testid="level-control"][data-level="3"]').waitFor();
    await screenshot(page, 'profiles-staff-level-ko');
    await control.getByRole('button', { name: '레벨 3' }).click();
    await page.locator('[data-testid="level-control"][data-level="0"]').waitFor();
  });

  it('an unknown profile goes home', async () => {
    const { page } = await browserAs(null, 'ko');
    await page.goto('/no-such-artist-here/');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

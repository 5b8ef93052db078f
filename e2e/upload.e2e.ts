import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPremium, buildUser, type UserRow } from '../apps/api/test/factories.ts';
import { type Browser, baseURL, fixtures, imageFile, openBrowser, screenshot } from './support.ts';

// Issue #4 journey: upload → image in the editor (progress) → draft URL → draft offered again → cover crop →
// form with tags → publish → profile; and the refusal paths (warnings, empty content, 11 MB file, mobile).
let db: FastifyInstance;
const browsers: Browser[] = [];

async function browserAs(user: UserRow, lang: 'ko' | 'en', mobile = false) {
  const b = await openBrowser({ lang, mobile, as: user });
  browsers.push(b);
  return b;
}

/** An 11 MB file of random pixels (incompressible), for the too-large path. */
async function hugeFile() {
  const width = 2000;
  const height = 1900;
  const raw = randomBytes(width * height * 3);
  const path = join(mkdtempSync(join(tmpdir(), 'axoo-upload-')), 'huge.png');
  writeFileSync(
    path,
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
  return path;
}

let artist: UserRow;
beforeAll(async () => {
  db = await fixtures();
  artist = await buildPremium(db, { name: '업로드 작가' });
});
afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('upload journey (ko)', () => {
  it('inserts an image, becomes a draft, is offered again, crops a cover, fills the form and publishes', async () => {
    const { page } = await browserAs(artist, 'ko');
    await page.goto('/upload/');
    await page.getByTestId('editor').waitFor();

    const content = await imageFile('content.png', 1200, 800, '#ff7043', '#5c6bc0');
    const progressShown = page
      .getByTestId('upload-progress')
      .waitFor({ state: 'attached', timeout: 15_000 })
      .then(() => true);
    await page.getByTestId('editor-file').setInputFiles(content);
    expect(await progressShown).toBe(true);
    await page.waitForURL(/\/upload\/\d+\/$/);
    const id = Number(/\/upload\/(\d+)\/$/.exec(page.url())?.[1]);
    const img = page.locator('[data-testid=editor] img');
    await expect.poll(() => img.getAttribute('src'), { timeout: 15_000 }).toMatch(/^\/media\/artworks\/\d+\/[a-z0-9_-]+\.png$/);
    // SPEC §9: 1200 px wide shows at 1200 / 13.2 = 90.91 %.
    expect(await img.getAttribute('style')).toMatch(/width:\s*90\.91%/);
    // Alt text is editable on the selected image.
    await img.click();
    await page.getByTestId('alt-input').fill('노을 지는 바다');
    expect(await img.getAttribute('alt')).toBe('노을 지는 바다');
    // Let the autosave keep it, then leave and come back: the open draft is offered.
    await expect.poll(() => page.getByText('임시 저장됨').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.goto('/upload/');
    await page.getByRole('dialog').getByText('작성 중인 프로젝트가 있습니다', { exact: false }).waitFor();
    await screenshot(page, 'upload-draft-offered-ko');
    await page.getByRole('button', { name: '이어서 작성' }).click();
    await page.waitForURL(new RegExp(`/upload/${id}/$`));
    await expect.poll(() => page.locator('[data-testid=editor] img').getAttribute('alt')).toBe('노을 지는 바다');

    // Cover: dropzone, then the cropper at 240:167.
    await page.getByTestId('cover-file').setInputFiles(await imageFile('cover.jpg', 1600, 1200, '#26a69a', '#ffee58'));
    await page.getByTestId('crop-done').click();
    await page.locator('img[src*="/media/artworks/"][width="240"]').waitFor({ timeout: 20_000 });

    await page.getByLabel('제목').fill('밤바다 연작');
    for (const [label, option] of [
      ['장르', '회화'],
      ['분야', '순수 미술'],
      ['컨셉', '추상'],
    ]) {
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('option', { name: option }).click();
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: /^색상/ }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: /^저작권/ }).click();
    await page.getByRole('option', { name: /CC BY-NC\)/ }).click();
    const tags = page.getByTestId('tag-input');
    await tags.pressSequentially('바다,밤 바다 ');
    await expect.poll(() => page.getByText('#바다').count()).toBe(1);
    await expect.poll(() => page.getByText('#밤').count()).toBe(1);
    await screenshot(page, 'upload-form-ko');

    await page.getByTestId('preview').click();
    await page.getByTestId('preview-modal').getByRole('heading', { name: '밤바다 연작' }).waitFor();
    await screenshot(page, 'upload-preview-ko');
    await page.keyboard.press('Escape');

    // Issue #18: the cover's alt text (the content image has its own), so no reminder holds the publish.
    await page.getByTestId('cover-alt').fill('밤바다 커버');
    await page.getByTestId('publish').click();
    await page.waitForURL(new RegExp(`/${artist.slug}/$`), { timeout: 20_000 });
    await page.getByText('밤바다 연작').first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'upload-published-profile-ko');

    // The artwork is public now, with its sanitized content and renditions.
    const res = await fetch(new URL(`/api/v1/artworks/${id}/`, baseURL()), { headers: { 'accept-language': 'en' } });
    const body = await res.json();
    expect(body).toMatchObject({ title: '밤바다 연작', draft: false, visible: true, tags: [{ name: '바다' }, { name: '밤' }] });
    expect(body.content).toContain('alt="노을 지는 바다"');
    const rendition = await fetch(new URL(`/media/${body.cropped_cover}?w=480`, baseURL()), { headers: { accept: 'image/avif,image/webp' } });
    expect(rendition.headers.get('content-type')).toBe('image/avif');
  });
});

describe('writing around an image (issue #29)', () => {
  it('keeps an inserted image when the artist types on: the caret is in a new paragraph after it (ko)', async () => {
    const { page } = await browserAs(artist, 'ko');
    await page.goto('/upload/');
    const editor = page.getByTestId('editor');
    await editor.click();
    await page.keyboard.type('바다를 그렸습니다.');
    await page.getByTestId('editor-file').setInputFiles(await imageFile('caption.png', 900, 600, '#0d47a1', '#80deea'));
    const img = page.locator('[data-testid=editor] img');
    await expect.poll(() => img.getAttribute('src'), { timeout: 15_000 }).toMatch(/^\/media\/artworks\//);
    // Typing straight on writes a caption under the image, never over it.
    await page.keyboard.type('새벽의 밤바다');
    expect(await img.count()).toBe(1);
    const blocks = await editor.evaluate((el) => [...el.children].map((c) => (c.tagName === 'IMG' ? 'img' : (c.textContent ?? ''))));
    expect(blocks).toEqual(['바다를 그렸습니다.', 'img', '새벽의 밤바다']);
    // The image's alt text is still reached by selecting the image.
    await img.click();
    await page.getByTestId('alt-input').fill('밤바다 사진');
    expect(await img.getAttribute('alt')).toBe('밤바다 사진');
  });
});

describe('the publishing buttons in view (issue #29)', () => {
  it('shows PUBLISHING and PREVIEW without scrolling at 1366 × 900, at the foot of the side bar (en)', async () => {
    const b = await openBrowser({ lang: 'en', as: artist, width: 1366 });
    browsers.push(b);
    const { page } = b;
    await page.goto('/upload/');
    await page.getByTestId('editor').waitFor();
    for (const id of ['publish', 'preview']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      // Inside the window, and not hidden below the side bar's own scroll.
      expect((box?.y ?? 0) + (box?.height ?? 0), id).toBeLessThanOrEqual(900);
      const clipped = await page.getByTestId(id).evaluate((el) => {
        const bar = el.closest('aside');
        if (!bar) return true;
        const r = el.getBoundingClientRect();
        const s = bar.getBoundingClientRect();
        return r.top < s.top || r.bottom > s.bottom;
      });
      expect(clipped, id).toBe(false);
    }
    await screenshot(page, 'upload-actions-1366-en');
  });
});

describe('a publish the form refuses (issue #29.8)', () => {
  it('moves focus to the first invalid field, the title, with its Korean warning', async () => {
    const { page } = await browserAs(await buildUser(db), 'ko');
    await page.goto('/upload/');
    await page.getByTestId('editor').waitFor();
    // An image, so that the content is not empty (that says so in a dialog) and only the side bar's fields are missing.
    await page.getByTestId('editor-file').setInputFiles(await imageFile('focus.png', 900, 600, '#1b5e20', '#fff59d'));
    await expect.poll(() => page.locator('[data-testid=editor] img').getAttribute('src'), { timeout: 15_000 }).toMatch(/^\/media\/artworks\//);
    await page.getByTestId('publish').click();
    await page.getByText('제목을 입력하세요', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('upload-title');
    expect(await page.getByTestId('empty-modal').count()).toBe(0);
  });
});

describe('refusal paths (en)', () => {
  it('shows every missing-field warning and the empty-content modal', async () => {
    const { page } = await browserAs(await buildUser(db), 'en');
    await page.goto('/upload/');
    await page.getByTestId('editor').waitFor();
    await page.getByTestId('publish').click();
    await page.getByTestId('empty-modal').getByText('Portfolio content is empty. Please add at least 1 image.').waitFor();
    await screenshot(page, 'upload-empty-modal-en');
    await page.getByRole('button', { name: 'OK' }).click();
    for (const warning of [
      'Enter a title',
      'Choose at least 1 genre',
      'Choose at least 1 field',
      'Choose at least 1 concept',
      'Choose a colour',
      'Choose a licence',
      'Add a cover image',
    ]) {
      await page.getByText(warning, { exact: true }).waitFor();
    }
    await screenshot(page, 'upload-warnings-en');
  });

  it('refuses an 11 MB image with its modal, and tag input errors use SPEC messages', async () => {
    const member = await buildUser(db);
    const { page } = await browserAs(member, 'en');
    await page.goto('/upload/');
    await page.getByTestId('editor').waitFor();
    await page.getByTestId('editor-file').setInputFiles(await hugeFile());
    await page.getByTestId('too-large-modal').getByText('You can not upload images larger than 10MB. Reduce file size and try again.').waitFor();
    await screenshot(page, 'upload-too-large-en');
    await page.getByRole('button', { name: 'OK' }).click();
    // Non-member choosing public sees the notice.
    await page.getByLabel('Private').check();
    await page.getByLabel('Public', { exact: true }).check();
    await page.getByText('Any artist who does not have a membership will not be able to see all the projects you upload.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    const tags = page.getByTestId('tag-input');
    await tags.pressSequentially('abcdefghijklmnopqrstuvwxyz,');
    await page.getByText('One or more of your tags are too long.').waitFor();
    await tags.fill('');
    await tags.pressSequentially('a b c d e f g h i j k ');
    await page.getByText('There are too many tags.').waitFor();
  });

  it('says an upload cannot happen on a phone', async () => {
    const { page } = await browserAs(await buildUser(db), 'en', true);
    await page.goto('/upload/');
    await page.getByTestId('upload-mobile').getByText('cannot upload in mobile version').waitFor();
  });
});

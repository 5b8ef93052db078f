import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../apps/api/src/db/schema/index.ts';
import { certificatesIn, readCredentials } from '../apps/api/src/media/credentials.ts';
import { signerFromPem, signImage } from '../apps/api/src/media/sign-credentials.ts';
import { flipImageByte, makeTestChain } from '../apps/api/test/c2pa.ts';
import { buildArtwork, buildPremium } from '../apps/api/test/factories.ts';
import { makeImage } from '../apps/api/test/images.ts';
import { type Browser, dataDir, fixtures, openBrowser, screenshot } from './support.ts';

// Issue #35 journey: an artwork whose cover carries valid Content Credentials and whose second image was changed after
// signing. A visitor filters the gallery to valid credentials, opens the artwork, opens the mark's panel by keyboard
// and reads who signed, with which tool, what was done, AI and training, and that the second image changed; in
// Korean (phone width) and in English.
let db: FastifyInstance;
let artworkId: number;
const browsers: Browser[] = [];
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

/** An upload as the server keeps it: the file in DATA_DIR/media and its media row with what was read from it. */
async function upload(key: string, bytes: Buffer, ownerId: number, anchors: ReturnType<typeof certificatesIn>) {
  const file = join(dataDir(), 'media', key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  const { summary } = await readCredentials(bytes, anchors);
  await db.db
    .insert(media)
    .values({ key, ownerId, contentType: 'image/jpeg', size: bytes.length, width: 960, height: 640, status: 'ready', credentials: summary });
  return key;
}

beforeAll(async () => {
  db = await fixtures();
  const chain = makeTestChain('Studio Lens');
  const anchors = certificatesIn(chain.root);
  const signer = signerFromPem(chain.key, chain.chain);
  const artist = await buildPremium(db, { name: 'Credential Painter', username: 'credential.painter' });
  const content = {
    generator: 'Studio Lens Camera 2',
    actions: [
      { action: 'c2pa.created', source: 'digitalCapture', agent: 'Studio Lens Camera 2' },
      { action: 'c2pa.edited', agent: 'Darkroom 5' },
    ],
    author: { name: 'Credential Painter' },
    training: 'notAllowed' as const,
  };
  const signed = await signImage(await makeImage(960, 640, 'jpeg', '#3060a0'), signer, content);
  const cover = await upload('e2e-credentials/cover.jpg', signed, artist.id, anchors);
  const changed = await upload(
    'e2e-credentials/changed.jpg',
    flipImageByte(await signImage(await makeImage(960, 640, 'jpeg', '#a06030'), signer, content)),
    artist.id,
    anchors,
  );
  artworkId = (
    await buildArtwork(db, artist, {
      title: 'Signed harbour',
      cover,
      rawCover: cover,
      croppedCover: cover,
      content: `<p><img src="/media/${cover}"></p><p><img src="/media/${changed}"></p>`,
      credentials: true,
    })
  ).id;
  await buildArtwork(db, artist, { title: 'Unsigned harbour' });
});

afterAll(async () => {
  for (const b of browsers) await b.close();
});

describe('Content Credentials (issue #35)', () => {
  it('in Korean at phone width: the gallery filter, then the mark opens the panel by keyboard', async () => {
    const b = await openBrowser({ lang: 'ko', mobile: true });
    browsers.push(b);
    const { page } = b;
    await page.goto('/gallery/all/?credentials=valid');
    const cards = page.getByTestId('artwork-card');
    await until(() => cards.filter({ hasText: 'Signed harbour' }).count()).toBe(1);
    await until(() => cards.filter({ hasText: 'Unsigned harbour' }).count()).toBe(0);

    await page.goto(`/artwork/${artworkId}/`);
    const mark = page.getByRole('button', { name: '콘텐츠 자격 증명' });
    await until(() => mark.isVisible()).toBe(true);
    await expect(mark.getAttribute('aria-expanded')).resolves.toBe('false');
    await mark.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: '콘텐츠 자격 증명' });
    await until(() => panel.isVisible()).toBe(true);
    await expect(mark.getAttribute('aria-expanded')).resolves.toBe('true');
    const text = await panel.innerText();
    expect(text).toContain('Studio Lens Signer, Studio Lens이(가) 서명했으며, 서명 후 이미지가 바뀌지 않았습니다.');
    expect(text).toContain('Studio Lens Camera 2');
    expect(text).toContain('생성 · Studio Lens Camera 2');
    expect(text).toContain('편집 · Darkroom 5');
    expect(text).toContain('허용 안 함');
    expect(text).toContain('서명 후 이미지가 바뀌었습니다.');
    await b.check('credentials panel open (ko)');
    await screenshot(page, 'credentials-panel-ko-phone');
    await page.keyboard.press('Enter');
    await until(() => panel.isVisible()).toBe(false);
  });

  it('in English: the panel names the signer, tool, actions, AI and training, and the changed image', async () => {
    const b = await openBrowser({ lang: 'en' });
    browsers.push(b);
    const { page } = b;
    await page.goto(`/artwork/${artworkId}/`);
    const mark = page.getByRole('button', { name: 'Content Credentials' });
    await until(() => mark.isVisible()).toBe(true);
    await mark.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Content Credentials' });
    await until(() => panel.isVisible()).toBe(true);
    const images = panel.getByTestId('credentials-image');
    await until(() => images.count()).toBe(2);
    const first = await images.nth(0).innerText();
    expect(first).toContain('Signed by Studio Lens Signer, Studio Lens; the image has not changed since.');
    expect(first).toContain('Created · Studio Lens Camera 2');
    expect(first).toContain('None recorded');
    expect(first).toContain('Not allowed');
    expect(await images.nth(1).innerText()).toContain('The image changed after signing');
    await b.check('credentials panel open (en)');
    await screenshot(page, 'credentials-panel-en');
  });
});

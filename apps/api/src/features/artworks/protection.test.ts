import { artworkPath, PUBLIC_WIDTHS, RENDITION_WIDTHS } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difference, photo } from '../../../test/images.ts';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { artworks, follows } from '../../db/schema/index.ts';
import { renditionKeys } from '../../media/images.ts';
import { renderImage } from '../../media/images.ts';

/**
 * Issue #34 (6), image protection: a project with a cap on its public renditions and a watermark. No answer to a
 * viewer names an original key (every original key of the protected work holds the word "secretorig", so one
 * `not.toContain` checks a whole answer), every rendition a viewer can fetch is at most the cap wide and carries the
 * watermark, and the original file reaches its author only.
 */
let app: FastifyInstance;
let author: UserRow;
let member: UserRow;
let work: { id: number };
const agents: Record<'guest' | 'member' | 'owner', Agent> = {} as never;
const SECRET = 'secretorig';
const WATERMARK = { text: '© 김하나 작가', position: 'tiled', opacity: 0.8 } as const;
let keys: { cover: string; rawCover: string; croppedCover: string; body: string };

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app, { slug: 'guardedartist', username: 'guardedartist' });
  member = await buildUser(app);
  await app.db.insert(follows).values({ followerId: member.id, artistId: author.id });
  agents.guest = new Agent(app, 'en');
  agents.member = new Agent(app, 'en');
  await loginAs(agents.member, member);
  agents.owner = new Agent(app, 'ko');
  await loginAs(agents.owner, author);
  const row = await buildArtwork(app, author, { title: 'Harbour at dusk', level: 5, tagNames: ['harbour'] });
  work = { id: row.id };
  const folder = `artworks/${row.id}`;
  keys = {
    cover: `${folder}/${SECRET}-cover.png`,
    rawCover: `${folder}/${SECRET}-raw.png`,
    croppedCover: `${folder}/${SECRET}-crop.png`,
    body: `${folder}/${SECRET}-body.png`,
  };
  for (const key of Object.values(keys)) await app.storage.put(key, await photo(3000, 2000), 'image/png');
  const { body, ...covers } = keys;
  await app.db
    .update(artworks)
    .set({ ...covers, width: 3000, height: 2000, content: `<p><img src="/media/${body}" alt="harbour"></p>` })
    .where(eq(artworks.id, row.id));
  // Protected through the API, as the editor does it.
  const res = await agents.owner.put(`/api/v1/artworks/${work.id}/`, { max_public_width: 1280, watermark: WATERMARK });
  expect(res.statusCode).toBe(200);
  await app.jobs.drain();
});
afterAll(() => app.close());

const publicDetail = async () => (await agents.guest.get(`/api/v1/artworks/${work.id}/`)).json();

describe('the author sets a cap and a watermark (issue #34.6)', () => {
  it('the author receives the originals and the settings; the job rendered the public copies', async () => {
    const body = (await agents.owner.get(`/api/v1/artworks/${work.id}/`)).json();
    expect(body).toMatchObject({ max_public_width: 1280, watermark: WATERMARK, cover: keys.cover, cropped_cover: keys.croppedCover });
    expect(body.content).toContain(keys.body);
    const shown = await publicDetail();
    // The job rendered a card's widths of the cropped cover's public copy, capped.
    expect(await app.storage.get(`_renditions/${shown.cropped_cover}/480.webp`)).not.toBeNull();
  });

  it('a width not in the list, a bad position or opacity is a 400 under its field, in Korean', async () => {
    const res = await agents.owner.put(`/api/v1/artworks/${work.id}/`, {
      max_public_width: 1000,
      watermark: { text: '', position: 'top', opacity: 2 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['max_public_width', 'watermark.opacity', 'watermark.position', 'watermark.text']);
    expect(JSON.stringify(body)).toContain('공개 이미지 최대 너비는');
    expect(JSON.stringify(body)).toMatch(/워터마크/);
    const patch = await agents.owner.patch(`/api/v1/artworks/${work.id}/`, { max_public_width: 'wide' });
    expect(patch.statusCode).toBe(400);
    expect(JSON.stringify(patch.json())).toContain('공개 이미지 최대 너비는');
    // Nothing was written.
    expect((await agents.owner.get(`/api/v1/artworks/${work.id}/`)).json()).toMatchObject({ max_public_width: 1280 });
  });
});

describe('no answer to a viewer names an original key (issue #34.6)', () => {
  it.each(['guest', 'member'] as const)('%s: lists, searches, the detail, the profile, the home page, the feed', async (who) => {
    const agent = agents[who];
    const urls = [
      '/api/v1/artworks/',
      '/api/v1/artworks/?search=Harbour',
      `/api/v1/users/${author.id}/artworks/`,
      `/api/v1/artworks/${work.id}/`,
      '/api/v1/site/',
    ];
    if (who === 'member') urls.push('/api/v1/feed/');
    for (const url of urls) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`"id":${work.id}`);
      expect(res.body, url).not.toContain(SECRET);
    }
    const detail = (await agent.get(`/api/v1/artworks/${work.id}/`)).json();
    for (const key of [detail.cover, detail.raw_cover, detail.cropped_cover]) expect(key).toMatch(new RegExp(`^artworks/${work.id}/p/[0-9a-f]{32}\\.png$`));
    expect(detail.content).toMatch(new RegExp(`src="/media/artworks/${work.id}/p/[0-9a-f]{32}\\.png"`));
    expect(detail).toMatchObject({ max_public_width: 1280 });
  });

  it('the page and its share preview (og:image), oEmbed, sitemaps and Atom feeds', async () => {
    const html = (await app.inject({ url: artworkPath(work.id), headers: { accept: 'text/html' } })).body;
    expect(html).toContain('og:image');
    expect(html).toContain(`/media/artworks/${work.id}/p/`);
    expect(html).not.toContain(SECRET);
    const oembed = await app.inject({ url: `/api/oembed?url=${encodeURIComponent(`http://localhost${artworkPath(work.id)}`)}&format=json` });
    expect(oembed.statusCode).toBe(200);
    expect(oembed.body).not.toContain(SECRET);
    expect(oembed.json().width).toBeLessThanOrEqual(1280);
    for (const url of ['/sitemaps/artworks-1.xml', '/feeds/artworks.atom', `/${author.slug}/feed.atom`]) {
      const res = await app.inject({ url });
      expect(res.body, url).toContain(artworkPath(work.id));
      expect(res.body, url).toContain(`artworks/${work.id}/p/`);
      expect(res.body, url).not.toContain(SECRET);
    }
  });

  it('the original keys answer a viewer 404 at /media/, with or without a width; the author gets them, never cached by others', async () => {
    for (const key of Object.values(keys)) {
      for (const url of [`/media/${key}`, `/media/${key}?w=480`, `/media/${key}?w=2000`]) {
        expect((await agents.guest.get(url)).statusCode, url).toBe(404);
        expect((await agents.member.get(url)).statusCode, url).toBe(404);
      }
    }
    const own = await agents.owner.get(`/media/${keys.cover}?w=480`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    // Asked again by a guest after the author's request filled the caches: still a 404.
    expect((await agents.guest.get(`/media/${keys.cover}?w=480`)).statusCode).toBe(404);
  });
});

describe('public renditions (issue #34.6)', () => {
  it('every width a viewer may ask for, in every format, is at most the cap', async () => {
    const { cover } = await publicDetail();
    const accepts = ['image/avif,image/webp,*/*', 'image/webp,*/*', '*/*'];
    for (const w of [...RENDITION_WIDTHS, ...PUBLIC_WIDTHS, 99999, undefined]) {
      for (const accept of accepts) {
        const url = w === undefined ? `/media/${cover}` : `/media/${cover}?w=${w}`;
        const res = await app.inject({ url, headers: { accept } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toMatch(/^public/);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.width, `${url} ${accept}`).toBeLessThanOrEqual(1280);
      }
    }
    const full = await sharp((await app.inject({ url: `/media/${cover}` })).rawPayload).metadata();
    expect(full.width).toBe(1280);
  });

  it('carries the watermark; the original the author downloads does not', async () => {
    const { cover } = await publicDetail();
    const shown = (await app.inject({ url: `/media/${cover}?w=960`, headers: { accept: 'image/png' } })).rawPayload;
    const original = (await app.storage.get(keys.cover)) as Buffer;
    const plain = await renderImage(original, 960, 'png');
    expect(await difference(shown, plain)).toBeGreaterThan(4);
    const download = await agents.owner.get(`/api/v1/artworks/${work.id}/original/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="artwork-\d+-cover\.png"$/);
    expect(Buffer.compare(download.rawPayload, (await app.storage.get(keys.rawCover)) as Buffer)).toBe(0);
    const bodyImage = await agents.owner.get(`/api/v1/artworks/${work.id}/original/?image=1`);
    expect(Buffer.compare(bodyImage.rawPayload, (await app.storage.get(keys.body)) as Buffer)).toBe(0);
    expect((await agents.owner.get(`/api/v1/artworks/${work.id}/original/?image=2`)).statusCode).toBe(404);
    expect((await agents.owner.get(`/api/v1/artworks/${work.id}/original/?image=x`)).statusCode).toBe(400);
  });

  it("/original/ is the author's only: 404 for a member, 403 for a guest (not signed in)", async () => {
    expect((await agents.member.get(`/api/v1/artworks/${work.id}/original/`)).statusCode).toBe(404);
    expect((await agents.guest.get(`/api/v1/artworks/${work.id}/original/`)).statusCode).toBe(403);
  });
});

describe('changing the cap or the watermark (issue #34.6)', () => {
  it('renames the public copies: the old URLs stop serving, their stored renditions are purged, the new ones are re-rendered', async () => {
    const before = await publicDetail();
    const old = `/media/${before.cropped_cover}?w=480`;
    expect((await app.inject({ url: old, headers: { accept: 'image/webp' } })).statusCode).toBe(200);
    expect(await app.storage.get(`_renditions/${before.cropped_cover}/480.webp`)).not.toBeNull();
    const res = await agents.owner.patch(`/api/v1/artworks/${work.id}/`, { max_public_width: 1920, watermark: { ...WATERMARK, position: 'bottom-right' } });
    expect(res.statusCode).toBe(200);
    const after = await publicDetail();
    expect(after.cropped_cover).not.toBe(before.cropped_cover);
    expect(after).toMatchObject({ max_public_width: 1920 });
    expect((await app.inject({ url: old, headers: { accept: 'image/webp' } })).statusCode).toBe(404);
    await app.jobs.drain();
    for (const k of renditionKeys(before.cropped_cover)) expect(await app.storage.get(k), k).toBeNull();
    expect(await app.storage.get(`_renditions/${after.cropped_cover}/480.webp`)).not.toBeNull();
    const wide = await sharp((await app.inject({ url: `/media/${after.cover}?w=2000` })).rawPayload).metadata();
    expect(wide.width).toBe(1920);
  });

  it('no cap and no watermark: the originals are public again, as for any project', async () => {
    const res = await agents.owner.put(`/api/v1/artworks/${work.id}/`, { max_public_width: null, watermark: null });
    expect(res.statusCode).toBe(200);
    const detail = await publicDetail();
    expect(detail).toMatchObject({ max_public_width: null, watermark: null, cover: keys.cover });
    expect((await agents.guest.get(`/media/${keys.cover}?w=480`)).statusCode).toBe(200);
    // Protected again for the rest of the file's readers.
    await agents.owner.put(`/api/v1/artworks/${work.id}/`, { max_public_width: 1280, watermark: WATERMARK });
  });
});

describe("the account's default cap (issue #34.6)", () => {
  it('is saved on the account and given to new projects; a width not in the list is a 400', async () => {
    expect((await agents.owner.get('/api/v1/users/me/')).json()).toMatchObject({ max_public_width_default: null });
    const bad = await agents.owner.put(`/api/v1/users/${author.id}/`, { max_public_width_default: 640 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['max_public_width_default']);
    expect(JSON.stringify(bad.json())).toContain('공개 이미지 최대 너비는');
    const ok = await agents.owner.put(`/api/v1/users/${author.id}/`, { max_public_width_default: 2560 });
    expect(ok.json()).toMatchObject({ max_public_width_default: 2560 });
    const created = await agents.owner.post('/api/v1/artworks/', { title: 'New' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ max_public_width: 2560, watermark: null });
    const chosen = await agents.owner.post('/api/v1/artworks/', { title: 'Chosen', max_public_width: null });
    expect(chosen.json()).toMatchObject({ max_public_width: null });
    await agents.owner.put(`/api/v1/users/${author.id}/`, { max_public_width_default: null });
  });
});

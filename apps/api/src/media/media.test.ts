import { IMAGE_MAX_BYTES } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, buildTestApp } from '../../test/app.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { makeImage, makeJpegWithExif, makePngBomb } from '../../test/images.ts';
import { media } from '../db/schema/index.ts';
import { MEDIA_DELETED, type MediaHeaderSource, matchesEtag, RenditionCache } from './cache.ts';
import { layoutOf } from './images.ts';
import { signGrant } from './local.ts';
import { createPresignedUpload, foreignMedia } from './service.ts';

let app: FastifyInstance;
let ownerId: number;
beforeAll(async () => {
  app = await buildTestApp();
  ownerId = (await buildUser(app)).id;
});
afterAll(() => app.close());

const presign = (contentType = 'image/png', size?: number) =>
  createPresignedUpload(app, { ownerId, filename: 'photo.png', contentType, size, width: 10, height: 10, prefix: 'tests/media' });

const putBytes = (url: string, body: Buffer, type: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': type, 'accept-language': 'en', ...headers } });

describe('createPresignedUpload', () => {
  it('names the object itself, records a pending row and returns a same-origin signed URL', async () => {
    const answer = await presign();
    expect(answer.filename).toMatch(/^tests\/media\/[a-z0-9_-]+\.png$/);
    expect(answer.filename).not.toContain('photo');
    expect(answer.url).toMatch(/^\/media\/upload\/tests\/media\/.+\?expires=\d+&type=image%2Fpng&max=10485760&sig=/);
    expect(answer.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(answer.complete_url).toBeUndefined();
    const [row] = await app.db.select().from(media).where(eq(media.key, answer.filename));
    expect(row).toMatchObject({ ownerId, status: 'pending', contentType: 'image/png' });
  });

  it.each([
    ['image/svg+xml', undefined, 'type', 'media.type_invalid'],
    ['text/html', undefined, 'type', 'media.type_invalid'],
    ['application/octet-stream', undefined, 'type', 'media.type_invalid'],
    ['image/png', IMAGE_MAX_BYTES + 1, 'size', 'media.too_large'],
  ])('refuses %s of %s bytes on %s', async (type, size, field, message) => {
    await expect(presign(type, size)).rejects.toMatchObject({ statusCode: 400, body: { [field]: message } });
  });

  it('accepts exactly 10,485,760 bytes and each of jpg, png, gif and webp', async () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect((await presign(type, IMAGE_MAX_BYTES)).filename).toMatch(/\.(jpg|png|gif|webp)$/);
    }
  });
});

describe('signed local PUT', () => {
  it('stores checked bytes and marks the row ready with real size and dominant colour', async () => {
    const answer = await presign();
    const png = await makeImage(64, 40, 'png', '#ff0000');
    const res = await putBytes(answer.url, png, 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ filename: answer.filename, width: 64, height: 40, dominant_color: expect.stringMatching(/^#f[0-9a-f]0[0-9a-f]0[0-9a-f]$/) });
    const [row] = await app.db.select().from(media).where(eq(media.key, answer.filename));
    expect(row).toMatchObject({ status: 'ready', width: 64, height: 40 });
    expect(await foreignMedia(app.db, ownerId, [answer.filename])).toEqual([]);
    expect(await foreignMedia(app.db, ownerId + 1, [answer.filename])).toEqual([answer.filename]);
    // Served back as the original, and the URL cannot be used twice.
    const got = await app.inject(`/media/${answer.filename}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    expect((await putBytes(answer.url, png, 'image/png')).statusCode).toBe(409);
  });

  it('needs no CSRF token or session (the signature authorises it)', async () => {
    const answer = await presign();
    const res = await new Agent(app).request({
      method: 'PUT',
      url: answer.url,
      payload: await makeImage(8, 8),
      headers: { 'content-type': 'image/png' },
      csrf: false,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a bad signature, a changed key, an expired URL, a wrong type and an oversize body', async () => {
    const png = await makeImage(8, 8);
    const answer = await presign();
    const url = new URL(answer.url, 'http://x');
    const tampered = `${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), sig: 'A'.repeat(43) })}`;
    expect((await putBytes(tampered, png, 'image/png')).statusCode).toBe(403);
    const otherKey = answer.url.replace('/tests/media/', '/tests/other/');
    expect((await putBytes(otherKey, png, 'image/png')).statusCode).toBe(403);
    const noSig = url.pathname;
    expect((await putBytes(noSig, png, 'image/png')).statusCode).toBe(403);
    const raisedLimit = answer.url.replace('max=10485760', 'max=99999999');
    expect((await putBytes(raisedLimit, png, 'image/png')).statusCode).toBe(403);

    const wrongType = await putBytes(answer.url, png, 'image/jpeg');
    expect(wrongType.statusCode).toBe(403);
    expect((await putBytes(answer.url, png, 'text/plain')).statusCode).toBe(403);

    const key = answer.filename;
    const expires = Math.floor(Date.now() / 1000) - 5;
    const sig = signGrant(app.config.SECRET_KEY, { key, contentType: 'image/png', maxBytes: IMAGE_MAX_BYTES, expires });
    const expired = await putBytes(`/media/upload/${key}?expires=${expires}&type=image%2Fpng&max=${IMAGE_MAX_BYTES}&sig=${sig}`, png, 'image/png');
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toMatch(/expired/);

    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    const oversize = await putBytes(answer.url, big, 'image/png');
    expect(oversize.statusCode).toBe(413);
    // After all of that the URL still works for the right bytes.
    expect((await putBytes(answer.url, png, 'image/png')).statusCode).toBe(200);
  });

  it('refuses bytes that are not the declared image, and deletes nothing of others', async () => {
    const jpegAsPng = await presign('image/png');
    const res = await putBytes(jpegAsPng.url, await makeImage(8, 8, 'jpeg'), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ filename: ['The file content does not match its declared type.'] });
    const html = await presign('image/gif');
    const res2 = await putBytes(html.url, Buffer.from('<script>alert(1)</script>'), 'image/gif');
    expect(res2.json()).toEqual({ filename: ['The file is not an image.'] });
    const truncated = await presign('image/png');
    const res3 = await putBytes(truncated.url, (await makeImage(50, 50)).subarray(0, 40), 'image/png');
    expect(res3.statusCode).toBe(400);
    const [row] = await app.db.select().from(media).where(eq(media.key, jpegAsPng.filename));
    expect(row.status).toBe('rejected');
    expect((await app.inject(`/media/${jpegAsPng.filename}`)).statusCode).toBe(404);
  });

  it('refuses a 17,000 × 17,000 PNG from its header, without decoding it', async () => {
    const bomb = await makePngBomb(17_000);
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    const answer = await presign('image/png', bomb.length);
    const before = process.memoryUsage().rss;
    const res = await putBytes(answer.url, bomb, 'image/png');
    const grown = process.memoryUsage().rss - before;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ filename: ['The image has too many pixels.'] });
    expect(grown).toBeLessThan(200 * 1024 * 1024);
  }, 60_000);
});

describe('EXIF', () => {
  it('strips EXIF and GPS and turns the pixels by the orientation', async () => {
    const jpeg = await makeJpegWithExif(300, 200);
    expect((await sharp(jpeg).metadata()).exif?.toString('latin1')).toContain('Secret Model 9');
    const answer = await presign('image/jpeg');
    const res = await putBytes(answer.url, jpeg, 'image/jpeg');
    expect(res.json()).toMatchObject({ width: 200, height: 300 });
    const stored = (await app.inject(`/media/${answer.filename}`)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([200, 300, 1]);
    const rendition = await app.inject({ url: `/media/${answer.filename}?w=156`, headers: { accept: 'image/webp' } });
    const rmeta = await sharp(rendition.rawPayload).metadata();
    expect(rmeta.exif).toBeUndefined();
    expect([rmeta.width, rmeta.height]).toEqual([156, 234]);
  });
});

describe('layoutOf (issue #15: tails and metadata)', () => {
  it('finds where each format ends, past an EXIF thumbnail, and refuses a file cut before it', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp'] as const) {
      const bytes = await makeImage(40, 30, format);
      const type = `image/${format}` as const;
      expect(layoutOf(bytes, type), format).toEqual({ end: bytes.length, extras: false });
      expect(layoutOf(Buffer.concat([bytes, Buffer.from('PK\u0003\u0004 tail')]), type), format).toEqual({ end: bytes.length, extras: false });
      expect(layoutOf(bytes.subarray(0, bytes.length - 1), type), format).toBeNull();
    }
    const exif = await makeJpegWithExif(40, 30);
    expect(layoutOf(exif, 'image/jpeg')).toEqual({ end: exif.length, extras: true });
    // An end-of-image marker inside the metadata does not end the file: cut after the header, it is still cut.
    expect(layoutOf(exif.subarray(0, exif.indexOf(Buffer.from([0xff, 0xda]))), 'image/jpeg')).toBeNull();
  });

  it('re-encodes an image with a ZIP appended (a polyglot): the stored file ends where the image does', async () => {
    const jpeg = await makeImage(40, 30, 'jpeg');
    const answer = await presign('image/jpeg');
    const res = await putBytes(answer.url, Buffer.concat([jpeg, Buffer.from('PK\u0003\u0004evil.jsx')]), 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const stored = (await app.inject(`/media/${answer.filename}`)).rawPayload;
    expect(stored.includes('evil.jsx')).toBe(false);
    expect(layoutOf(stored, 'image/jpeg')).toEqual({ end: stored.length, extras: false });
  });
});

describe('renditions', () => {
  let key: string;
  beforeAll(async () => {
    const answer = await presign('image/png');
    await putBytes(answer.url, await makeImage(1000, 500), 'image/png');
    key = answer.filename;
  });

  it.each([
    ['image/avif,image/webp,*/*', 'image/avif', 'heif'],
    ['image/webp,*/*', 'image/webp', 'webp'],
    ['*/*', 'image/png', 'png'],
    [undefined, 'image/png', 'png'],
  ])('Accept %s gives %s', async (accept, type, sharpFormat) => {
    const res = await app.inject({ url: `/media/${key}?w=480`, headers: accept ? { accept } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe('public, max-age=300, s-maxage=30');
    expect(res.headers.vary).toContain('Accept');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe(sharpFormat);
    expect(meta.width).toBe(480);
  });

  it('snaps to the nearest allowed width, never enlarges, and caches the result', async () => {
    const a = await app.inject({ url: `/media/${key}?w=400`, headers: { accept: 'image/webp' } });
    expect((await sharp(a.rawPayload).metadata()).width).toBe(480);
    const b = await app.inject({ url: `/media/${key}?w=5000`, headers: { accept: 'image/webp' } });
    expect((await sharp(b.rawPayload).metadata()).width).toBe(1000);
    const again = await app.inject({ url: `/media/${key}?w=400`, headers: { accept: 'image/webp' } });
    expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(await app.storage.get(`_renditions/${key}/480.webp`)).not.toBeNull();
  });

  it('answers a cached rendition from memory with the same headers, a strong ETag and 304 on If-None-Match (issue #14)', async () => {
    const url = `/media/${key}?w=312`;
    const accept = { accept: 'image/webp,*/*' };
    const made = await app.inject({ url, headers: accept });
    expect(made.statusCode).toBe(200);
    expect(app.renditions.get(`_renditions/${key}/312.webp`)).toBeDefined();
    // The member's browser sends its cookies with every image: neither changes the answer.
    const agent = new Agent(app);
    await loginAs(agent, await buildUser(app));
    agent.cookies.set('csrftoken', 'x'.repeat(32));
    const cached = await agent.get(url, accept);
    expect(cached.statusCode).toBe(200);
    expect(cached.rawPayload.equals(made.rawPayload)).toBe(true);
    const names = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((n) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(n))
        .sort();
    expect(names(cached.headers)).toEqual(names(made.headers));
    for (const n of names(made.headers)) expect(cached.headers[n], n).toEqual(made.headers[n]);
    expect(cached.headers['set-cookie']).toBeUndefined();
    expect(cached.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(cached.headers['content-security-policy']).toContain("default-src 'self'");
    for (const res of [made, cached]) expect(res.headers['x-frame-options']).toBe('DENY');
    // A reload revalidates: 304 without bytes, still immutable, from memory and from the route alike.
    const etag = String(cached.headers.etag);
    const again = await app.inject({ url, headers: { ...accept, 'if-none-match': `W/${etag}, "other"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=300, s-maxage=30');
    expect(again.headers.etag).toBe(etag);
    app.renditions.clear();
    const fromRoute = await app.inject({ url, headers: { ...accept, 'if-none-match': etag } });
    expect(fromRoute.statusCode).toBe(304);
    expect(fromRoute.headers.etag).toBe(etag);
    // Another format is another object, with its own tag.
    const png = await app.inject({ url, headers: { accept: '*/*', 'if-none-match': etag } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers.etag).not.toBe(etag);
    // Deleting the original (media cleanup) drops its renditions from every process's memory.
    expect(app.renditions.get(`_renditions/${key}/312.png`)).toBeDefined();
    app.changes.publish(`${MEDIA_DELETED}${key}`);
    expect(app.renditions.get(`_renditions/${key}/312.png`)).toBeUndefined();
  });

  it('a rendition made while its original is deleted does not outlive it (issue #29)', async () => {
    const answer = await presign('image/png');
    await putBytes(answer.url, await makeImage(600, 300), 'image/png');
    const doomed = answer.filename;
    const storage = app.storage;
    const put = storage.put.bind(storage);
    // The deletion job removes the original (and the renditions it finds) while the rendition is being written.
    const racing = vi.spyOn(storage, 'put').mockImplementation(async (k, body, type) => {
      await put(k, body, type);
      if (k.startsWith('_renditions/')) await storage.delete(doomed);
    });
    try {
      const res = await app.inject({ url: `/media/${doomed}?w=156`, headers: { accept: 'image/webp' } });
      expect(res.statusCode).toBe(404);
    } finally {
      racing.mockRestore();
    }
    expect(await storage.get(`_renditions/${doomed}/156.webp`)).toBeNull();
    expect(app.renditions.get(`_renditions/${doomed}/156.webp`)).toBeUndefined();
  });

  it('folds the headers features add into the ETag, so a cache revalidating its copy gets the new headers (issue #29)', async () => {
    const accept = { accept: 'image/webp' };
    const urls = [`/media/${key}?w=156`, `/media/${key}`];
    const before = await Promise.all(urls.map((url) => app.inject({ url, headers: accept })));
    for (const res of before) expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    // Originals revalidate too.
    expect((await app.inject({ url: urls[1], headers: { ...accept, 'if-none-match': String(before[1].headers.etag) } })).statusCode).toBe(304);
    const source: MediaHeaderSource = async (url) => (url.includes(key) ? { 'X-Test-Reserved': '1' } : null);
    app.mediaHeaderSources.push(source);
    try {
      for (const [i, url] of urls.entries()) {
        // The rendition twice: from the route, then from memory.
        for (const drop of [true, false]) {
          if (drop) app.renditions.clear();
          const res = await app.inject({ url, headers: { ...accept, 'if-none-match': String(before[i].headers.etag) } });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['x-test-reserved']).toBe('1');
          expect(res.headers.etag).not.toBe(before[i].headers.etag);
          expect((await app.inject({ url, headers: { ...accept, 'if-none-match': String(res.headers.etag) } })).statusCode).toBe(304);
        }
      }
    } finally {
      app.mediaHeaderSources.splice(app.mediaHeaderSources.indexOf(source), 1);
    }
  });

  it('keeps renditions within its memory cap, least recently used out first (issue #14)', () => {
    const cache = new RenditionCache(1000);
    cache.put('a', Buffer.alloc(400));
    cache.put('b', Buffer.alloc(400));
    cache.get('a');
    cache.put('c', Buffer.alloc(400));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });
    const big = cache.put('d', Buffer.alloc(2000));
    expect(big.etag).toMatch(/^"/);
    expect(cache.get('d')).toBeUndefined();
    expect(matchesEtag('*', big.etag)).toBe(true);
    expect(matchesEtag('"x"', big.etag)).toBe(false);
  });

  it.each([
    '/media/nothing/here.png',
    '/media/nothing/here.png?w=480',
    '/media/_renditions/x/480.webp',
    '/media/a/b.svg',
    '/media/a/%252e%252e/b.png',
    '/media/A/B.PNG',
    '/media/',
  ])('answers 404 for %s', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
  });

  it('never leaves the media folder and never fails with a 500', async () => {
    for (const url of ['/media/../../etc/passwd', '/media/%2e%2e/%2e%2e/etc/passwd.png', '/media/a/%E0%A4%A.png', '/media/..%2f..%2fetc%2fpasswd.png']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('root:');
      expect(res.headers['content-type']).not.toMatch(/^image\//);
    }
  });

  it('answers 404 for a bad width', async () => {
    for (const w of ['abc', '0', '-1', '1e9', '']) expect((await app.inject(`/media/${key}?w=${w}`)).statusCode).toBe(404);
  });
});

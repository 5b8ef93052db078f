import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { buildUser, loginAs } from '../apps/api/test/factories.ts';
import { makeImage, makeJpegWithExif, makePngBomb } from '../apps/api/test/images.ts';
import { report, SEED } from './seed.ts';

/**
 * Issue #15 (4), uploads: a generated corpus of hostile files through the real presign → PUT → serve path. A file
 * is either refused, or what is kept and served is an image and nothing else (re-encoded: no markup, no EXIF/GPS,
 * an image type with nosniff). Replayed or edited presigned URLs and traversing keys are never accepted.
 */
let app: FastifyInstance;
let agent: Agent;
let userId = 0;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMITS: 'off', JOBS_POLL_MS: 0 });
  const user = await buildUser(app);
  userId = user.id;
  agent = new Agent(app, 'en');
  await loginAs(agent, user);
});
afterAll(() => app?.close());

const TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/v1/users/me/")</script></body></html>');

async function corpus(): Promise<{ name: string; bytes: Buffer }[]> {
  const jpeg = await makeImage(64, 48, 'jpeg');
  const png = await makeImage(64, 48, 'png');
  const gif = await makeImage(64, 48, 'gif');
  const webp = await makeImage(64, 48, 'webp');
  const files = [
    { name: 'svg with script', bytes: svg },
    { name: 'html', bytes: html },
    { name: 'jpeg + html polyglot', bytes: Buffer.concat([jpeg, html]) },
    { name: 'png + html polyglot', bytes: Buffer.concat([png, html]) },
    { name: 'gif + html polyglot', bytes: Buffer.concat([gif, html]) },
    { name: 'html + jpeg', bytes: Buffer.concat([html, jpeg]) },
    { name: 'pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF') },
    { name: 'zip', bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]) },
    { name: 'empty', bytes: Buffer.alloc(0) },
    { name: 'exif gps jpeg', bytes: await makeJpegWithExif(120, 80) },
    { name: 'decompression bomb 20000×20000', bytes: await makePngBomb(20_000) },
  ];
  // Truncations of each real format at generated cut points.
  for (const [name, bytes] of [
    ['jpeg', jpeg],
    ['png', png],
    ['gif', gif],
    ['webp', webp],
  ] as const) {
    for (const cut of fc.sample(fc.integer({ min: 1, max: bytes.length - 2 }), { seed: SEED, numRuns: 4 })) {
      files.push({ name: `${name} truncated at ${cut}`, bytes: bytes.subarray(0, cut) });
    }
  }
  // Each real format declared as each other type.
  for (const [name, bytes] of [
    ['jpeg', jpeg],
    ['png', png],
    ['gif', gif],
    ['webp', webp],
  ] as const)
    files.push({ name: `real ${name}`, bytes });
  // Random bytes.
  for (const bytes of fc.sample(fc.uint8Array({ minLength: 1, maxLength: 2048 }), { seed: SEED, numRuns: 6 }))
    files.push({ name: `random ${bytes.length} bytes`, bytes: Buffer.from(bytes) });
  return files;
}

const realFormat = (name: string, type: string) => name === `real ${type.slice(6)}` || (name === 'exif gps jpeg' && type === 'image/jpeg');

describe('hostile uploads (issue #15)', () => {
  it('refuses every hostile file, and serves only re-encoded images with nothing else in them', async () => {
    const files = await corpus();
    const problems: string[] = [];
    let tried = 0;
    let refused = 0;
    let neutralised = 0;
    for (const file of files) {
      for (const type of TYPES) {
        tried++;
        const presign = await agent.post(`/api/v1/users/${userId}/presign/`, { filename: 'x', type, width: 10, height: 10, size: file.bytes.length });
        if (presign.statusCode !== 200) {
          refused++;
          continue;
        }
        const { url, filename } = presign.json();
        const put = await app.inject({ method: 'PUT', url, payload: file.bytes, headers: { 'content-type': type } });
        if (put.statusCode >= 500) problems.push(`${file.name} as ${type}: PUT ${put.statusCode}`);
        if (put.statusCode !== 200) {
          refused++;
          if ((await app.inject(`/media/${filename}`)).statusCode !== 404) problems.push(`${file.name} as ${type}: refused yet served`);
          continue;
        }
        // Accepted: only a real image of the declared type may be, and what is served holds nothing but pixels.
        if (!realFormat(file.name, type) && !file.name.includes('polyglot')) problems.push(`${file.name} as ${type}: accepted`);
        neutralised++;
        for (const path of [`/media/${filename}`, `/media/${filename}?w=156`]) {
          const served = await app.inject({ url: path, headers: { accept: 'image/webp' } });
          const body = served.rawPayload;
          if (!String(served.headers['content-type']).startsWith('image/'))
            problems.push(`${file.name} as ${type}: ${path} served as ${served.headers['content-type']}`);
          if (served.headers['x-content-type-options'] !== 'nosniff') problems.push(`${file.name} as ${type}: ${path} without nosniff`);
          if (/<script|<html|onload=/i.test(body.toString('latin1'))) problems.push(`${file.name} as ${type}: ${path} still holds markup`);
          const meta = await sharp(body).metadata();
          if (meta.exif) problems.push(`${file.name} as ${type}: ${path} keeps EXIF`);
        }
      }
    }
    report('uploads', { files: files.length, tried, refused, neutralised, problems: problems.length });
    // The corpus holds real images too: they must get through (a suite that refuses everything proves nothing).
    expect(neutralised).toBeGreaterThanOrEqual(5);
    expect(problems).toEqual([]);
  }, 120_000);

  it('never accepts a presigned URL replayed with another key, type, size, or after expiry, nor a traversing key', async () => {
    const png = await makeImage(8, 8);
    const presign = (await agent.post(`/api/v1/users/${userId}/presign/`, { filename: 'x', type: 'image/png', width: 8, height: 8, size: png.length })).json();
    const url = new URL(presign.url, 'http://x');
    const replays = [
      { name: 'another key', url: presign.url.replace(/\/([^/?]+)\?/, '/other-$1?'), type: 'image/png', body: png },
      { name: 'another type', url: presign.url, type: 'image/jpeg', body: png },
      { name: 'a raised size', url: presign.url.replace(/max=\d+/, 'max=999999999'), type: 'image/png', body: png },
      {
        name: 'an extended expiry',
        url: presign.url.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400 * 365}`),
        type: 'image/png',
        body: png,
      },
      { name: 'no signature', url: url.pathname, type: 'image/png', body: png },
      ...['../../etc/passwd', '..%2F..%2Fsecret-key', '%2e%2e/%2e%2e/x.png', 'users/../../x.png'].map((key) => ({
        name: `key ${key}`,
        url: `/media/upload/${key}${url.search}`,
        type: 'image/png',
        body: png,
      })),
    ];
    const accepted: string[] = [];
    for (const r of replays) {
      const res = await app.inject({ method: 'PUT', url: r.url, payload: r.body, headers: { 'content-type': r.type } });
      if (res.statusCode < 400 || res.statusCode >= 500) accepted.push(`${r.name}: ${res.statusCode}`);
    }
    // Reads that climb out of the media folder: never the secret key (a path the router folds lands on a page).
    for (const key of ['../secret-key', '..%2Fsecret-key', '%2e%2e%2fsecret-key', 'a/../../secret-key', '..%5Csecret-key']) {
      const res = await app.inject(`/media/${key}`);
      if (res.body.includes(app.config.SECRET_KEY) || (res.statusCode === 200 && !/^(text\/html|image\/)/.test(String(res.headers['content-type'])))) {
        accepted.push(`read ${key}: ${res.statusCode} ${res.headers['content-type']}`);
      }
    }
    report('presign replays', { tried: replays.length + 5, accepted: accepted.length });
    expect(accepted).toEqual([]);
    // The untouched URL still works.
    expect((await app.inject({ method: 'PUT', url: presign.url, payload: png, headers: { 'content-type': 'image/png' } })).statusCode).toBe(200);
  });
});

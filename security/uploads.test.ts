import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { buildUser, loginAs } from '../apps/api/test/factories.ts';
import { layoutOf, sniffType } from '../apps/api/src/media/images.ts';
import { signGrant } from '../apps/api/src/media/local.ts';
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
/** A ZIP (a JAR, a DOCX) with one entry: appended to an image it makes a file that is both. No markup in it. */
const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0]), Buffer.alloc(16), Buffer.from([7, 0, 0, 0]), Buffer.from('evil.jsx=1+1')]);
const script = Buffer.from('\n;self.stolen=document.cookie//');
/** Text that metadata carries in the corpus: none of it may be in anything served. */
const SECRETS = ['Secret Model 9', 'GPSLatitude', 'xmp-secret-37.5665', 'iptc-secret-126.978', 'comment-secret', 'evil.js', 'stolen='];

/** A PNG chunk, for metadata a PNG may carry (tEXt, iTXt XMP, eXIf). */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}
/** `bytes` with `more` inserted just before its last `before` bytes (a PNG's IEND chunk, a GIF's trailer). */
const insertBefore = (bytes: Buffer, before: number, more: Buffer) =>
  Buffer.concat([bytes.subarray(0, bytes.length - before), more, bytes.subarray(bytes.length - before)]);
const xmp =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="xmp-secret-37.5665"/></rdf:RDF></x:xmpmeta>';
const gpsExif = { IFD0: { Make: 'TestCam', Model: 'Secret Model 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1' } };

/** A JPEG APP13 (Photoshop IPTC) segment holding a caption. */
function iptcSegment(text: string): Buffer {
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, 0x00, text.length]), Buffer.from(text, 'latin1')]);
  const resource = Buffer.concat([Buffer.from('8BIM', 'latin1'), Buffer.from([0x04, 0x04, 0, 0]), Buffer.alloc(4), record]);
  resource.writeUInt32BE(record.length, 8);
  const data = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const head = Buffer.from([0xff, 0xed, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

interface Hostile {
  name: string;
  bytes: Buffer;
  /** The type a real image in it has: only declared as that may it be kept, and then only its pixels. */
  image?: `image/${'jpeg' | 'png' | 'gif' | 'webp'}`;
}

async function corpus(): Promise<Hostile[]> {
  const jpeg = await makeImage(64, 48, 'jpeg');
  const png = await makeImage(64, 48, 'png');
  const gif = await makeImage(64, 48, 'gif');
  const webp = await makeImage(64, 48, 'webp');
  const files: Hostile[] = [
    { name: 'svg with script', bytes: svg },
    { name: 'html', bytes: html },
    { name: 'html + jpeg', bytes: Buffer.concat([html, jpeg]) },
    { name: 'pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF') },
    { name: 'zip', bytes: zip },
    { name: 'empty', bytes: Buffer.alloc(0) },
    { name: 'decompression bomb 20000×20000', bytes: await makePngBomb(20_000) },
    // Metadata: GPS and camera EXIF, XMP, IPTC, comments and text chunks, in each format that can carry them.
    { name: 'jpeg with exif gps', bytes: await makeJpegWithExif(120, 80), image: 'image/jpeg' },
    { name: 'jpeg with xmp', bytes: await sharp(jpeg).withXmp(xmp).jpeg().toBuffer(), image: 'image/jpeg' },
    { name: 'jpeg with iptc', bytes: Buffer.concat([jpeg.subarray(0, 2), iptcSegment('iptc-secret-126.978'), jpeg.subarray(2)]), image: 'image/jpeg' },
    {
      name: 'jpeg with a comment',
      bytes: Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, 16]), Buffer.from('comment-secret', 'latin1'), jpeg.subarray(2)]),
      image: 'image/jpeg',
    },
    { name: 'png with exif gps and xmp', bytes: await sharp(png).withExif(gpsExif).withXmp(xmp).png().toBuffer(), image: 'image/png' },
    {
      name: 'png with text chunks',
      bytes: insertBefore(
        png,
        12,
        Buffer.concat([
          pngChunk('tEXt', Buffer.from('Comment\0GPSLatitude 37.5 comment-secret', 'latin1')),
          pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${xmp}`, 'latin1')),
        ]),
      ),
      image: 'image/png',
    },
    { name: 'webp with exif gps and xmp', bytes: await sharp(webp).withExif(gpsExif).withXmp(xmp).webp().toBuffer(), image: 'image/webp' },
    {
      name: 'gif with a comment',
      bytes: insertBefore(gif, 1, Buffer.concat([Buffer.from([0x21, 0xfe, 14]), Buffer.from('comment-secret', 'latin1'), Buffer.from([0])])),
      image: 'image/gif',
    },
  ];
  // Polyglots: a whole image with a tail after its end marker (HTML, a ZIP, a script) that another program would read.
  for (const [format, bytes] of [
    ['jpeg', jpeg],
    ['png', png],
    ['gif', gif],
    ['webp', webp],
  ] as const) {
    for (const [tail, more] of [
      ['html', html],
      ['zip', zip],
      ['script', script],
    ] as const) {
      files.push({ name: `${format} + ${tail} polyglot`, bytes: Buffer.concat([bytes, more]), image: `image/${format}` });
    }
  }
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
    files.push({ name: `real ${name}`, bytes, image: `image/${name}` });
  // Random bytes.
  for (const bytes of fc.sample(fc.uint8Array({ minLength: 1, maxLength: 2048 }), { seed: SEED, numRuns: 6 }))
    files.push({ name: `random ${bytes.length} bytes`, bytes: Buffer.from(bytes) });
  return files;
}

/** Everything a served image may be asked as: the original, and renditions at two widths in each format. */
const SERVED = [
  { w: '', accept: 'image/webp' },
  { w: '?w=156', accept: 'image/avif,image/webp' },
  { w: '?w=156', accept: 'image/webp' },
  { w: '?w=640', accept: '*/*' },
];

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
        if (file.image !== type) problems.push(`${file.name} as ${type}: accepted`);
        neutralised++;
        for (const { w, accept } of SERVED) {
          const path = `/media/${filename}${w}`;
          const served = await app.inject({ url: path, headers: { accept } });
          const body = served.rawPayload;
          const at = `${file.name} as ${type}: ${path} (${accept})`;
          const servedType = String(served.headers['content-type']);
          if (served.statusCode !== 200 || !servedType.startsWith('image/')) problems.push(`${at} served ${served.statusCode} as ${servedType}`);
          if (served.headers['x-content-type-options'] !== 'nosniff') problems.push(`${at} without nosniff`);
          const text = body.toString('latin1');
          if (/<script|<html|onload=/i.test(text)) problems.push(`${at} still holds markup`);
          for (const secret of SECRETS) if (text.includes(secret)) problems.push(`${at} still holds ${JSON.stringify(secret)}`);
          const meta = await sharp(body).metadata();
          if (meta.exif || meta.xmp || meta.iptc || meta.comments?.length) problems.push(`${at} keeps metadata`);
          // The bytes end where the format ends: no tail (a ZIP, markup, a script) survives after the image.
          const format = sniffType(body);
          if (format) {
            const layout = layoutOf(body, format);
            if (!layout || layout.end !== body.length || layout.extras)
              problems.push(`${at} ends at ${layout?.end} of ${body.length}, extras ${layout?.extras}`);
          }
        }
      }
    }
    report('uploads', { files: files.length, tried, refused, neutralised, problems: problems.length });
    // The corpus holds real images too: they must get through (a suite that refuses everything proves nothing).
    expect(neutralised).toBe(files.filter((f) => f.image).length);
    expect(problems).toEqual([]);
  }, 120_000);

  it('never accepts a presigned URL replayed with another key, type, size, after expiry or once used, nor a traversing key', async () => {
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
    // A URL whose time is up, signed as the server signs (not an edited one): refused as expired.
    const expires = Math.floor(Date.now() / 1000) - 1;
    const grant = { key: presign.filename, contentType: 'image/png', maxBytes: Number(url.searchParams.get('max')), expires };
    const late = new URLSearchParams({
      expires: String(expires),
      type: 'image/png',
      max: String(grant.maxBytes),
      sig: signGrant(app.config.SECRET_KEY, grant),
    });
    const expired = await app.inject({
      method: 'PUT',
      url: `${url.pathname}?${late}`,
      payload: png,
      headers: { 'content-type': 'image/png', 'accept-language': 'en' },
    });
    if (expired.statusCode !== 403 || !/expired/.test(expired.json().detail)) accepted.push(`expired: ${expired.statusCode} ${expired.body}`);
    // The untouched URL works once; replayed after that (the same bytes, or others), it is refused and the file stays.
    const first = await app.inject({ method: 'PUT', url: presign.url, payload: png, headers: { 'content-type': 'image/png' } });
    expect(first.statusCode).toBe(200);
    const stored = (await app.inject(`/media/${presign.filename}`)).rawPayload;
    for (const body of [png, await makeImage(8, 8, 'png', '#00ff00')]) {
      const again = await app.inject({ method: 'PUT', url: presign.url, payload: body, headers: { 'content-type': 'image/png', 'accept-language': 'en' } });
      if (again.statusCode !== 409) accepted.push(`already used: ${again.statusCode}`);
    }
    expect((await app.inject(`/media/${presign.filename}`)).rawPayload.equals(stored)).toBe(true);
    report('presign replays', { tried: replays.length + 5 + 3, accepted: accepted.length });
    expect(accepted).toEqual([]);
  });
});

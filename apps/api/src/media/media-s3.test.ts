import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../test/app.ts';
import { buildUser, loginAs } from '../../test/factories.ts';
import { makeImage, makeJpegWithExif } from '../../test/images.ts';
import { media } from '../db/schema/index.ts';
import { createPresignedUpload } from './service.ts';

/** The S3 driver end to end against s3rver, which checks SigV4 signatures like a real bucket. */
let s3: S3rver;
let endpoint: string;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 's3rver-')), configureBuckets: [{ name: 'media' }] });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  app = await buildTestApp({
    S3_BUCKET: 'media',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  owner = await buildUser(app);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const presign = (contentType: string, size: number) =>
  createPresignedUpload(app, { ownerId: owner.id, filename: 'x', contentType, size, width: 1, height: 1, prefix: 'tests/s3' });

describe('S3 driver', () => {
  it('presigns a PUT the bucket accepts, then checks the bytes on complete_url', async () => {
    const jpeg = await makeJpegWithExif(300, 200);
    const answer = await presign('image/jpeg', jpeg.length);
    expect(answer.url.startsWith(`${endpoint}/media/tests/s3/`)).toBe(true);
    expect(answer.url).toContain('X-Amz-Signature=');
    expect(answer.headers).toEqual({ 'Content-Type': 'image/jpeg', 'x-amz-acl': 'public-read' });
    expect(answer.complete_url).toBe('/api/v1/media/complete/');
    const put = await fetch(answer.url, { method: 'PUT', body: jpeg, headers: answer.headers });
    expect(put.status).toBe(200);

    const agent = new Agent(app);
    // Only the uploader may complete.
    const stranger = new Agent(app);
    await loginAs(stranger, await buildUser(app));
    expect((await stranger.post(answer.complete_url as string, { filename: answer.filename })).statusCode).toBe(403);
    expect((await agent.post(answer.complete_url as string, { filename: answer.filename })).statusCode).toBe(403);
    await loginAs(agent, owner);
    const done = await agent.post(answer.complete_url as string, { filename: answer.filename });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ filename: answer.filename, width: 200, height: 300 });
    const [row] = await app.db.select().from(media).where(eq(media.key, answer.filename));
    expect(row.status).toBe('ready');
    // The clean copy replaced the upload in the bucket.
    const stored = await app.storage.get(answer.filename);
    expect((await sharp(stored as Buffer).metadata()).exif).toBeUndefined();
    expect((await agent.post(answer.complete_url as string, { filename: answer.filename })).statusCode).toBe(409);
    expect((await agent.post(answer.complete_url as string, { filename: 'tests/s3/none.png' })).statusCode).toBe(404);
  });

  it('the bucket refuses a PUT whose type, length or ACL differ from what was signed', async () => {
    const png = await makeImage(20, 20);
    const answer = await presign('image/png', png.length);
    const wrongType = await fetch(answer.url, { method: 'PUT', body: png, headers: { ...answer.headers, 'Content-Type': 'image/gif' } });
    expect(wrongType.status).toBe(403);
    const longer = await fetch(answer.url, { method: 'PUT', body: Buffer.concat([png, Buffer.alloc(10)]), headers: answer.headers });
    expect(longer.status).toBe(403);
    const tampered = await fetch(answer.url.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`), {
      method: 'PUT',
      body: png,
      headers: answer.headers,
    });
    expect(tampered.status).toBe(403);
    const agent = new Agent(app);
    await loginAs(agent, owner);
    const missing = await agent.post('/api/v1/media/complete/', { filename: answer.filename });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses bytes that are not an image on complete and removes them from the bucket', async () => {
    const body = Buffer.from('<html><script>alert(1)</script></html>');
    const answer = await presign('image/png', body.length);
    expect((await fetch(answer.url, { method: 'PUT', body, headers: answer.headers })).status).toBe(200);
    const agent = new Agent(app);
    await loginAs(agent, owner);
    const res = await agent.post(answer.complete_url as string, { filename: answer.filename });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ filename: ['The file is not an image.'] });
    expect(await app.storage.get(answer.filename)).toBeNull();
  });

  it('serves originals and renditions from the bucket, caching renditions there', async () => {
    const png = await makeImage(800, 400);
    const answer = await presign('image/png', png.length);
    await fetch(answer.url, { method: 'PUT', body: png, headers: answer.headers });
    const agent = new Agent(app);
    await loginAs(agent, owner);
    await agent.post(answer.complete_url as string, { filename: answer.filename });
    expect((await app.inject(`/media/${answer.filename}`)).rawPayload.equals(png)).toBe(true);
    const res = await app.inject({ url: `/media/${answer.filename}?w=480`, headers: { accept: 'image/webp' } });
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=300, s-maxage=30');
    expect(await app.storage.get(`_renditions/${answer.filename}/480.webp`)).not.toBeNull();
    expect((await app.inject('/media/tests/s3/none.png?w=480')).statusCode).toBe(404);
  });

  it('keeps archives private: streamed in and out by the driver, never served as media', async () => {
    const { writeArchive, textEntry } = await import('./archive.ts');
    const result = await writeArchive(app.storage, 'exports/s3-test.zip', [textEntry('hello.txt', ['안녕', ' world'])]);
    const opened = await app.storage.open('exports/s3-test.zip');
    expect(opened?.size).toBe(result.bytes);
    const { unzip } = await import('../../test/zip.ts');
    const files = await unzip((await app.storage.get('exports/s3-test.zip')) as Buffer);
    expect(files.get('hello.txt')?.toString()).toBe('안녕 world');
    // The app never serves it as media (s3rver does not enforce ACLs, so the bucket's 'private' is not checked here).
    expect((await app.inject({ method: 'GET', url: '/media/exports/s3-test.zip' })).statusCode).toBe(404);
    expect(await app.storage.open('exports/none.zip')).toBeNull();
  });
});

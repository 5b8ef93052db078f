import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../test/app.ts';
import { makeTestChain, type TestChain } from '../../test/c2pa.ts';
import { buildArtwork, buildPremium, loginAs } from '../../test/factories.ts';
import { makeImage } from '../../test/images.ts';
import { certificatesIn, readCredentials } from './credentials.ts';

// Issue #35 (3): with C2PA_SIGNING_KEY and C2PA_CERT_CHAIN set, the JPEG/PNG the site serves of an artwork carry a
// manifest naming the artist (public name and profile URL) and a training-mining assertion that follows the opt-out.
let app: FastifyInstance;
let plain: FastifyInstance;
let chain: TestChain;

beforeAll(async () => {
  chain = makeTestChain('AXOO Test Site');
  app = await buildTestApp({ C2PA_SIGNING_KEY: chain.key, C2PA_CERT_CHAIN: chain.chain, PUBLIC_URL: 'https://axoo.test' });
  plain = await buildTestApp();
});
afterAll(async () => {
  await app.close();
  await plain.close();
});

async function work(on: FastifyInstance) {
  const artist = await buildPremium(on, { name: 'Min Seo', aiOptOut: false });
  const art = await buildArtwork(on, artist);
  const key = `artworks/${art.id}/cover.jpg`;
  await on.storage.put(key, await makeImage(800, 600, 'jpeg'), 'image/jpeg');
  return { artist, art, key };
}

const fetchImage = (on: FastifyInstance, url: string, accept = 'image/jpeg') => new Agent(on).request({ method: 'GET', url, headers: { accept } });
const read = async (body: Buffer) => (await readCredentials(body, certificatesIn(chain.root))).summary;

describe('signing what the site serves (issue #35)', () => {
  it('signs renditions and originals with the artist as author and the training choice, and follows the opt-out', async () => {
    const { artist, art, key } = await work(app);
    const first = await fetchImage(app, `/media/${key}?w=480`);
    expect(first.statusCode).toBe(200);
    const summary = await read(first.rawPayload);
    expect(summary?.failures).toEqual([]);
    expect(summary).toMatchObject({ state: 'valid', generator: 'AXOO', authors: ['Min Seo'], training: 'allowed' });
    expect(summary?.signer).toBe('AXOO Test Site Signer, AXOO Test Site');
    expect((await read((await fetchImage(app, `/media/${key}`)).rawPayload))?.training).toBe('allowed');

    // The artist reserves their work: the next answer (a new ETag, so a revalidating cache gets it) says notAllowed.
    const owner = new Agent(app);
    await loginAs(owner, artist);
    expect((await owner.put(`/api/v1/users/${artist.id}/ai-opt-out/`, { ai_opt_out: true })).statusCode).toBe(200);
    const after = await fetchImage(app, `/media/${key}?w=480`);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect((await read(after.rawPayload))?.training).toBe('notAllowed');
    // The artwork's own choice wins over the account's.
    await owner.put(`/api/v1/artworks/${art.id}/ai-opt-out/`, { ai_opt_out: false });
    expect((await read((await fetchImage(app, `/media/${key}?w=480`)).rawPayload))?.training).toBe('allowed');
    // A revalidation with the current tag is a 304.
    const now = await fetchImage(app, `/media/${key}?w=480`);
    const again = await new Agent(app).request({
      method: 'GET',
      url: `/media/${key}?w=480`,
      headers: { accept: 'image/jpeg', 'if-none-match': String(now.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('leaves WebP/AVIF renditions and images of no artwork unsigned', async () => {
    const { key } = await work(app);
    expect((await fetchImage(app, `/media/${key}?w=480`, 'image/webp')).headers['content-type']).toBe('image/webp');
    await app.storage.put('users/1/avatar.jpg', await makeImage(64, 64, 'jpeg'), 'image/jpeg');
    expect(await read((await fetchImage(app, '/media/users/1/avatar.jpg')).rawPayload)).toBeNull();
  });

  it('signs nothing without the keys', async () => {
    const { key } = await work(plain);
    expect(plain.mediaSigning).toBeNull();
    const res = await fetchImage(plain, `/media/${key}?w=480`);
    expect(res.statusCode).toBe(200);
    expect(await read(res.rawPayload)).toBeNull();
  });
});

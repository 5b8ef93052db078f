import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { makeTestChain, flipImageByte, type TestChain } from '../../../test/c2pa.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { makeImage } from '../../../test/images.ts';
import { media } from '../../db/schema/index.ts';
import { signerFromPem, signImage } from '../../media/sign-credentials.ts';

// Issue #35 Content Credentials: uploads are read and validated, the summary is stored with the image, and
// GET /api/v1/artworks/{id}/credentials/ answers it to whoever may see the artwork (SPEC §6 visibility).
let app: FastifyInstance;
let trusted: TestChain;
let stranger: TestChain;
let artist: UserRow;
let author: Agent;

beforeAll(async () => {
  trusted = makeTestChain('Trusted Camera Co');
  stranger = makeTestChain('Stranger Tools');
  app = await buildTestApp({ C2PA_TRUST_ANCHORS: trusted.rootFile });
  artist = await buildPremium(app, { name: 'Min Seo' });
  author = new Agent(app);
  await loginAs(author, artist);
});
afterAll(() => app.close());

const content = {
  generator: 'Trusted Camera 3.1',
  actions: [
    { action: 'c2pa.created', source: 'digitalCapture', agent: 'Trusted Camera 3.1' },
    { action: 'c2pa.edited', agent: 'Photo Editor 2' },
  ],
  author: { name: 'Min Seo', url: 'https://example.test/u/minseo' },
  training: 'notAllowed' as const,
};

async function signed(chain: TestChain, format: 'jpeg' | 'png' = 'jpeg') {
  return signImage(await makeImage(120, 80, format), signerFromPem(chain.key, chain.chain), content);
}

/** Presign, PUT the bytes and save them as the cover and content image of a new, published artwork. */
async function artworkWith(bytes: Buffer, type: 'image/jpeg' | 'image/png' = 'image/jpeg') {
  const { id } = await buildArtwork(app, artist);
  const presigned = (await author.post(`/api/v1/artworks/${id}/presign/`, { filename: 'a.jpg', type })).json();
  const put = await app.inject({ method: 'PUT', url: presigned.url, payload: bytes, headers: { 'content-type': type } });
  expect(put.statusCode).toBe(200);
  const key = presigned.filename as string;
  const saved = await author.put(`/api/v1/artworks/${id}/`, { cover: key, raw_cover: key, cropped_cover: key, content: `<p><img src="/media/${key}"></p>` });
  expect(saved.statusCode).toBe(200);
  return { id, key };
}

const credentialsOf = async (id: number, agent = new Agent(app)) => agent.get(`/api/v1/artworks/${id}/credentials/`);

describe('Content Credentials on upload (issue #35)', () => {
  it('reads a signed JPEG from a trusted signer as valid, with signer, tool, actions, author and training choice', async () => {
    const { id, key } = await artworkWith(await signed(trusted));
    const res = await credentialsOf(id, author);
    expect(res.statusCode).toBe(200);
    const [image] = res.json().images;
    expect(image.filename).toBe(key);
    expect(image.credentials).toMatchObject({
      state: 'valid',
      signer: 'Trusted Camera Co Signer, Trusted Camera Co',
      issuer: 'Trusted Camera Co Root, Trusted Camera Co',
      generator: 'Trusted Camera 3.1',
      authors: ['Min Seo'],
      ai: false,
      training: 'notAllowed',
      failures: [],
    });
    expect(image.credentials.actions).toEqual([
      { action: 'c2pa.created', agent: 'Trusted Camera 3.1', source: 'digitalCapture' },
      { action: 'c2pa.edited', agent: 'Photo Editor 2', source: null },
    ]);
    // The stored copy is stripped of the manifest like any metadata; the summary stays with the media row.
    const [row] = await app.db.select().from(media).where(eq(media.key, key));
    expect(row.credentials?.state).toBe('valid');
  });

  it('reads a signed PNG too', async () => {
    const { id } = await artworkWith(await signed(trusted, 'png'), 'image/png');
    expect((await credentialsOf(id, author)).json().images[0].credentials.state).toBe('valid');
  });

  it('says "changed after signing" when one byte of the image changed after it was signed', async () => {
    const { id } = await artworkWith(flipImageByte(await signed(trusted)));
    const [image] = (await credentialsOf(id, author)).json().images;
    expect(image.credentials.state).toBe('changed');
    expect(image.credentials.failures).toContain('assertion.dataHash.mismatch');
    expect(image.credentials.signer).toBe('Trusted Camera Co Signer, Trusted Camera Co');
  });

  it('shows a signer that is not on the trust list as unknown (untrusted), never valid', async () => {
    const { id } = await artworkWith(await signed(stranger));
    const [image] = (await credentialsOf(id, author)).json().images;
    expect(image.credentials).toMatchObject({ state: 'untrusted', signer: 'Stranger Tools Signer, Stranger Tools' });
  });

  it('answers no images for an upload without a manifest', async () => {
    const { id } = await artworkWith(await makeImage(50, 50, 'jpeg'));
    expect((await credentialsOf(id, author)).json()).toEqual({ images: [] });
  });

  it('finds only artworks with valid credentials under the gallery filter ?credentials=valid', async () => {
    const valid = await artworkWith(await signed(trusted));
    const changed = await artworkWith(flipImageByte(await signed(trusted)));
    const unknown = await artworkWith(await signed(stranger));
    const plain = await buildArtwork(app, artist);
    const res = await new Agent(app).get('/api/v1/artworks/?limit=50&credentials=valid');
    expect(res.statusCode).toBe(200);
    const found = (res.json().results as { id: number }[]).map((a) => a.id);
    expect(found).toContain(valid.id);
    for (const other of [changed.id, unknown.id, plain.id]) expect(found).not.toContain(other);
    // Replacing the signed images with a plain one takes the artwork out of the filter.
    const key = (await artworkWith(await makeImage(40, 40, 'jpeg'))).key;
    const saved = await author.put(`/api/v1/artworks/${valid.id}/`, {
      cover: key,
      raw_cover: key,
      cropped_cover: key,
      content: `<p><img src="/media/${key}"></p>`,
    });
    expect(saved.statusCode).toBe(200);
    const after = (await author.get('/api/v1/artworks/?limit=50&credentials=valid')).json().results as { id: number }[];
    expect(after.map((a) => a.id)).not.toContain(valid.id);
  });

  it('answers a bad credentials filter with 400 under the field', async () => {
    const res = await new Agent(app).get('/api/v1/artworks/?credentials=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().credentials).toBeDefined();
  });

  it('follows the artwork visibility: 404 for what the viewer may not see, the author sees their own draft', async () => {
    const { id } = await artworkWith(await signed(trusted));
    await author.put(`/api/v1/artworks/${id}/`, { draft: true });
    expect((await credentialsOf(id)).statusCode).toBe(404);
    const other = new Agent(app);
    await loginAs(other, await buildUser(app));
    expect((await credentialsOf(id, other)).statusCode).toBe(404);
    expect((await credentialsOf(id, author)).statusCode).toBe(200);
    expect((await credentialsOf(999999)).statusCode).toBe(404);
  });
});

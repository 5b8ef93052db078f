import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, loginAs, type UserRow } from '../../../test/factories.ts';
import { eq } from 'drizzle-orm';
import { imageHashes, media } from '../../db/schema/index.ts';

/**
 * Issue #31, repost detection through the API: saving an artwork hashes its images; `GET /api/v1/artworks/{id}/matches/`
 * shows its author (and staff) the other accounts' published near copies, never their own work, drafts or unrelated work.
 */
let app: FastifyInstance;
const artists: Record<'original' | 'copier' | 'other', UserRow> = {} as never;
const agents: Record<'original' | 'copier' | 'staff', Agent> = {} as never;
const works: Record<'original' | 'copy' | 'hiddenCopy' | 'unrelated', number> = {} as never;

const picture = (hue: string, shape: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${hue}"/>${shape}</svg>`))
    .png()
    .toBuffer();

/** An artwork saved through the API with this image as its cover, as the editor saves it. */
async function savedWith(author: UserRow, agent: Agent, key: string, bytes: Buffer, published = true) {
  await app.storage.put(key, bytes, 'image/png');
  await app.db.insert(media).values({ key, ownerId: author.id, contentType: 'image/png', size: bytes.length, width: 640, height: 480, status: 'ready' });
  const work = await buildArtwork(app, author, { cover: '', croppedCover: '', rawCover: '', draft: !published });
  const res = await agent.put(`/api/v1/artworks/${work.id}/`, { cover: key, cropped_cover: key, raw_cover: key });
  expect(res.statusCode, res.body).toBe(200);
  return work.id;
}

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  for (const name of ['original', 'copier', 'other'] as const) artists[name] = await buildPremium(app);
  for (const name of ['original', 'copier'] as const) {
    agents[name] = new Agent(app, 'en');
    await loginAs(agents[name], artists[name]);
  }
  agents.staff = new Agent(app, 'en');
  await loginAs(agents.staff, await buildStaff(app));
  const art = await picture('#204060', '<circle cx="200" cy="200" r="120" fill="#e0a020"/><rect x="380" y="80" width="180" height="300" fill="#a02040"/>');
  works.original = await savedWith(artists.original, agents.original, 'artworks/m/original.png', art);
  // The copy: mirrored, halved and recompressed, uploaded by another account.
  const copied = await sharp(art).flop().resize(320, 240).jpeg({ quality: 40 }).toBuffer();
  works.copy = await savedWith(artists.copier, agents.copier, 'artworks/m/copy.png', await sharp(copied).png().toBuffer());
  // Publishing the copy held it (the publish hold, features/reposts); staff release it: a published copy from now on.
  const hold = (await agents.staff.get(`/api/v1/artworks/${works.copy}/hold/`)).json();
  expect((await agents.staff.patch(`/api/v1/admin/holds/${hold.id}/`, { decision: 'release' })).statusCode).toBe(200);
  works.hiddenCopy = await savedWith(artists.copier, agents.copier, 'artworks/m/hidden.png', art, false);
  const otherAgent = new Agent(app, 'en');
  await loginAs(otherAgent, artists.other);
  const unrelated = await picture('#f0f0f0', '<path d="M0 480 L320 0 L640 480 Z" fill="#103010"/>');
  works.unrelated = await savedWith(artists.other, otherAgent, 'artworks/m/unrelated.png', unrelated);
});
afterAll(() => app.close());

describe('repost detection (issue #31)', () => {
  it('saving an artwork stores both hashes of its images and of their mirror images', async () => {
    const rows = await app.db.select().from(imageHashes).where(eq(imageHashes.artworkId, works.original));
    expect(rows.map((r) => r.imageKey)).toEqual(['artworks/m/original.png']);
    expect(rows[0].dhash).not.toBe(rows[0].mirrorDhash);
  });

  it("lists another account's published near copy to the author and staff", async () => {
    for (const who of ['original', 'staff'] as const) {
      const res = await agents[who].get(`/api/v1/artworks/${works.original}/matches/`);
      expect(res.statusCode).toBe(200);
      const { results } = res.json();
      expect(
        results.map((r: { artwork: { id: number } }) => r.artwork.id),
        who,
      ).toEqual([works.copy]);
      expect(results[0]).toMatchObject({ image: 'artworks/m/original.png', matched_image: 'artworks/m/copy.png', author: { id: artists.copier.id } });
    }
  });

  it("the copier sees the original (published) as a match of their own copy, and nobody else's work is listed", async () => {
    const { results } = (await agents.copier.get(`/api/v1/artworks/${works.copy}/matches/`)).json();
    expect(results.map((r: { artwork: { id: number } }) => r.artwork.id)).toEqual([works.original]);
  });

  it('others are refused; an artwork that does not exist is a 404', async () => {
    expect((await agents.copier.get(`/api/v1/artworks/${works.original}/matches/`)).statusCode).toBe(403);
    expect((await new Agent(app, 'en').get(`/api/v1/artworks/${works.original}/matches/`)).statusCode).toBe(403);
    expect((await agents.original.get('/api/v1/artworks/999999/matches/')).statusCode).toBe(404);
    expect((await agents.original.get('/api/v1/artworks/abc/matches/')).statusCode).toBe(404);
  });
});

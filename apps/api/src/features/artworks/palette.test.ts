import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs } from '../../../test/factories.ts';
import { artworkPalettes, jobs, media } from '../../db/schema/index.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { enqueue } from '../../jobs/queue.ts';
import { backfillPalettes, enqueuePaletteBackfill, PALETTE_BACKFILL_JOB } from './palette.ts';

/**
 * Issue #18, the gallery's palette search (`?palette=#rrggbb`): palettes filled by the backfill job and by saving,
 * ΔE2000 ≤ 12 weighted by share, closest first, combined with the other filters, hidden work absent, bad colours
 * answered with a field message in the request language.
 */
let app: FastifyInstance;
let artist: UserRow;
const ids: Record<string, number> = {};

const svg = (body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">${body}</svg>`))
    .png()
    .toBuffer();
const flat = (fill: string) => svg(`<rect width="300" height="200" fill="${fill}"/>`);
async function stored(key: string, bytes: Promise<Buffer>, owner?: UserRow) {
  await app.storage.put(key, await bytes, 'image/png');
  if (owner) await app.db.insert(media).values({ key, ownerId: owner.id, contentType: 'image/png', size: 1, width: 300, height: 200, status: 'ready' });
  return key;
}

beforeAll(async () => {
  app = await buildTestApp();
  artist = await buildPremium(app);
  const images = {
    red: stored('palette-test/red.png', flat('#d62020')),
    split: stored('palette-test/split.png', svg('<rect width="150" height="200" fill="#d62020"/><rect x="150" width="150" height="200" fill="#2040d0"/>')),
    orange: stored('palette-test/orange.png', flat('#e0502a')),
    green: stored('palette-test/green.png', flat('#20a040')),
    hidden: stored('palette-test/hidden.png', flat('#d62020')),
  };
  for (const [name, key] of Object.entries(images)) {
    const author = name === 'hidden' ? await buildUser(app) : artist;
    const art = await buildArtwork(app, author, { cover: await key, croppedCover: '', categoryCodes: name === 'orange' ? ['photography'] : ['painting'] });
    ids[name] = art.id;
  }
  // An artwork whose image is missing from the store: the backfill skips it and goes on.
  ids.missing = (await buildArtwork(app, artist, { cover: 'palette-test/gone.png', croppedCover: '' })).id;
});
afterAll(() => app.close());

const search = async (colour: string, more = '', agent = new Agent(app)) => {
  const res = await agent.get(`/api/v1/artworks/?limit=50&palette=${encodeURIComponent(colour)}${more}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { count: number; results: { id: number }[] };
  expect(body.count).toBe(body.results.length);
  return body.results.map((a) => a.id);
};

describe('palette backfill (issue #18)', () => {
  it('queues one pass at most, fills every artwork with a readable cover, and does nothing the second time', async () => {
    expect(await app.db.select().from(artworkPalettes)).toEqual([]);
    expect(await enqueuePaletteBackfill(app.db)).toBe(true);
    expect(await enqueuePaletteBackfill(app.db)).toBe(false);
    await app.jobs.drain();
    const [job] = await app.db.select().from(jobs).where(eq(jobs.kind, PALETTE_BACKFILL_JOB));
    expect(job.status).toBe('done');
    const rows = await app.db.select().from(artworkPalettes);
    const by = (id: number) => rows.filter((r) => r.artworkId === id);
    expect(by(ids.red)).toHaveLength(1);
    expect(by(ids.red)[0].share).toBe(1);
    expect(
      by(ids.split)
        .map((r) => r.share)
        .sort(),
    ).toEqual([0.5, 0.5]);
    expect(by(ids.missing)).toEqual([]);
    // The hidden artwork has its palette too, kept out of the search by the `visible` copy.
    expect(by(ids.hidden).every((r) => r.visible === false)).toBe(true);
    expect(by(ids.red).every((r) => r.visible)).toBe(true);
    expect(await backfillPalettes(app)).toEqual({ filled: 0, next: null });
    expect(await app.db.select().from(artworkPalettes)).toHaveLength(rows.length);
  });
});

describe('palette backfill in stretches (issue #18)', () => {
  it('stops after its share of artworks and says where to go on; a job takes up from there', async () => {
    await app.db.delete(artworkPalettes).where(inArray(artworkPalettes.artworkId, [ids.red, ids.split]));
    // Two artworks to measure: a stretch of one stops after the red one; a job from there finds the split one.
    const first = await backfillPalettes(app, 0, 1);
    expect(first).toEqual({ filled: 1, next: ids.red });
    const rowsOf = () =>
      app.db
        .select()
        .from(artworkPalettes)
        .where(inArray(artworkPalettes.artworkId, [ids.red, ids.split]));
    expect(await rowsOf()).toHaveLength(1);
    await enqueue(app.db, PALETTE_BACKFILL_JOB, { after: first.next });
    await app.jobs.drain();
    expect(await rowsOf()).toHaveLength(3);
  });
});

describe('GET /api/v1/artworks/?palette= (issue #18)', () => {
  it('finds the red artworks for a near-red pick, closest and largest share first, and not the green one', async () => {
    const found = await search('#d82424');
    expect(found).toEqual([ids.red, ids.split, ids.orange]);
    expect(found).not.toContain(ids.green);
    expect(await search('#22a242')).toEqual([ids.green]);
    expect(await search('#ffff00')).toEqual([]);
  });

  it('orders by closeness: an orange pick puts the orange artwork before the red ones', async () => {
    expect(await search('#e0502a')).toEqual([ids.orange, ids.red, ids.split]);
  });

  it('combines with the other filters and pages', async () => {
    expect(await search('#d82424', '&categories__category=photography')).toEqual([ids.orange]);
    expect(await search('#d82424', '&categories__category=painting')).toEqual([ids.red, ids.split]);
    const page2 = await new Agent(app).get(`/api/v1/artworks/?limit=1&offset=1&palette=${encodeURIComponent('#d82424')}`);
    expect(page2.json().count).toBe(3);
    expect(page2.json().results.map((a: { id: number }) => a.id)).toEqual([ids.split]);
  });

  it('never lists hidden work, not even to its author', async () => {
    expect(await search('#d62020')).not.toContain(ids.hidden);
    const owner = new Agent(app);
    const [row] = await app.db.query.artworks.findMany({ where: (a, { eq }) => eq(a.id, ids.hidden) });
    await loginAs(owner, (await app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, row.authorId) })) as UserRow);
    expect(await search('#d62020', '', owner)).not.toContain(ids.hidden);
  });

  it('answers a bad colour with 400 under the field, in the request language', async () => {
    for (const bad of ['red', 'd62020', '#d6202', '#d620200', '#gg2020', '', '#d62020;drop']) {
      const res = await new Agent(app).get(`/api/v1/artworks/?palette=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().palette[0]).toBe('palette must be a colour as #rrggbb.');
    }
    const ko = await new Agent(app, 'ko').get('/api/v1/artworks/?palette=blue');
    expect(ko.statusCode).toBe(400);
    expect(ko.json().palette[0]).toBe('색상은 #rrggbb 형식으로 입력하세요.');
  });
});

describe('saving an artwork replaces its palette in the same write (issue #18)', () => {
  it('measures the new cover when it changes, and keeps the palette when it does not', async () => {
    const agent = new Agent(app);
    await loginAs(agent, artist);
    const green = await stored('palette-test/new-green.png', flat('#20a040'), artist);
    const res = await agent.put(`/api/v1/artworks/${ids.red}/`, { cover: green, cropped_cover: green });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await app.db.select().from(artworkPalettes).where(eq(artworkPalettes.artworkId, ids.red));
    expect(rows).toHaveLength(1);
    expect(rows[0].a).toBeLessThan(-30); // green
    expect(await search('#22a242')).toEqual(expect.arrayContaining([ids.red, ids.green]));
    expect(await search('#d82424')).not.toContain(ids.red);
    // A save that does not touch the image leaves the rows as they are.
    expect((await agent.put(`/api/v1/artworks/${ids.red}/`, { title: 'Still green' })).statusCode).toBe(200);
    const again = await app.db
      .select()
      .from(artworkPalettes)
      .where(inArray(artworkPalettes.artworkId, [ids.red]));
    expect(again).toEqual(rows);
  });
});

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworks, inviteCriteria, inviteJurors, invites, inviteSnapshots, jobs } from '../src/db/schema/index.ts';
import { ANONYMISE_JOB, anonymiseSnapshots, enqueueAnonymise } from '../src/features/invites/judging/anonymise.ts';
import { buildTestApp } from './app.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser, type UserRow } from './factories.ts';
import { agentAs } from './outbox.ts';

/**
 * Issue #29 point 5 (issue #16, blind review): entries frozen before anonymous copies existed name the artwork's own
 * files (keys with the user's and artwork's ids). The one-off pass copies them to anonymous keys; afterwards no
 * juror-facing answer names an original key. Idempotent, resumable, and two passes at once rewrite each entry once.
 */
let app: FastifyInstance;
let owner: UserRow;
let juror: UserRow;
let inviteId = 0;
const NAME = 'Yuna Original';
/** Per entry: its application, its artwork, and the original keys its snapshot names. */
const entries: { application: number; artwork: number; keys: string[] }[] = [];

const ORIGINAL = /(?:artworks|users)\/\d+\//;
const keysIn = (text: string) => [...text.matchAll(/\/media\/([a-z0-9/_.-]+\.(?:jpg|png))/g)].map((m) => m[1]);

/** Points an entry's snapshot back at the originals, as snapshots made before the copies existed did. */
async function asOldSnapshot(application: number, keys: string[]) {
  const [cover, first, second] = keys;
  await app.db
    .update(inviteSnapshots)
    .set({
      cover,
      croppedCover: cover,
      images: [first, second],
      content: `<p><img src="/media/${first}?w=1400" alt="x"></p><p><img src="/media/${second}"></p>`,
    })
    .where(eq(inviteSnapshots.applicationId, application));
}

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  owner = await buildUser(app, { name: 'Anon Brand' });
  juror = await buildUser(app, { name: 'Anon Juror' });
  const artist = await buildPremium(app, { name: NAME, language: 'en' });
  inviteId = (await buildInvite(app, owner, { title: 'Anonymised call' })).id;
  await app.db.insert(inviteCriteria).values({ inviteId, nameKo: '구성', nameEn: 'Composition' });
  await app.db.insert(inviteJurors).values({ inviteId, email: juror.email, userId: juror.id, accepted: new Date() });
  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#aa3355' } })
    .jpeg()
    .withExif({ IFD0: { Artist: NAME } })
    .toBuffer();
  expect(jpeg.includes(NAME)).toBe(true);
  for (const title of ['Old one', 'Old two', 'Old three']) {
    const work = await buildArtwork(app, artist, { title, content: '' });
    const keys = [`artworks/${work.id}/cover.jpg`, `artworks/${work.id}/first.jpg`, `users/${artist.id}/second-${work.id}.jpg`];
    for (const key of keys) await app.storage.put(key, jpeg, 'image/jpeg');
    await app.db
      .update(artworks)
      .set({ cover: keys[0], croppedCover: keys[0], content: `<p><img src="/media/${keys[1]}"></p><p><img src="/media/${keys[2]}"></p>` })
      .where(eq(artworks.id, work.id));
    const res = await (await agentAs(app, artist)).post('/api/v1/invite-applications/', { invite: inviteId, artwork: work.id });
    expect(res.statusCode).toBe(201);
    entries.push({ application: res.json().id, artwork: work.id, keys });
  }
  // The copies applying made are not the old entries' concern: the snapshots go back to naming the originals.
  for (const e of entries) await asOldSnapshot(e.application, e.keys);
  await dropUnnamedCopies();
  // The last artist deleted the third project: its originals stay only while its old snapshot names them.
  expect((await (await agentAs(app, artist)).delete(`/api/v1/artworks/${entries[2].artwork}/`)).statusCode).toBe(204);
  await app.jobs.drain();
  expect(await app.storage.get(entries[2].keys[0])).not.toBeNull();
  await app.db.update(invites).set({ status: 'examination' }).where(eq(invites.id, inviteId));
});
afterAll(() => app.close());

const judging = async () => {
  const res = await (await agentAs(app, juror)).get(`/api/v1/invites/${inviteId}/judging/`);
  expect(res.statusCode).toBe(200);
  return res;
};
const snapshots = () => app.db.select().from(inviteSnapshots).where(eq(inviteSnapshots.inviteId, inviteId)).orderBy(inviteSnapshots.applicationId);
const storedCopies = async () => {
  const keys: string[] = [];
  for await (const { key } of app.storage.list()) if (key.startsWith('submissions/')) keys.push(key);
  return keys.sort();
};
const namedCopies = async () =>
  [
    ...new Set((await snapshots()).flatMap((s) => [s.cover, s.croppedCover, ...s.images, ...keysIn(s.content)]).filter((k) => k.startsWith('submissions/'))),
  ].sort();
/** The test sets snapshots back by hand: the copies they named before show nothing now. */
async function dropUnnamedCopies() {
  const named = new Set(await namedCopies());
  for (const key of await storedCopies()) if (!named.has(key)) await app.storage.delete(key);
}

describe('the one-off pass that anonymises old frozen entries (issue #29.5)', () => {
  it('before it, the juror queue names the originals (the check below can fail)', async () => {
    expect((await judging()).body).toMatch(ORIGINAL);
  });

  it('is queued once while needed, goes on from where a job stopped, and leaves no juror answer naming an original', async () => {
    expect(await enqueueAnonymise(app.db)).toBe(true);
    expect(await enqueueAnonymise(app.db)).toBe(false);
    // A first stretch of one entry stops and says where to go on; the queued job does the rest.
    const first = await anonymiseSnapshots(app, 0, 1);
    expect(first).toEqual({ rewritten: 1, next: entries[0].application });
    expect((await snapshots())[1].cover).toMatch(ORIGINAL);
    await app.jobs.drain();
    const [job] = await app.db.select().from(jobs).where(eq(jobs.kind, ANONYMISE_JOB));
    expect(job.status).toBe('done');

    const res = await judging();
    expect(res.body).not.toMatch(ORIGINAL);
    expect(res.body).not.toContain(NAME);
    const items = res.json().results as { snapshot: { cover: string; cropped_cover: string; images: string[]; content: string } }[];
    expect(items).toHaveLength(3);
    for (const { snapshot } of items) {
      const keys = new Set([snapshot.cover, snapshot.cropped_cover, ...snapshot.images, ...keysIn(snapshot.content)]);
      expect(keys.size).toBe(3);
      for (const key of keys) {
        expect(key).toMatch(/^submissions\/[a-z0-9]{16}\.jpg$/);
        const media = await (await agentAs(app, juror)).get(`/media/${key}`);
        expect(media.statusCode).toBe(200);
        expect(media.rawPayload.includes(NAME)).toBe(false);
        expect((await sharp(media.rawPayload).metadata()).exif).toBeUndefined();
      }
    }
    // The owner's list and the ranking read the same snapshots.
    const brand = await agentAs(app, owner);
    expect((await brand.get(`/api/v1/invites/${inviteId}/artworks/`)).body).not.toMatch(ORIGINAL);
    expect((await brand.get(`/api/v1/invites/${inviteId}/ranking/`)).body).not.toMatch(ORIGINAL);
  });

  it('deletes the originals no artwork shows any more, keeps those a live artwork shows', async () => {
    for (const key of entries[2].keys) expect(await app.storage.get(key), key).toBeNull();
    for (const key of [...entries[0].keys, ...entries[1].keys]) expect(await app.storage.get(key), key).not.toBeNull();
  });

  it('is idempotent: nothing is left to queue, and another pass changes nothing', async () => {
    const before = await snapshots();
    expect(await enqueueAnonymise(app.db)).toBe(false);
    expect(await anonymiseSnapshots(app)).toEqual({ rewritten: 0, next: null });
    expect(await snapshots()).toEqual(before);
    expect(await storedCopies()).toEqual(await namedCopies());
  });

  it('two passes at once rewrite an entry once, and the loser leaves no copy behind', async () => {
    await asOldSnapshot(entries[0].application, entries[0].keys);
    await asOldSnapshot(entries[1].application, entries[1].keys);
    await dropUnnamedCopies();
    const runs = await Promise.all([anonymiseSnapshots(app), anonymiseSnapshots(app), anonymiseSnapshots(app)]);
    expect(runs.reduce((n, r) => n + r.rewritten, 0)).toBe(2);
    expect((await judging()).body).not.toMatch(ORIGINAL);
    const named = await namedCopies();
    expect(named).toHaveLength(9);
    expect(await storedCopies()).toEqual(named);
  });
});

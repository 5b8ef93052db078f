import { artworkPath, translate } from '@axoo/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { artworks, follows, imageHashes, jobs, media, moderationAudit, notifications, reports, repostHolds } from '../../db/schema/index.ts';
import { enqueueHashBackfill } from './backfill.ts';

/**
 * Issue #31, repost detection's publish hold: publishing work whose image is a near copy of another account's
 * published image holds it (`held`, `possible_repost`) instead of showing it, on every publish path (the editor's
 * save, a scheduled publication); the uploader reads why and explains; the matched artist is told (ko/en) and answers
 * "mine, I allowed it" (released) or reports it (the one report model, reason stolen); staff list holds with both
 * images and release or remove them, audit-logged; `npm run backfill-hashes`' pass hashes older images.
 */
let app: FastifyInstance;
const people: Record<'original' | 'copier' | 'stranger' | 'follower', UserRow> = {} as never;
const agents: Record<'original' | 'copier' | 'stranger' | 'follower' | 'staff' | 'guest', Agent> = {} as never;
let art: Buffer;
let originalId: number;

const picture = (fill: string, shape: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${fill}"/>${shape}</svg>`))
    .png()
    .toBuffer();

let n = 0;
/** An upload of `author`, ready for an artwork's cover. */
async function upload(author: UserRow, bytes: Buffer) {
  const key = `artworks/r/${++n}.png`;
  await app.storage.put(key, bytes, 'image/png');
  await app.db.insert(media).values({ key, ownerId: author.id, contentType: 'image/png', size: bytes.length, width: 640, height: 480, status: 'ready' });
  return key;
}

/** A draft that shows this image, then published as the editor publishes (PUT draft false). */
async function publishWith(author: UserRow, agent: Agent, bytes: Buffer, title: string) {
  const key = await upload(author, bytes);
  const work = await buildArtwork(app, author, { cover: '', croppedCover: '', rawCover: '', draft: true, title });
  const res = await agent.put(`/api/v1/artworks/${work.id}/`, { cover: key, cropped_cover: key, raw_cover: key, draft: false });
  expect(res.statusCode, res.body).toBe(200);
  return { id: work.id, key, answer: res.json() };
}

/** A near copy: mirrored, halved and recompressed. */
const copyOf = async (bytes: Buffer) =>
  sharp(await sharp(bytes).flop().resize(320, 240).jpeg({ quality: 40 }).toBuffer())
    .png()
    .toBuffer();

const ids = (body: { results: { id: number }[] }) => body.results.map((a) => a.id);

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  people.original = await buildPremium(app, { language: 'ko', slug: 'origin-artist', username: 'origin-artist' });
  people.copier = await buildPremium(app, { slug: 'copycat', username: 'copycat' });
  people.stranger = await buildUser(app);
  people.follower = await buildUser(app);
  await app.db.insert(follows).values({ followerId: people.follower.id, artistId: people.copier.id });
  for (const who of ['original', 'copier', 'stranger', 'follower'] as const) {
    agents[who] = new Agent(app, 'en');
    await loginAs(agents[who], people[who]);
  }
  agents.staff = new Agent(app, 'en');
  await loginAs(agents.staff, await buildStaff(app));
  agents.guest = new Agent(app, 'en');
  art = await picture('#204060', '<circle cx="200" cy="200" r="120" fill="#e0a020"/><rect x="380" y="80" width="180" height="300" fill="#a02040"/>');
  originalId = (await publishWith(people.original, agents.original, art, 'Lighthouse original')).id;
});
afterAll(() => app.close());

describe('the publish hold (issue #31)', () => {
  let copy: { id: number; key: string; answer: { moderation_state: string; moderation_reason: string; visible: boolean } };
  let holdId: number;

  beforeAll(async () => {
    copy = await publishWith(people.copier, agents.copier, await copyOf(art), 'Lighthouse repost');
    await app.jobs.drain();
  });

  it('holds a published near copy of another account’s work: the save answers held, possible_repost', async () => {
    expect(copy.answer).toMatchObject({ moderation_state: 'held', moderation_reason: 'possible_repost', visible: false });
    const [hold] = await app.db.select().from(repostHolds).where(eq(repostHolds.artworkId, copy.id));
    expect(hold).toMatchObject({ status: 'held', uploaderId: people.copier.id });
    holdId = hold.id;
    // The original artist's own work, published first, is not held.
    const [original] = await app.db.select().from(artworks).where(eq(artworks.id, originalId));
    expect(original).toMatchObject({ moderationState: 'none', visible: true });
  });

  it('the held work is absent for others from lists, search, profile, feed, sitemap, oEmbed and its page', async () => {
    for (const who of ['guest', 'stranger', 'follower', 'original'] as const) {
      expect(ids((await agents[who].get('/api/v1/artworks/')).json()), who).not.toContain(copy.id);
      expect(ids((await agents[who].get('/api/v1/artworks/?search=Lighthouse')).json()), who).not.toContain(copy.id);
      expect(ids((await agents[who].get(`/api/v1/users/${people.copier.id}/artworks/`)).json()), who).not.toContain(copy.id);
      expect((await agents[who].get(`/api/v1/artworks/${copy.id}/`)).statusCode, who).toBe(404);
    }
    expect(ids((await agents.follower.get('/api/v1/feed/')).json())).not.toContain(copy.id);
    expect((await app.inject({ url: '/sitemaps/artworks-1.xml' })).body).not.toContain(artworkPath(copy.id));
    expect((await app.inject({ url: '/feeds/artworks.atom' })).body).not.toContain('Lighthouse repost');
    const oembed = await app.inject({ url: `/api/oembed?url=${encodeURIComponent(`http://localhost${artworkPath(copy.id)}`)}&format=json` });
    expect(oembed.statusCode).toBe(404);
  });

  it('the uploader sees why on the artwork and the hold, and explains; the explanation is staff’s, not the other artist’s', async () => {
    expect((await agents.copier.get(`/api/v1/artworks/${copy.id}/`)).json()).toMatchObject({ moderation_state: 'held', moderation_reason: 'possible_repost' });
    const hold = (await agents.copier.get(`/api/v1/artworks/${copy.id}/hold/`)).json();
    expect(hold).toMatchObject({ id: holdId, status: 'held', role: 'uploader', explanation: '' });
    expect(hold.matches).toEqual([
      expect.objectContaining({
        image: copy.key,
        original: expect.objectContaining({ id: originalId }),
        author: expect.objectContaining({ id: people.original.id }),
        answer: null,
      }),
    ]);
    const res = await agents.copier.post(`/api/v1/holds/${holdId}/explanation/`, { text: 'A study after the original, credited in the text.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().explanation).toBe('A study after the original, credited in the text.');
    const staffList = (await agents.staff.get('/api/v1/admin/holds/')).json();
    const row = staffList.results.find((h: { id: number }) => h.id === holdId);
    expect(row).toMatchObject({ role: 'staff', explanation: 'A study after the original, credited in the text.' });
    // Both images side by side: the held work's and the original's.
    expect(row.matches[0]).toMatchObject({ image: copy.key, original_image: expect.stringContaining('artworks/r/') });
    expect((await agents.original.get(`/api/v1/artworks/${copy.id}/hold/`)).json()).toMatchObject({ role: 'original', explanation: null });
  });

  it('a mature work of the other party shows blurred to a party who has not opted in; staff and its author see it', async () => {
    const blurred = { [copy.id]: 'artworks/r/held_blurred.jpg', [originalId]: 'artworks/r/original_blurred.jpg' };
    for (const id of [copy.id, originalId]) await app.db.update(artworks).set({ rating: 'mature', blurredCover: blurred[id] }).where(eq(artworks.id, id));
    const [originalRow] = await app.db.select().from(artworks).where(eq(artworks.id, originalId));
    const read = async (who: 'original' | 'copier' | 'staff') => (await agents[who].get(`/api/v1/artworks/${copy.id}/hold/`)).json();
    try {
      // The matched artist: the held work blurred, their own as it is.
      const theirs = await read('original');
      expect(theirs.artwork.cover).toBe(blurred[copy.id]);
      expect(theirs.matches[0]).toMatchObject({
        image: blurred[copy.id],
        image_blurred: true,
        original_image: originalRow.croppedCover || originalRow.cover,
        original_blurred: false,
      });
      // The uploader: their own work as it is, the original blurred.
      const uploader = await read('copier');
      expect(uploader.artwork.cover).not.toBe(blurred[copy.id]);
      expect(uploader.matches[0]).toMatchObject({
        image: copy.key,
        image_blurred: false,
        original_image: blurred[originalId],
        original_blurred: true,
        original: expect.objectContaining({ cover: blurred[originalId] }),
      });
      // Staff decide on the works as they are.
      expect((await read('staff')).matches[0]).toMatchObject({ image: copy.key, original_image: expect.not.stringContaining('blurred') });
      // Opted in, the matched artist compares the two as they are.
      const optIn = (on: boolean) => agents.original.put(`/api/v1/users/${people.original.id}/`, { show_mature: on });
      expect((await optIn(true)).statusCode).toBe(200);
      expect((await read('original')).matches[0]).toMatchObject({ image: copy.key });
      expect((await optIn(false)).statusCode).toBe(200);
    } finally {
      for (const id of [copy.id, originalId]) await app.db.update(artworks).set({ rating: 'general' }).where(eq(artworks.id, id));
    }
  });

  it('the other artist is told: a notice leading to the hold and a mail in their language (ko)', async () => {
    const notices = (await agents.original.get('/api/v1/notifications/')).json().results;
    expect(notices).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'repost_match', link: `/holds/${copy.id}/` })]));
    const [copierNotice] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.copier.id), eq(notifications.type, 'repost_held')));
    expect(copierNotice).toBeTruthy();
    const mails = await mailsTo(app, people.original.email);
    const mail = mails.find((m) => m.subject?.includes('내 작품과 닮은 작품'));
    expect(mail?.text).toContain(`/holds/${copy.id}/`);
    expect(mail?.text).toContain('Lighthouse repost');
  });

  it('who may do what: 403 for guests, strangers, and a party acting in the other’s place', async () => {
    expect((await agents.guest.get(`/api/v1/artworks/${copy.id}/hold/`)).statusCode).toBe(403);
    expect((await agents.stranger.get(`/api/v1/artworks/${copy.id}/hold/`)).statusCode).toBe(403);
    expect((await agents.stranger.post(`/api/v1/holds/${holdId}/answer/`, { answer: 'allowed' })).statusCode).toBe(403);
    expect((await agents.copier.post(`/api/v1/holds/${holdId}/answer/`, { answer: 'allowed' })).statusCode).toBe(403);
    expect((await agents.original.post(`/api/v1/holds/${holdId}/explanation/`, { text: 'not mine to explain' })).statusCode).toBe(403);
    for (const who of ['guest', 'stranger', 'copier'] as const) {
      expect((await agents[who].get('/api/v1/admin/holds/')).statusCode, who).toBe(403);
      expect((await agents[who].patch(`/api/v1/admin/holds/${holdId}/`, { decision: 'release' })).statusCode, who).toBe(403);
    }
    expect((await agents.copier.get('/api/v1/artworks/999999/hold/')).statusCode).toBe(404);
  });

  it('bad input is a 400 with the field’s message in Korean', async () => {
    const ko = new Agent(app, 'ko');
    await loginAs(ko, people.copier);
    const empty = await ko.post(`/api/v1/holds/${holdId}/explanation/`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().text).toEqual([translate('ko', 'field.required')]);
    const koOriginal = new Agent(app, 'ko');
    await loginAs(koOriginal, people.original);
    const choice = await koOriginal.post(`/api/v1/holds/${holdId}/answer/`, { answer: 'maybe' });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().answer).toEqual([translate('ko', 'field.invalid_choice')]);
  });

  it('"mine, I allowed it" releases the hold: the work shows, the answer is audit-logged, and saving again holds nothing', async () => {
    const res = await agents.original.post(`/api/v1/holds/${holdId}/answer/`, { answer: 'allowed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'released', matches: [expect.objectContaining({ answer: 'allowed' })] });
    const [row] = await app.db.select().from(artworks).where(eq(artworks.id, copy.id));
    expect(row).toMatchObject({ moderationState: 'none', visible: true });
    expect(ids((await agents.guest.get('/api/v1/artworks/')).json())).toContain(copy.id);
    const audit = await app.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, copy.id));
    expect(audit.map((a) => a.action)).toContain('hold_allowed');
    // Cleared both ways: the copy's later saves and the original's new image do not hold either of them again.
    expect((await agents.copier.put(`/api/v1/artworks/${copy.id}/`, { title: 'Lighthouse repost (credited)' })).json()).toMatchObject({
      moderation_state: 'none',
    });
    const again = await upload(people.original, await sharp(art).resize(600, 450).png().toBuffer());
    const edited = await agents.original.put(`/api/v1/artworks/${originalId}/`, { cover: again, cropped_cover: again, raw_cover: again });
    expect(edited.json()).toMatchObject({ moderation_state: 'none' });
    // A decided hold takes no more answers.
    expect((await agents.original.post(`/api/v1/holds/${holdId}/answer/`, { answer: 'report' })).statusCode).toBe(400);
  });

  it('"report" files a report of the held work (reason stolen) through the one report model; it stays held', async () => {
    const second = await publishWith(people.copier, agents.copier, await sharp(art).modulate({ brightness: 1.2 }).png().toBuffer(), 'Brighter repost');
    expect(second.answer).toMatchObject({ moderation_state: 'held' });
    const hold = (await agents.original.get(`/api/v1/artworks/${second.id}/hold/`)).json();
    const res = await agents.original.post(`/api/v1/holds/${hold.id}/answer/`, { answer: 'report', detail: 'My painting from 2019.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'held', matches: [expect.objectContaining({ answer: 'reported' })] });
    const [report] = await app.db
      .select()
      .from(reports)
      .where(and(eq(reports.target, 'artwork'), eq(reports.targetId, second.id)));
    expect(report).toMatchObject({ reporterId: people.original.id, reason: 'stolen', detail: 'My painting from 2019.', status: 'open' });
    const [row] = await app.db.select().from(artworks).where(eq(artworks.id, second.id));
    expect(row.moderationState).toBe('held');
  });

  it('staff release one hold and remove another, each audit-logged; a decided hold is a 400', async () => {
    const a = await publishWith(
      people.copier,
      agents.copier,
      await sharp(art).extract({ left: 32, top: 24, width: 576, height: 432 }).png().toBuffer(),
      'Cropped repost',
    );
    const b = await publishWith(people.copier, agents.copier, await sharp(art).flop().png().toBuffer(), 'Mirrored repost');
    expect([a.answer.moderation_state, b.answer.moderation_state]).toEqual(['held', 'held']);
    const holdOf = async (id: number) => (await agents.staff.get(`/api/v1/artworks/${id}/hold/`)).json().id as number;
    const [holdA, holdB] = [await holdOf(a.id), await holdOf(b.id)];
    const bad = await agents.staff.patch(`/api/v1/admin/holds/${holdA}/`, { decision: 'keep' });
    expect(bad.statusCode).toBe(400);
    const released = await agents.staff.patch(`/api/v1/admin/holds/${holdA}/`, { decision: 'release', note: 'Licensed, see the explanation' });
    expect(released.json()).toEqual({ id: holdA, status: 'released' });
    expect((await agents.guest.get(`/api/v1/artworks/${a.id}/`)).statusCode).toBe(200);
    const removed = await agents.staff.patch(`/api/v1/admin/holds/${holdB}/`, { decision: 'remove', note: 'A straight copy' });
    expect(removed.json()).toEqual({ id: holdB, status: 'removed' });
    expect(await app.db.select().from(artworks).where(eq(artworks.id, b.id))).toEqual([]);
    expect((await agents.staff.patch(`/api/v1/admin/holds/${holdA}/`, { decision: 'remove' })).statusCode).toBe(400);
    const actions = (await agents.staff.get('/api/v1/admin/audit/'))
      .json()
      .results.map((e: { action: string; target_id: number; note: string }) => [e.action, e.target_id, e.note]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['hold_release', a.id, 'Licensed, see the explanation'],
        ['hold_remove', b.id, 'A straight copy'],
      ]),
    );
    expect(ids((await agents.staff.get('/api/v1/admin/holds/?status=released')).json())).toContain(holdA);
  });

  it('a scheduled publication is held the same way when its time comes', async () => {
    const key = await upload(people.copier, await copyOf(art));
    const work = await buildArtwork(app, people.copier, { cover: '', croppedCover: '', rawCover: '', draft: true, title: 'Scheduled repost' });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await agents.copier.put(`/api/v1/artworks/${work.id}/`, { cover: key, cropped_cover: key, raw_cover: key, publish_at: at });
    expect(res.statusCode, res.body).toBe(200);
    await app.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, 'artworks.publish'));
    await app.jobs.drain();
    const [row] = await app.db.select().from(artworks).where(eq(artworks.id, work.id));
    expect(row).toMatchObject({ draft: false, moderationState: 'held', moderationReason: 'possible_repost', visible: false });
  });

  it('an unrelated image by another account is not held', async () => {
    const other = await publishWith(people.copier, agents.copier, await picture('#f0f0f0', '<path d="M0 480 L320 0 L640 480 Z" fill="#103010"/>'), 'Own work');
    expect(other.answer).toMatchObject({ moderation_state: 'none', visible: true });
  });
});

describe('the hash backfill (npm run backfill-hashes, issue #31)', () => {
  it('hashes the images of artworks saved before hashes existed, through the job', async () => {
    await app.db.delete(imageHashes).where(eq(imageHashes.artworkId, originalId));
    expect(await enqueueHashBackfill(app.db)).toBe(true);
    await app.jobs.drain();
    const rows = await app.db.select().from(imageHashes).where(eq(imageHashes.artworkId, originalId));
    expect(rows).toHaveLength(1);
    expect(await enqueueHashBackfill(app.db)).toBe(false);
  });
});

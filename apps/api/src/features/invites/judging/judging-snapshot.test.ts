import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, type UserRow } from '../../../../test/factories.ts';
import { agentAs, mailsTo } from '../../../../test/outbox.ts';
import { unzip } from '../../../../test/zip.ts';
import { artworks, inviteApplications, inviteCriteria, inviteJurors, inviteQuestions, invites, users } from '../../../db/schema/index.ts';

/**
 * Issue #16, frozen submissions: a blind juror learns nothing of who made an entry, not from the images' keys (the
 * artwork's folder names it), nor their bytes (EXIF, XMP, PNG text), nor the content's alt text, titles or links.
 */
let app: FastifyInstance;
let owner: UserRow;
let artist: UserRow;
let juror: UserRow;
let inviteId = 0;
let artworkId = 0;
let applicationId = 0;

const NAME = 'Alice Blindtest';
const USERNAME = 'aliceblindtest';

/** A JPEG whose EXIF names its maker, and a PNG whose XMP and text chunk do. */
async function taggedImages() {
  const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } });
  const jpeg = await base()
    .jpeg()
    .withExif({ IFD0: { Artist: NAME, Copyright: USERNAME } })
    .toBuffer();
  const png = await base()
    .png()
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${NAME}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
  // The originals do name the artist (so the copies' check below can fail).
  expect([jpeg.includes(NAME), jpeg.includes(USERNAME), (await sharp(png).metadata()).xmp?.toString().includes(NAME)]).toEqual([true, true, true]);
  return { jpeg, png };
}

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  owner = await buildUser(app, { name: 'Blind Brand' });
  artist = await buildPremium(app, { name: NAME, username: USERNAME, language: 'en' });
  juror = await buildUser(app, { name: 'Blind Juror' });
  const invite = await buildInvite(app, owner, { title: 'Blind call' });
  inviteId = invite.id;
  await app.db.insert(inviteQuestions).values({ inviteId, question: 'Why?' });
  await app.db.insert(inviteCriteria).values({ inviteId, nameKo: '구성', nameEn: 'Composition' });
  await app.db.insert(inviteJurors).values({ inviteId, email: juror.email, userId: juror.id, accepted: new Date() });
  const artwork = await buildArtwork(app, artist, { title: 'Harbour', content: '' });
  artworkId = artwork.id;
  const { jpeg, png } = await taggedImages();
  const keys = { cover: `artworks/${artworkId}/cover.jpg`, first: `artworks/${artworkId}/first.png`, second: `users/${artist.id}/second.jpg` };
  await app.storage.put(keys.cover, jpeg, 'image/jpeg');
  await app.storage.put(keys.first, png, 'image/png');
  await app.storage.put(keys.second, jpeg, 'image/jpeg');
  await app.db
    .update(artworks)
    .set({
      cover: keys.cover,
      croppedCover: keys.cover,
      content:
        `<p><img src="/media/${keys.first}?w=1400" alt="Painted by ${NAME}" title="${USERNAME}"></p>` +
        `<p><a href="/${artist.slug}/" title="${NAME}">see my profile</a></p>` +
        `<p><img src="/media/${keys.second}" alt="@${USERNAME}"></p>`,
    })
    .where(eq(artworks.id, artworkId));
  const res = await (await agentAs(app, artist)).post('/api/v1/invite-applications/', { invite: inviteId, artwork: artworkId });
  expect(res.statusCode).toBe(201);
  applicationId = res.json().id;
  await app.db.update(invites).set({ status: 'examination' }).where(eq(invites.id, inviteId));
});
afterAll(() => app.close());

const identity = () => [NAME, USERNAME, artist.slug, artist.email, `artworks/${artworkId}`, `users/${artist.id}`, 'cover.jpg', 'first.png', 'second.jpg'];
const mediaKeysIn = (text: string) => [...text.matchAll(/\/media\/([a-z0-9/_-]+\.(?:jpg|png|gif|webp))/g)].map((m) => m[1]);

describe('blind review of frozen copies (issue #16)', () => {
  it('gives the juror copies under anonymous keys, and nothing of the markup or the bytes names the artist', async () => {
    const res = await (await agentAs(app, juror)).get(`/api/v1/invites/${inviteId}/judging/`);
    expect(res.statusCode).toBe(200);
    const [item] = res.json().results;
    expect(item.application).toBe(applicationId);
    for (const value of identity()) expect(res.body, value).not.toContain(value);
    expect(res.body).not.toContain('href');
    expect(res.body).not.toContain('alt=');
    // The link's text stays; both images are there, pointing at their copies.
    expect(item.snapshot.content).toContain('see my profile');
    const { cover, cropped_cover, images, content } = item.snapshot;
    expect(images).toHaveLength(2);
    const keys = new Set([cover, cropped_cover, ...images, ...mediaKeysIn(content)]);
    expect(keys.size).toBe(3);
    for (const key of keys) {
      expect(key).toMatch(/^submissions\/[a-z0-9]{16}\.(jpg|png)$/);
      // Served, and without metadata naming anyone.
      const media = await (await agentAs(app, juror)).get(`/media/${key}`);
      expect(media.statusCode).toBe(200);
      expect(media.headers['x-robots-tag']).toBe('noai, noimageai');
      const bytes = media.rawPayload;
      for (const value of [NAME, USERNAME]) expect(bytes.includes(value), `${key} holds ${value}`).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
    }
  });

  it('the owner sees the same copies with the markup as sent; revealing names shows the artist to jurors', async () => {
    const list = (await (await agentAs(app, owner)).get(`/api/v1/invites/${inviteId}/artworks/`)).json();
    const snapshot = list.results[0].application.snapshot;
    expect(snapshot.content).toContain(`alt="Painted by ${NAME}"`);
    expect(mediaKeysIn(snapshot.content).every((k) => k.startsWith('submissions/'))).toBe(true);
    await (await agentAs(app, owner)).put(`/api/v1/invites/${inviteId}/jury/`, { reveal_names: true });
    const revealed = (await (await agentAs(app, juror)).get(`/api/v1/invites/${inviteId}/judging/`)).json();
    expect(revealed.results[0].artist).toEqual({ name: NAME, slug: artist.slug });
    expect(revealed.results[0].snapshot.content).toContain('href');
    await (await agentAs(app, owner)).put(`/api/v1/invites/${inviteId}/jury/`, { reveal_names: false });
  });
});

describe('a submission outlives its artwork and its account (issue #16)', () => {
  let call = 0;
  const entries: { user: UserRow; application: number; title: string; copies: string[] }[] = [];

  it('jurors still judge what was sent after the artist deletes the artwork, or their whole account', async () => {
    call = (await buildInvite(app, owner, { title: 'Outliving call' })).id;
    const [criterion] = await app.db.insert(inviteCriteria).values({ inviteId: call, nameKo: '구성', nameEn: 'Composition' }).returning();
    await app.db.insert(inviteQuestions).values({ inviteId: call, question: 'Why?' });
    await app.db.insert(inviteJurors).values({ inviteId: call, email: juror.email, userId: juror.id, accepted: new Date() });
    const { jpeg } = await taggedImages();
    // One keeps the account and deletes the work; the other (not a member, so free to leave) deletes the account.
    for (const [user, title] of [
      [await buildPremium(app, { name: 'Dana Deletes', language: 'en' }), 'Kept after the artwork'],
      [await buildUser(app, { name: 'Eun Leaves', language: 'ko' }), 'Kept after the account'],
    ] as const) {
      const work = await buildArtwork(app, user, { title, content: '' });
      const key = `artworks/${work.id}/only.jpg`;
      await app.storage.put(key, jpeg, 'image/jpeg');
      await app.db
        .update(artworks)
        .set({ cover: key, croppedCover: key, content: `<p><img src="/media/${key}"></p>` })
        .where(eq(artworks.id, work.id));
      const res = await (await agentAs(app, user)).post('/api/v1/invite-applications/', { invite: call, artwork: work.id });
      expect(res.statusCode).toBe(201);
      const [row] = await app.db.select().from(inviteApplications).where(eq(inviteApplications.id, res.json().id));
      expect(row.applicantId).toBe(user.id);
      entries.push({ user, application: row.id, title, copies: [] });
    }
    const [dana, eun] = entries;
    const [danaWork] = await app.db.select().from(artworks).where(eq(artworks.authorId, dana.user.id));
    expect((await (await agentAs(app, dana.user)).delete(`/api/v1/artworks/${danaWork.id}/`)).statusCode).toBe(204);
    expect((await (await agentAs(app, eun.user)).delete(`/api/v1/users/${eun.user.id}/`)).statusCode).toBe(204);
    expect(await app.db.$count(users, eq(users.id, eun.user.id))).toBe(0);
    // The originals are deleted with them; the applications stay, without their artwork.
    await app.jobs.drain();
    expect(await app.db.$count(artworks, eq(artworks.authorId, dana.user.id))).toBe(0);
    const rows = await app.db.select().from(inviteApplications).where(eq(inviteApplications.inviteId, call));
    expect(rows.map((r) => [r.artworkId, r.applicantId])).toEqual([
      [null, dana.user.id],
      [null, null],
    ]);

    await app.db.update(invites).set({ status: 'examination' }).where(eq(invites.id, call));
    const queue = await (await agentAs(app, juror)).get(`/api/v1/invites/${call}/judging/`);
    expect(queue.statusCode).toBe(200);
    const items = queue.json().results;
    expect(items.map((i: { snapshot: { title: string } }) => i.snapshot.title)).toEqual([dana.title, eun.title]);
    for (const [n, item] of items.entries()) {
      expect(item.snapshot.images).toHaveLength(1);
      entries[n].copies = [item.snapshot.cover, ...item.snapshot.images];
      for (const key of entries[n].copies) expect(await app.storage.get(key), key).not.toBeNull();
    }
    for (const e of entries)
      expect(
        (await (await agentAs(app, juror)).post('/api/v1/invite-scores/', { application: e.application, criterion: criterion.id, score: 7 })).statusCode,
      ).toBe(200);
    const ranking = (await (await agentAs(app, owner)).get(`/api/v1/invites/${call}/ranking/`)).json();
    const ranked = ranking.results.map((r: { application: number; title: string; mean: number }) => [r.application, r.title, r.mean]);
    expect(ranked.sort()).toEqual(entries.map((e) => [e.application, e.title, 7]).sort());
  });

  it('the decisions still work: selecting, the selection notices (to whoever still has an account), the juror pack', async () => {
    const [dana, eun] = entries;
    const brand = await agentAs(app, owner);
    expect((await brand.put(`/api/v1/invite-applications/${dana.application}/`, { selected: true })).statusCode).toBe(200);
    expect((await brand.put(`/api/v1/invites/${call}/`, { title: 'Outliving call', status: 'selection' })).statusCode).toBe(200);
    const subjects = (await mailsTo(app, dana.user.email)).map((m) => m.subject);
    expect(subjects).toContain('[AXOO] Your submission to "Outliving call" was received');
    expect(subjects.some((s) => s?.includes('Outliving call') && s.includes('selected'))).toBe(true);
    expect((await mailsTo(app, dana.user.email)).at(-1)?.text).toContain(dana.title);
    expect((await mailsTo(app, eun.user.email)).map((m) => m.subject)).toEqual(['[AXOO] "Outliving call" 공모 출품이 접수되었습니다']);

    expect((await brand.post(`/api/v1/invites/${call}/export/`)).statusCode).toBe(202);
    await app.jobs.drain();
    const state = (await brand.get(`/api/v1/invites/${call}/export/`)).json();
    // Two images and two CSV files.
    expect(state).toMatchObject({ status: 'done', done: 5, total: 5 });
    const url = new URL(state.url);
    const files = await unzip((await brand.get(url.pathname + url.search)).rawPayload);
    expect([...files.keys()].sort()).toEqual(
      ['answers.csv', `images/${dana.application}-1.jpg`, `images/${eun.application}-1.jpg`, 'ranking.csv', 'scores.csv'].sort(),
    );
    const answers = files.get('answers.csv')?.toString('utf8') ?? '';
    for (const e of entries) expect(answers).toContain(`${e.application},${e.title},`);
    expect((await brand.get(`/api/v1/invites/${call}/dashboard/`)).json().submissions).toBe(2);
  });

  it('deleting the invite deletes the copies its snapshots showed', async () => {
    const staff = await buildStaff(app);
    expect((await (await agentAs(app, staff)).delete(`/api/v1/invites/${call}/`)).statusCode).toBe(204);
    await app.jobs.drain();
    for (const e of entries) for (const key of e.copies) expect(await app.storage.get(key), key).toBeNull();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InviteResultsSchema, VoteBallotSchema } from '@axoo/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difference, photo } from '../../../../test/images.ts';
import { Agent, buildTestApp } from '../../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../../test/factories.ts';
import {
  artworks,
  inviteApplications,
  inviteJurors,
  inviteRounds,
  inviteShortlists,
  invites,
  inviteSnapshots,
  inviteVoteRounds,
} from '../../../db/schema/index.ts';
import { migrationsFolder } from '../../../db/client.ts';
import { renderImage } from '../../../media/images.ts';
import { storedKeysOfInvites } from '../stored.ts';

/**
 * Issue #34 (6) on the open calls' public pages (issue #33.7, #33.8): an entry whose artwork was protected when it was
 * frozen keeps that protection. No answer of the vote page or the results to a guest or a member names a frozen copy
 * of it; they get public copies, at most the cap wide and watermarked, and the frozen copies are a 404 to them at
 * /media/, while the call's owner, staff, its jurors and the applicant receive them as sent. Unprotected entries are
 * served as before.
 */
let app: FastifyInstance;
let owner: UserRow;
let artist: UserRow;
let plainArtist: UserRow;
let juror: UserRow;
let member: UserRow;
let staff: UserRow;
let inviteId: number;
let guarded: { application: number; cover: string; croppedCover: string; images: string[] };
let plain: { application: number; cover: string };
const WATERMARK = { text: '© 김하나 작가', position: 'tiled', opacity: 0.8 } as const;
const DAY = 86_400_000;

async function as(user: UserRow | null, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (user) await loginAs(agent, user);
  return agent;
}

/** An artwork with a 3000×2000 cover, crop and body image stored under its folder. */
async function workWithImages(author: UserRow, title: string) {
  const row = await buildArtwork(app, author, { title, level: 5 });
  const folder = `artworks/${row.id}`;
  const keys = { cover: `${folder}/cover.png`, rawCover: `${folder}/raw.png`, croppedCover: `${folder}/crop.png`, body: `${folder}/body.png` };
  for (const key of Object.values(keys)) await app.storage.put(key, await photo(3000, 2000), 'image/png');
  const { body, ...covers } = keys;
  await app.db
    .update(artworks)
    .set({ ...covers, width: 3000, height: 2000, content: `<p><img src="/media/${body}" alt="body"></p>` })
    .where(eq(artworks.id, row.id));
  return row;
}

const snapshotOf = async (application: number) => (await app.db.select().from(inviteSnapshots).where(eq(inviteSnapshots.applicationId, application)))[0];

beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  owner = await buildPremium(app);
  artist = await buildPremium(app);
  plainArtist = await buildPremium(app);
  juror = await buildUser(app);
  member = await buildUser(app, { created: new Date(Date.now() - 30 * DAY), emailConfirmed: new Date() });
  staff = await buildStaff(app);
  const guardedWork = await workWithImages(artist, 'Guarded harbour');
  const protectedRes = await (await as(artist)).put(`/api/v1/artworks/${guardedWork.id}/`, { max_public_width: 1280, watermark: WATERMARK });
  expect(protectedRes.statusCode).toBe(200);
  const plainWork = await workWithImages(plainArtist, 'Open field');
  const invite = await buildInvite(app, owner, { title: 'Harbour call' });
  inviteId = invite.id;
  const a = await (await as(artist)).post('/api/v1/invite-applications/', { invite: inviteId, artwork: guardedWork.id });
  const b = await (await as(plainArtist)).post('/api/v1/invite-applications/', { invite: inviteId, artwork: plainWork.id });
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  const [frozen, open] = [await snapshotOf(a.json().id), await snapshotOf(b.json().id)];
  guarded = { application: a.json().id, cover: frozen.cover, croppedCover: frozen.croppedCover, images: frozen.images };
  plain = { application: b.json().id, cover: open.cover };
  await app.db.insert(inviteJurors).values({ inviteId, email: juror.email, userId: juror.id, accepted: new Date() });
  // Both entries shortlisted and on a public vote that is open now; the guarded one selected and the results out.
  const [round] = await app.db.insert(inviteRounds).values({ inviteId, number: 1, closed: new Date() }).returning();
  await app.db.insert(inviteShortlists).values([
    { roundId: round.id, applicationId: guarded.application },
    { roundId: round.id, applicationId: plain.application },
  ]);
  await app.db.insert(inviteVoteRounds).values({ inviteId, starts: new Date(Date.now() - DAY), ends: new Date(Date.now() + DAY) });
  await app.db.update(inviteApplications).set({ selected: true }).where(eq(inviteApplications.id, guarded.application));
  await app.db.update(invites).set({ status: 'selection', selected: new Date() }).where(eq(invites.id, inviteId));
});
afterAll(() => app.close());

const frozenKeys = () => [guarded.cover, guarded.croppedCover, ...guarded.images];

describe('a protected entry is frozen with its protection (issue #34.6, #16)', () => {
  it("keeps the artwork's cap and watermark and a salt of its own; an unprotected entry has none", async () => {
    expect(await snapshotOf(guarded.application)).toMatchObject({
      maxPublicWidth: 1280,
      watermark: WATERMARK,
      protectionSalt: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(await snapshotOf(plain.application)).toMatchObject({ maxPublicWidth: null, watermark: null, protectionSalt: null });
    expect(frozenKeys().every((k) => k.startsWith('submissions/'))).toBe(true);
    expect(guarded.images.length).toBe(1);
  });
});

describe("the call's public pages name no frozen copy of a protected entry (issue #34.6, #33.7, #33.8)", () => {
  it.each(['guest', 'member'] as const)('%s: the vote page and the results name public copies only', async (who) => {
    const agent = await as(who === 'guest' ? null : member, who === 'guest' ? 'ko' : 'en');
    const ballot = await agent.get(`/api/v1/invites/${inviteId}/vote/`);
    const results = await agent.get(`/api/v1/invites/${inviteId}/results/`);
    // The call's SELECTED list (public in selection) shows the live artwork's card: its public copies (issue #34.6).
    const selected = await agent.get(`/api/v1/invites/${inviteId}/artworks/?selected=true`);
    expect([ballot.statusCode, results.statusCode, selected.statusCode]).toEqual([200, 200, 200]);
    expect(selected.json().results).toEqual([expect.objectContaining({ application: expect.objectContaining({ id: guarded.application }) })]);
    expect(selected.body).not.toMatch(/submissions\/|artworks\/\d+\/(cover|raw|crop|body)\.png/);
    expect(() => VoteBallotSchema.parse(ballot.json())).not.toThrow();
    expect(() => InviteResultsSchema.parse(results.json())).not.toThrow();
    for (const key of frozenKeys()) {
      expect(ballot.body).not.toContain(key);
      expect(results.body).not.toContain(key);
    }
    const entry = ballot.json().entries.find((e: { application: number }) => e.application === guarded.application);
    const publicFolder = `submissions/p/${guarded.application}/`;
    expect(entry.snapshot).toMatchObject({
      max_public_width: 1280,
      cover: expect.stringContaining(publicFolder),
      cropped_cover: expect.stringContaining(publicFolder),
    });
    expect(entry.snapshot.images).toEqual([expect.stringContaining(publicFolder)]);
    expect(entry.snapshot.content).toContain(`/media/${publicFolder}`);
    expect(results.json().results).toEqual([
      expect.objectContaining({ application: guarded.application, max_public_width: 1280, cover: expect.stringContaining(publicFolder) }),
    ]);
    // The pages themselves (server-rendered, with the results' share preview) name public copies only.
    for (const path of [`/goodluck/${inviteId}/vote/`, `/goodluck/${inviteId}/results/`]) {
      const page = await app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'ko' } });
      expect(page.statusCode).toBe(200);
      for (const key of frozenKeys()) expect(page.body, path).not.toContain(key);
    }
    const shared = await app.inject({ method: 'GET', url: `/goodluck/${inviteId}/results/` });
    expect(shared.body).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/media/submissions/p/${guarded.application}/[0-9a-f]{32}\\.png\\?w=\\d+"`));
    // The unprotected entry is served as before: its frozen copy, no cap.
    const open = ballot.json().entries.find((e: { application: number }) => e.application === plain.application);
    expect(open.snapshot).toMatchObject({ cover: plain.cover, max_public_width: null });
  });

  it("the call's owner keeps the entries as sent in the submissions tab", async () => {
    const submissions = await (await as(owner)).get(`/api/v1/invites/${inviteId}/artworks/`);
    expect(submissions.statusCode).toBe(200);
    expect(submissions.body).toContain(guarded.cover);
  });
});

describe('/media/ of a protected entry (issue #34.6)', () => {
  it('the public copy is at most the cap wide and watermarked, with or without a width', async () => {
    const ballot = (await (await as(null)).get(`/api/v1/invites/${inviteId}/vote/`)).json();
    const cover: string = ballot.entries.find((e: { application: number }) => e.application === guarded.application).snapshot.cover;
    const guest = await as(null);
    for (const url of [`/media/${cover}`, `/media/${cover}?w=2560`, `/media/${cover}?w=800`]) {
      const res = await guest.get(url, { accept: 'image/webp' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).not.toContain('private');
      const { width } = await sharp(res.rawPayload).metadata();
      expect(width, url).toBeLessThanOrEqual(1280);
    }
    const capped = (await guest.get(`/media/${cover}?w=1280`, { accept: 'image/webp' })).rawPayload;
    const frozen = await app.storage.get(guarded.cover);
    if (!frozen) throw new Error('the frozen cover is stored');
    const bare = await renderImage(frozen, 1280, 'webp', null);
    expect(await difference(capped, bare)).toBeGreaterThan(1);
    // A name no salt makes is a 404.
    expect((await guest.get(`/media/submissions/p/${guarded.application}/${'0'.repeat(32)}.png`)).statusCode).toBe(404);
  });

  it('the frozen copies are a 404 to a guest and a member; the owner, staff, a juror and the applicant get them, never cached by others', async () => {
    for (const key of frozenKeys()) {
      for (const user of [null, member]) {
        const agent = await as(user);
        expect((await agent.get(`/media/${key}`)).statusCode, key).toBe(404);
        expect((await agent.get(`/media/${key}?w=480`, { accept: 'image/webp' })).statusCode, key).toBe(404);
      }
      for (const user of [owner, staff, juror, artist]) {
        const agent = await as(user);
        const res = await agent.get(`/media/${key}`);
        expect(res.statusCode, key).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect((await sharp(res.rawPayload).metadata()).width).toBe(3000);
        expect((await agent.get(`/media/${key}?w=480`, { accept: 'image/webp' })).statusCode).toBe(200);
      }
      // A juror's rendition is never answered from memory to a guest afterwards.
      expect((await (await as(null)).get(`/media/${key}?w=480`, { accept: 'image/webp' })).statusCode).toBe(404);
    }
  });

  it("an unprotected entry's frozen copy is served to anyone as before", async () => {
    const res = await (await as(null)).get(`/media/${plain.cover}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('private');
  });

  it("deleting the call queues the public copies' renditions with the frozen copies (issue #13)", async () => {
    const keys = await storedKeysOfInvites(app.db, [inviteId]);
    expect(keys).toEqual(
      expect.arrayContaining([...frozenKeys(), expect.stringMatching(new RegExp(`^submissions/p/${guarded.application}/[0-9a-f]{32}\\.png$`))]),
    );
    expect(keys.filter((k) => k.startsWith(`submissions/p/${plain.application}/`))).toEqual([]);
  });
});

describe('migration 0031 (issue #34.6)', () => {
  it("gives entries frozen before it their artwork's protection as it is, with a salt of their own; others stay unprotected", async () => {
    await app.db.update(inviteSnapshots).set({ maxPublicWidth: null, watermark: null, protectionSalt: null }).where(eq(inviteSnapshots.inviteId, inviteId));
    const file = readFileSync(join(migrationsFolder, '0031_protected_submissions.sql'), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toMatch(/^\s*UPDATE "invite_snapshots"/);
    await app.db.execute(sql.raw(backfill));
    const after = await snapshotOf(guarded.application);
    expect(after).toMatchObject({ maxPublicWidth: 1280, watermark: WATERMARK, protectionSalt: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await snapshotOf(plain.application)).toMatchObject({ maxPublicWidth: null, watermark: null, protectionSalt: null });
    const ballot = await (await as(null)).get(`/api/v1/invites/${inviteId}/vote/`);
    for (const key of frozenKeys()) expect(ballot.body).not.toContain(key);
  });
});

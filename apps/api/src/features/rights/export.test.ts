import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { makeImage } from '../../../test/images.ts';
import { unzip } from '../../../test/zip.ts';
import { collections, follows, inviteAnswers, inviteApplications, inviteQuestions } from '../../db/schema/index.ts';
import { exportLink } from './export.ts';

let app: FastifyInstance;
let artist: UserRow;
let owner: Agent;
const images: Record<string, Buffer> = {};
let published: number;
let draft: number;
let followed: { slug: string; name: string };
let follower: { slug: string; name: string };
beforeAll(async () => {
  app = await buildTestApp();
  artist = await buildPremium(app, { name: 'Hana Kim', email: 'hana@example.com', avatar: 'users/1/avatar.png', language: 'en' });
  images.avatar = await makeImage(200, 200, 'png', '#112233');
  images.cover = await makeImage(640, 400, 'jpeg', '#445566');
  images.content = await makeImage(800, 600, 'png', '#778899');
  await app.storage.put('users/1/avatar.png', images.avatar, 'image/png');
  const art = await buildArtwork(app, artist, {
    title: 'Dusk',
    cover: 'artworks/1/cover.jpg',
    content: '<p>Light <b>study</b></p><p><img src="/media/artworks/1/content.png" alt="Detail"></p>',
  });
  published = art.id;
  await app.storage.put('artworks/1/cover.jpg', images.cover, 'image/jpeg');
  await app.storage.put('artworks/1/content.png', images.content, 'image/png');
  draft = (await buildArtwork(app, artist, { title: 'Unfinished', draft: true })).id;
  const other = await buildPremium(app);
  const theirs = await buildArtwork(app, other, { title: 'Collected one' });
  await app.db.insert(collections).values({ userId: artist.id, artworkId: theirs.id });
  const invite = await buildInvite(app, other, { title: 'Summer call' });
  const [question] = await app.db.insert(inviteQuestions).values({ inviteId: invite.id, question: 'Why this work?' }).returning();
  const [application] = await app.db.insert(inviteApplications).values({ inviteId: invite.id, artworkId: art.id }).returning();
  await app.db.insert(inviteAnswers).values({ applicationId: application.id, questionId: question.id, answer: 'Because of the light.' });
  // Follows both ways (issue #17): the artist follows `other`; a fan follows the artist.
  const fan = await buildUser(app, { name: 'Jun Park' });
  await app.db.insert(follows).values([
    { followerId: artist.id, artistId: other.id },
    { followerId: fan.id, artistId: artist.id },
  ]);
  followed = { slug: other.slug, name: other.name };
  follower = { slug: fan.slug, name: 'Jun Park' };
  owner = new Agent(app);
  await loginAs(owner, artist);
});
afterAll(() => app.close());

/** The link of the newest export mail to this address. */
async function mailedLink(to: string): Promise<string> {
  const files = (await readdir(app.config.outboxDir)).sort();
  for (const f of files.reverse()) {
    const mail = await simpleParser(await readFile(join(app.config.outboxDir, f)));
    if (mail.to && JSON.stringify(mail.to).includes(to) && mail.subject?.includes('ready to download')) {
      const link = /https?:\/\/\S+\/accounts\/export\/\?\S+/.exec(mail.text ?? '')?.[0];
      if (link) return link;
    }
  }
  throw new Error('no export mail');
}
/** Runs the queue until the user's latest export is finished (on a server database a worker may hold it too). */
async function settled(userId: number) {
  for (let i = 0; i < 100; i++) {
    await app.jobs.drain();
    const status = (await owner.get(`/api/v1/users/${userId}/export/`)).json();
    if (status?.status === 'done' || status?.status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export did not finish');
}
const apiUrl = (link: string) => {
  const u = new URL(link);
  return `/api/v1/users/${u.searchParams.get('u')}/export/?e=${u.searchParams.get('e')}&x=${u.searchParams.get('x')}&t=${u.searchParams.get('t')}`;
};

describe('"Download my data" (issue #18)', () => {
  it('builds the ZIP in the background, one at a time, and mails a link that downloads it', async () => {
    expect((await owner.get(`/api/v1/users/${artist.id}/export/`)).json()).toBeNull();
    const start = await owner.post(`/api/v1/users/${artist.id}/export/`);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toMatchObject({ status: 'queued' });
    const again = await owner.post(`/api/v1/users/${artist.id}/export/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('already being prepared');

    const status = await settled(artist.id);
    expect(status).toMatchObject({ status: 'done', files: 8 });
    expect(status.size).toBeGreaterThan(1000);

    const link = await mailedLink('hana@example.com');
    expect(link).toContain('/accounts/export/?u=');
    const download = await owner.get(apiUrl(link));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain('attachment');
    const files = await unzip(download.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        'applications.json',
        'artworks.json',
        'collections.json',
        'follows.json',
        'images/artworks/1/content.png',
        'images/artworks/1/cover.jpg',
        'images/profile/avatar.png',
        'profile.json',
      ].sort(),
    );
    expect(files.get('images/artworks/1/cover.jpg')?.equals(images.cover)).toBe(true);
    expect(files.get('images/artworks/1/content.png')?.equals(images.content)).toBe(true);
    expect(files.get('images/profile/avatar.png')?.equals(images.avatar)).toBe(true);
    const profile = JSON.parse(files.get('profile.json')?.toString() ?? '{}');
    expect(profile).toMatchObject({ name: 'Hana Kim', email: 'hana@example.com' });
    expect(profile).not.toHaveProperty('password');
    const artworks = JSON.parse(files.get('artworks.json')?.toString() ?? '[]') as { id: number; title: string; content: string; draft: boolean }[];
    expect(artworks.map((a) => a.id)).toEqual([published, draft]);
    expect(artworks[0].content).toContain('<b>study</b>');
    expect(artworks[1].draft).toBe(true);
    expect(JSON.parse(files.get('collections.json')?.toString() ?? '[]')).toMatchObject([{ title: 'Collected one' }]);
    expect(JSON.parse(files.get('applications.json')?.toString() ?? '[]')).toMatchObject([
      { inviteTitle: 'Summer call', artwork: published, answers: [{ question: 'Why this work?', answer: 'Because of the light.' }] },
    ]);
    const follows = JSON.parse(files.get('follows.json')?.toString() ?? '{}');
    expect(follows).toEqual({ following: [{ ...followed, since: expect.any(String) }], followers: [{ ...follower, since: expect.any(String) }] });
    expect(Number.isNaN(Date.parse(follows.following[0].since))).toBe(false);
    // Once done, another export may start.
    expect((await owner.post(`/api/v1/users/${artist.id}/export/`)).statusCode).toBe(202);
    expect((await settled(artist.id)).status).toBe('done');
  });

  it("refuses a forged, expired or someone else's link with 403, and others' status and starts", async () => {
    const link = new URL(await mailedLink('hana@example.com'));
    const e = Number(link.searchParams.get('e'));
    const forged = apiUrl(link.toString()).replace(/t=[^&]+/, 't=AAAA');
    expect((await owner.get(forged)).statusCode).toBe(403);
    const otherExport = apiUrl(link.toString()).replace(/e=\d+/, `e=${e + 1}`);
    expect((await owner.get(otherExport)).statusCode).toBe(403);
    const expired = exportLink(app.config.SECRET_KEY, 'http://localhost', artist.id, e, Math.floor(Date.now() / 1000) - 1);
    const res = await owner.get(apiUrl(expired));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain('expired');

    const someone = new Agent(app);
    await loginAs(someone, await buildUser(app));
    expect((await someone.get(apiUrl(link.toString()))).statusCode).toBe(403);
    expect((await new Agent(app).get(apiUrl(link.toString()))).statusCode).toBe(403);
    expect((await someone.get(`/api/v1/users/${artist.id}/export/`)).statusCode).toBe(403);
    expect((await someone.post(`/api/v1/users/${artist.id}/export/`)).statusCode).toBe(403);
    expect((await owner.get(apiUrl(link.toString()))).statusCode).toBe(200);
  });

  it('leaves follows.json out when the user follows nobody and nobody follows them', async () => {
    const loner = await buildPremium(app, { email: 'loner@example.com', language: 'en' });
    const agent = new Agent(app);
    await loginAs(agent, loner);
    expect((await agent.post(`/api/v1/users/${loner.id}/export/`)).statusCode).toBe(202);
    for (let i = 0; i < 100 && (await agent.get(`/api/v1/users/${loner.id}/export/`)).json()?.status !== 'done'; i++) {
      await app.jobs.drain();
      await new Promise((r) => setTimeout(r, 50));
    }
    const files = await unzip((await agent.get(apiUrl(await mailedLink('loner@example.com')))).rawPayload);
    expect([...files.keys()].sort()).toEqual(['applications.json', 'artworks.json', 'collections.json', 'profile.json']);
  });
});

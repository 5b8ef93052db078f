import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../test/app.ts';
import { buildArtwork, buildInvite, buildStaff, buildUser, loginAs, type UserRow } from '../../test/factories.ts';
import { makeImage } from '../../test/images.ts';
import { artworks, banners, dataExports, inviteApplications, inviteExports, inviteSnapshots, invites, media, users } from '../db/schema/index.ts';

/**
 * Issue #13: deleting an account or an artwork leaves no file behind (originals and renditions, local and S3),
 * through the job queue, while a file something else still shows (a home banner, another artwork) stays.
 */
function cleansUp(name: string, settings: () => Record<string, string>) {
  describe(`deletion cleanup on ${name}`, () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp({ JOBS_POLL_MS: 0, ...settings() } as never);
    });
    afterAll(() => app?.close());

    /** Stores an upload of `owner` under `key`, with a 480 rendition made by a real request. */
    async function upload(owner: UserRow, key: string) {
      const png = await makeImage(600, 400);
      await app.storage.put(key, png, 'image/png');
      await app.db.insert(media).values({ key, ownerId: owner.id, contentType: 'image/png', size: png.length, status: 'ready' });
      const res = await app.inject({ url: `/media/${key}?w=480`, headers: { accept: 'image/webp' } });
      expect(res.statusCode).toBe(200);
      expect(await app.storage.get(`_renditions/${key}/480.webp`)).not.toBeNull();
    }
    const exists = async (key: string) => (await app.storage.get(key)) !== null && (await app.storage.get(`_renditions/${key}/480.webp`)) !== null;
    /** A private archive (a data export, a juror pack) as the archive writer stores it. */
    async function storeArchive(key: string) {
      const file = join(mkdtempSync(join(tmpdir(), 'axoo-archive-test-')), 'a.zip');
      writeFileSync(file, 'PK archive');
      await app.storage.putPrivateFile(key, file, 'application/zip');
      expect(await app.storage.open(key)).not.toBeNull();
    }
    const stored = async (key: string) => (await app.storage.open(key)) !== null;
    /**
     * An artwork of `artist` sent to `inviteId` with `oldCover`, whose live cover then became `newCover`. The frozen
     * submission shows an anonymous copy of what was sent (issue #16), as applying writes it: `frozen`, which only
     * the snapshot keeps.
     */
    async function submitThenReplaceCover(artist: UserRow, inviteId: number, oldCover: string, newCover: string) {
      const artwork = await buildArtwork(app, artist, { cover: oldCover, croppedCover: oldCover });
      const [application] = await app.db.insert(inviteApplications).values({ inviteId, artworkId: artwork.id }).returning();
      const copy = `submissions/${name}-${application.id}.png`;
      await upload(artist, copy);
      await app.db
        .insert(inviteSnapshots)
        .values({ applicationId: application.id, inviteId, title: artwork.title, cover: copy, croppedCover: copy, content: '', images: [] });
      await app.db.update(artworks).set({ cover: newCover, croppedCover: newCover }).where(eq(artworks.id, artwork.id));
      const frozen = [copy];
      for (const key of frozen) expect(await stored(key)).toBe(true);
      return { artwork, frozen };
    }
    const records = async (keys: string[]) => (await app.db.select({ key: media.key }).from(media).where(inArray(media.key, keys))).map((r) => r.key).sort();

    it('deleting an account removes every file it uploaded, except one a home banner still shows', async () => {
      const user = await buildUser(app, { isStaff: true });
      const keys = ['u/avatar.png', 'u/cover.png', 'u/content.png', 'u/banner-image.png'].map((k) => `tests/${name}/${user.id}/${k}`);
      for (const key of keys) await upload(user, key);
      const [avatar, cover, content, bannerImage] = keys;
      await app.db.update(users).set({ avatar }).where(eq(users.id, user.id));
      await buildArtwork(app, user, { cover, content: `<p><img src="/media/${content}"></p>` });
      await app.db.insert(banners).values({ image: bannerImage, url: 'https://example.com/' });

      const agent = new Agent(app);
      await loginAs(agent, user);
      expect((await agent.delete(`/api/v1/users/${user.id}/`)).statusCode).toBe(204);
      // Nothing is deleted before the job runs, and the job was written with the deletion.
      expect(await exists(avatar)).toBe(true);
      await app.jobs.drain();
      for (const key of [avatar, cover, content]) expect(await exists(key)).toBe(false);
      expect(await exists(bannerImage)).toBe(true);
      expect(await records(keys)).toEqual([bannerImage]);
    });

    it('deleting an account also removes its export archives, its invites’ juror packs and images, and what only their frozen submissions kept', async () => {
      const brand = await buildUser(app);
      const artist = await buildUser(app);
      const invite = await buildInvite(app, brand);
      const [logo, oldCover, newCover] = ['i/logo.png', 'b/old.png', 'b/new.png'].map((k) => `tests/${name}/${brand.id}/${k}`);
      await upload(brand, logo);
      await upload(artist, oldCover);
      await upload(artist, newCover);
      await app.db.update(invites).set({ logo }).where(eq(invites.id, invite.id));
      const { frozen } = await submitThenReplaceCover(artist, invite.id, oldCover, newCover);
      const exportKey = `exports/${brand.id}/1-test.zip`;
      const packKey = `private/juror-packs/${invite.id}/1.zip`;
      await storeArchive(exportKey);
      await storeArchive(packKey);
      await app.db.insert(dataExports).values({ userId: brand.id, status: 'done', key: exportKey });
      await app.db.insert(inviteExports).values({ inviteId: invite.id, status: 'done', key: packKey });

      const agent = new Agent(app);
      await loginAs(agent, brand);
      expect((await agent.delete(`/api/v1/users/${brand.id}/`)).statusCode).toBe(204);
      await app.jobs.drain();
      expect(await stored(exportKey)).toBe(false);
      expect(await stored(packKey)).toBe(false);
      expect(await exists(logo)).toBe(false);
      // The frozen copies in the brand's invite go with it; the artist's live cover stays.
      for (const key of frozen) expect(await stored(key)).toBe(false);
      expect(await exists(newCover)).toBe(true);
      expect(await records([logo, ...frozen, newCover])).toEqual([newCover]);
    });

    it('deleting a banner removes its image, kept until then though its uploader’s account was deleted', async () => {
      const uploader = await buildUser(app, { isStaff: true });
      const staff = await buildStaff(app);
      const image = `tests/${name}/${uploader.id}/kept-banner.png`;
      await upload(uploader, image);
      const [banner] = await app.db.insert(banners).values({ image, url: 'https://example.com/' }).returning();
      const agent = new Agent(app);
      await loginAs(agent, uploader);
      expect((await agent.delete(`/api/v1/users/${uploader.id}/`)).statusCode).toBe(204);
      await app.jobs.drain();
      expect(await exists(image)).toBe(true);
      const staffAgent = new Agent(app);
      await loginAs(staffAgent, staff);
      expect((await staffAgent.delete(`/api/v1/admin/banners/${banner.id}/`)).statusCode).toBe(204);
      await app.jobs.drain();
      expect(await exists(image)).toBe(false);
      expect(await records([image])).toEqual([]);
    });

    it('deleting an invite removes its images, its juror pack and what only its frozen submissions kept', async () => {
      const staff = await buildStaff(app);
      const brand = await buildUser(app);
      const artist = await buildUser(app);
      const invite = await buildInvite(app, brand);
      const [background, oldCover, newCover] = ['i/bg.png', 'c/old.png', 'c/new.png'].map((k) => `tests/${name}/${invite.id}/${k}`);
      await upload(brand, background);
      await upload(artist, oldCover);
      await upload(artist, newCover);
      await app.db.update(invites).set({ background }).where(eq(invites.id, invite.id));
      const { frozen } = await submitThenReplaceCover(artist, invite.id, oldCover, newCover);
      const packKey = `private/juror-packs/${invite.id}/2.zip`;
      await storeArchive(packKey);
      await app.db.insert(inviteExports).values({ inviteId: invite.id, status: 'done', key: packKey });

      const agent = new Agent(app);
      await loginAs(agent, staff);
      expect((await agent.delete(`/api/v1/invites/${invite.id}/`)).statusCode).toBe(204);
      await app.jobs.drain();
      expect(await stored(packKey)).toBe(false);
      expect(await exists(background)).toBe(false);
      for (const key of frozen) expect(await stored(key)).toBe(false);
      expect(await exists(newCover)).toBe(true);
    });

    it('deleting an artwork also removes the uploads in its folder; the frozen copies of its submissions stay with their invite', async () => {
      const artist = await buildUser(app);
      const brand = await buildUser(app);
      const invite = await buildInvite(app, brand);
      const [oldCover, newCover] = ['d/old.png', 'd/new.png'].map((k) => `tests/${name}/${artist.id}/${k}`);
      await upload(artist, oldCover);
      await upload(artist, newCover);
      const { artwork, frozen } = await submitThenReplaceCover(artist, invite.id, oldCover, newCover);
      // An upload for the artwork that it never came to show (replaced or abandoned).
      const abandoned = `artworks/${artwork.id}/abandoned-${name}.png`;
      await upload(artist, abandoned);
      const agent = new Agent(app);
      await loginAs(agent, artist);
      expect((await agent.delete(`/api/v1/artworks/${artwork.id}/`)).statusCode).toBe(204);
      await app.jobs.drain();
      for (const key of [newCover, abandoned]) expect(await exists(key)).toBe(false);
      expect(await records([newCover, abandoned])).toEqual([]);
      // Issue #16: the submission outlives its artwork; jurors still see what was sent.
      for (const key of frozen) expect(await stored(key)).toBe(true);
    });

    it('deleting an artwork removes its images, except one another artwork still shows', async () => {
      const artist = await buildUser(app);
      const keys = ['a/cover.png', 'a/raw.png', 'a/shared.png'].map((k) => `tests/${name}/${artist.id}/${k}`);
      for (const key of keys) await upload(artist, key);
      const [cover, raw, shared] = keys;
      const first = await buildArtwork(app, artist, { cover, rawCover: raw, croppedCover: cover, content: `<p><img src="/media/${shared}"></p>` });
      await buildArtwork(app, artist, { content: `<p><img src="/media/${shared}"></p>` });
      const agent = new Agent(app);
      await loginAs(agent, artist);
      expect((await agent.delete(`/api/v1/artworks/${first.id}/`)).statusCode).toBe(204);
      await app.jobs.drain();
      expect(await exists(cover)).toBe(false);
      expect(await exists(raw)).toBe(false);
      expect(await exists(shared)).toBe(true);
      expect(await records(keys)).toEqual([shared]);
    });
  });
}

cleansUp('local', () => ({}));

let s3: S3rver;
let endpoint = '';
beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 's3rver-')), configureBuckets: [{ name: 'media' }] });
  endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
});
afterAll(() => s3?.close());
cleansUp('s3', () => ({ S3_BUCKET: 'media', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' }));

import { VERSIONS_KEPT } from '@axoo/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildInvite, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { makeImage } from '../../../test/images.ts';
import { artworkVersions, colors, inviteSnapshots } from '../../db/schema/index.ts';
import { VERSION_SESSION_MS } from './version-store.ts';

/** Issue #34 (4) versions (PGlite in `npm test`, PostgreSQL in `npm run test:pg`). */
let app: FastifyInstance;
let author: UserRow;
let owner: Agent;
let stranger: Agent;
let colorId: number;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0 });
  author = await buildPremium(app);
  owner = new Agent(app, 'en');
  await loginAs(owner, author);
  stranger = new Agent(app, 'ko');
  await loginAs(stranger, await buildUser(app));
  [{ id: colorId }] = await app.db.select({ id: colors.id }).from(colors).limit(1);
});
afterAll(() => app.close());

/** Uploads a real PNG for the artwork through presign + signed PUT and returns the stored key. */
async function upload(id: number, colour = '#336699'): Promise<string> {
  const png = await makeImage(40, 40, 'png', colour);
  const presigned = await owner.post(`/api/v1/artworks/${id}/presign/`, { filename: 'a.png', type: 'image/png', width: 40, height: 40, size: png.length });
  expect(presigned.statusCode).toBe(200);
  const { url, filename } = presigned.json();
  expect((await app.inject({ method: 'PUT', url, payload: png, headers: { 'content-type': 'image/png' } })).statusCode).toBe(200);
  return filename;
}

const body = (...images: string[]) => images.map((k) => `<p><img src="/media/${k}" alt="" width="40" height="40"></p>`).join('');
const stored = async (key: string) => (await app.storage.get(key)) !== null;

/** A published artwork with two content images, made through the API. */
async function published(title = 'First light') {
  const created = await owner.post('/api/v1/artworks/', { title });
  expect(created.statusCode).toBe(201);
  const { id } = created.json() as { id: number };
  const [a, b, cover] = [await upload(id), await upload(id), await upload(id)];
  const save = await owner.put(`/api/v1/artworks/${id}/`, {
    content: body(a, b),
    categories: ['painting'],
    fields: ['fine-art'],
    concepts: ['abstract'],
    color: colorId,
    licence: 'by',
    cover,
    raw_cover: cover,
    cropped_cover: cover,
  });
  expect(save.statusCode).toBe(200);
  // Saves before publishing keep nothing.
  expect((await owner.put(`/api/v1/artworks/${id}/`, { title: `${title} (draft)` })).statusCode).toBe(200);
  expect((await owner.put(`/api/v1/artworks/${id}/`, { title, draft: false })).statusCode).toBe(200);
  expect((await owner.get(`/api/v1/artworks/${id}/versions/`)).json()).toEqual([]);
  return { id, a, b, cover };
}

/** The editing session that kept the artwork's newest version ended (its versions are dated past the session). */
const sessionEnds = (id: number) =>
  app.db
    .update(artworkVersions)
    .set({ created: sql`${artworkVersions.created} - make_interval(secs => ${VERSION_SESSION_MS / 1000 + 60})` })
    .where(eq(artworkVersions.artworkId, id));

describe('versions (issue #34.4)', () => {
  it('keeps the state before each change of text, image order or cover once published, lists it and restores it', async () => {
    const { id, a, b, cover } = await published();
    // A change of text: version 1 is the published state.
    expect((await owner.put(`/api/v1/artworks/${id}/`, { title: 'Second light' })).statusCode).toBe(200);
    // The same values again, or fields outside a version (tags): nothing new is kept.
    expect((await owner.put(`/api/v1/artworks/${id}/`, { title: 'Second light', tags: ['dawn'] })).statusCode).toBe(200);
    // Reordered images (the editor's drag) and a new cover, each in an editing session of its own: version 2, then 3.
    await sessionEnds(id);
    expect((await owner.put(`/api/v1/artworks/${id}/`, { content: body(b, a) })).statusCode).toBe(200);
    // The editor's autosave sends the same content again: it is stored sanitised, so nothing new is kept.
    expect((await owner.put(`/api/v1/artworks/${id}/`, { content: body(b, a) })).statusCode).toBe(200);
    const newCover = await upload(id, '#993366');
    await sessionEnds(id);
    expect((await owner.put(`/api/v1/artworks/${id}/`, { cover: newCover, cropped_cover: newCover })).statusCode).toBe(200);

    const listed = await owner.get(`/api/v1/artworks/${id}/versions/`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({ version: 3, title: 'Second light', cover, images: [b, a] }),
      expect.objectContaining({ version: 2, title: 'Second light', cover, images: [a, b] }),
      expect.objectContaining({ version: 1, title: 'First light', cover, images: [a, b] }),
    ]);

    const restored = await owner.post(`/api/v1/artworks/${id}/versions/1/restore/`, {});
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, title: 'First light', cover, cropped_cover: cover, draft: false });
    expect(restored.json().content.indexOf(a)).toBeLessThan(restored.json().content.indexOf(b));
    // What everyone sees is the restored state; the state it replaced is kept, so the restore can be undone.
    expect((await app.inject({ url: `/api/v1/artworks/${id}/` })).json()).toMatchObject({ title: 'First light', cover });
    const after = (await owner.get(`/api/v1/artworks/${id}/versions/`)).json();
    expect(after[0]).toMatchObject({ version: 4, title: 'Second light', cover: newCover, images: [b, a] });
    // The files of every kept version stay stored.
    await app.jobs.drain();
    for (const key of [a, b, cover, newCover]) expect(await stored(key)).toBe(true);
  });

  it('keeps one version per editing session: the autosaves of a long edit never push the state before it out', async () => {
    const { id, a, b } = await published('Long edit');
    // The editor saves a few seconds after each pause: far more saves than versions are kept, in one session.
    for (let i = 1; i <= VERSIONS_KEPT + 5; i++) expect((await owner.put(`/api/v1/artworks/${id}/`, { title: `Long edit, take ${i}` })).statusCode).toBe(200);
    const versions = (await owner.get(`/api/v1/artworks/${id}/versions/`)).json();
    expect(versions).toEqual([expect.objectContaining({ version: 1, title: 'Long edit', images: [a, b] })]);
    // A restore always keeps the state it replaces, session or not, so it can be undone at once.
    expect((await owner.post(`/api/v1/artworks/${id}/versions/1/restore/`, {})).statusCode).toBe(200);
    const after = (await owner.get(`/api/v1/artworks/${id}/versions/`)).json();
    expect(after.map((v: { version: number; title: string }) => [v.version, v.title])).toEqual([
      [2, `Long edit, take ${VERSIONS_KEPT + 5}`],
      [1, 'Long edit'],
    ]);
    // Once the session ended, the next edit keeps the state before it again.
    await sessionEnds(id);
    expect((await owner.put(`/api/v1/artworks/${id}/`, { title: 'Next day' })).statusCode).toBe(200);
    expect((await owner.get(`/api/v1/artworks/${id}/versions/`)).json()[0]).toMatchObject({ version: 3, title: 'Long edit' });
  });

  it('a version that goes (beyond the kept number) takes its files unless something still shows them; erasure takes the rest', async () => {
    const { id, a, b, cover } = await published('Many saves');
    const only = await upload(id, '#112233');
    // Old versions written directly: the oldest names an image nothing else shows.
    await app.db.insert(artworkVersions).values(
      Array.from({ length: VERSIONS_KEPT }, (_, i) => ({
        artworkId: id,
        version: i + 1,
        title: `Save ${i + 1}`,
        content: body(i === 0 ? only : a),
        cover,
        rawCover: cover,
        croppedCover: cover,
      })),
    );
    await sessionEnds(id);
    expect((await owner.put(`/api/v1/artworks/${id}/`, { title: 'One more' })).statusCode).toBe(200);
    const versions = (await owner.get(`/api/v1/artworks/${id}/versions/`)).json() as { version: number }[];
    expect(versions).toHaveLength(VERSIONS_KEPT);
    expect(versions.at(-1)?.version).toBe(2);
    await app.jobs.drain();
    expect(await stored(only)).toBe(false);
    for (const key of [a, b, cover]) expect(await stored(key)).toBe(true);

    // Restoring a version that went is a 404; deleting the artwork erases every version's files.
    expect((await owner.post(`/api/v1/artworks/${id}/versions/1/restore/`, {})).statusCode).toBe(404);
    expect((await owner.put(`/api/v1/artworks/${id}/`, { content: body(b) })).statusCode).toBe(200);
    expect((await owner.delete(`/api/v1/artworks/${id}/`)).statusCode).toBe(204);
    await app.jobs.drain();
    for (const key of [a, b, cover]) expect(await stored(key)).toBe(false);
    expect(await app.db.select().from(artworkVersions).where(eq(artworkVersions.artworkId, id))).toEqual([]);
  });

  it('a frozen open-call entry never changes when its artwork is edited or restored', async () => {
    const { id } = await published('Entered work');
    const invite = await buildInvite(app, await buildUser(app));
    const applied = await owner.post('/api/v1/invite-applications/', { invite: invite.id, artwork: id });
    expect(applied.statusCode).toBe(201);
    const frozen = async () => {
      const [row] = await app.db.select().from(inviteSnapshots).where(eq(inviteSnapshots.applicationId, applied.json().id));
      return row;
    };
    const before = await frozen();
    expect(before.title).toBe('Entered work');
    const other = await upload(id, '#445566');
    expect((await owner.put(`/api/v1/artworks/${id}/`, { title: 'Changed after entering', content: body(other) })).statusCode).toBe(200);
    expect((await owner.post(`/api/v1/artworks/${id}/versions/1/restore/`, {})).statusCode).toBe(200);
    expect((await owner.put(`/api/v1/artworks/${id}/`, { title: 'Changed again' })).statusCode).toBe(200);
    expect(await frozen()).toEqual(before);
  });

  it('only the author lists and restores; an unknown or malformed version is a 404', async () => {
    const { id } = await published('Mine');
    expect((await owner.put(`/api/v1/artworks/${id}/`, { title: 'Mine, changed' })).statusCode).toBe(200);
    expect((await stranger.get(`/api/v1/artworks/${id}/versions/`)).statusCode).toBe(403);
    expect((await stranger.post(`/api/v1/artworks/${id}/versions/1/restore/`, {})).statusCode).toBe(403);
    const guest = new Agent(app, 'en');
    expect((await guest.get(`/api/v1/artworks/${id}/versions/`)).statusCode).toBe(403);
    expect((await guest.post(`/api/v1/artworks/${id}/versions/1/restore/`, {})).statusCode).toBe(403);
    for (const v of ['9', '0', 'x', '1.5', '99999999999999999999999']) {
      expect((await owner.post(`/api/v1/artworks/${id}/versions/${v}/restore/`, {})).statusCode).toBe(404);
    }
    expect((await owner.get('/api/v1/artworks/99999999/versions/')).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/v1/artworks/${id}/` })).json().title).toBe('Mine, changed');
  });
});

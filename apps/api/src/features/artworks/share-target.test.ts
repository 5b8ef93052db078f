import { translate } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { makeImage } from '../../../test/images.ts';
import { artworks, media } from '../../db/schema/index.ts';
import { SHARE_MAX_FILES } from './share-target.ts';

/** Issue #34 (7): the Web Share Target: a phone's shared images become a new draft of a signed-in artist. */
let app: FastifyInstance;
let artist: UserRow;
let agent: Agent;
let png: Buffer;
beforeAll(async () => {
  app = await buildTestApp();
  artist = await buildUser(app);
  agent = new Agent(app, 'ko');
  await loginAs(agent, artist);
  png = await makeImage(30, 20);
});
afterAll(() => app.close());

/** A multipart body as a browser sends it. */
async function form(files: { name: string; type: string; bytes: Buffer }[], title?: string) {
  const data = new FormData();
  if (title) data.set('title', title);
  for (const f of files) data.append('images', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = new Response(data);
  return { payload: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') as string };
}

const share = async (who: Agent, body: Awaited<ReturnType<typeof form>>, site: string | null = 'none') =>
  who.request({
    method: 'POST',
    url: '/share-target/',
    payload: body.payload,
    csrf: false,
    headers: { 'content-type': body.type, ...(site ? { 'sec-fetch-site': site } : {}) },
  });

describe('share target (issue #34.7)', () => {
  it('opens a new draft holding the shared images, each checked like an upload', async () => {
    const res = await share(
      agent,
      await form(
        [
          { name: 'IMG_1.png', type: 'image/png', bytes: png },
          { name: 'IMG_2.png', type: 'image/png', bytes: png },
        ],
        '바다',
      ),
    );
    expect(res.statusCode).toBe(303);
    const id = Number(/^\/upload\/(\d+)\/$/.exec(res.headers.location as string)?.[1]);
    const [draft] = await app.db.select().from(artworks).where(eq(artworks.id, id));
    expect(draft).toMatchObject({ authorId: artist.id, draft: true, visible: false, title: '바다' });
    expect(draft.content.match(/<img /g)).toHaveLength(2);
    const [cover] = await app.db.select().from(media).where(eq(media.key, draft.cover));
    expect(cover).toMatchObject({ status: 'ready', ownerId: artist.id });
  });

  it('sends a guest to sign in, and refuses a post from another site (no CSRF token can come with a share)', async () => {
    const body = await form([{ name: 'a.png', type: 'image/png', bytes: png }]);
    const guest = await share(new Agent(app), body);
    expect(guest.statusCode).toBe(303);
    expect(guest.headers.location).toBe('/login/?redirect=%2Fupload%2F');
    for (const site of ['cross-site', 'same-site', null]) {
      const before = (await app.db.select().from(artworks).where(eq(artworks.authorId, artist.id))).length;
      const res = await share(agent, body, site);
      expect(res.statusCode, String(site)).toBe(403);
      expect((await app.db.select().from(artworks).where(eq(artworks.authorId, artist.id))).length).toBe(before);
    }
    expect((await share(agent, body, 'same-origin')).statusCode).toBe(303);
  });

  it('answers no image, a non-image or too many with a 400 in the user language, and makes no draft', async () => {
    const before = (await app.db.select().from(artworks).where(eq(artworks.authorId, artist.id))).length;
    const none = await share(agent, await form([], 'only text'));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ images: [translate('ko', 'share.images_required')] });
    const svg = await share(agent, await form([{ name: 'x.png', type: 'image/png', bytes: Buffer.from('<svg onload=alert(1)>') }]));
    expect(svg.statusCode).toBe(400);
    const many = await share(agent, await form(Array.from({ length: SHARE_MAX_FILES + 1 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', bytes: png }))));
    expect(many.json()).toEqual({ images: [translate('ko', 'share.too_many', { max: SHARE_MAX_FILES })] });
    expect((await app.db.select().from(artworks).where(eq(artworks.authorId, artist.id))).length).toBe(before);
  });
});

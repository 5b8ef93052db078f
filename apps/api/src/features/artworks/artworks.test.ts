import { IMAGE_MAX_BYTES } from '@axoo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { makeImage } from '../../../test/images.ts';
import { artworks, artworkTags, colors } from '../../db/schema/index.ts';

let app: FastifyInstance;
let author: UserRow;
let agent: Agent;
let colorId: number;
beforeAll(async () => {
  app = await buildTestApp();
  author = await buildPremium(app);
  agent = new Agent(app, 'en');
  await loginAs(agent, author);
  [{ id: colorId }] = await app.db.select({ id: colors.id }).from(colors).limit(1);
});
afterAll(() => app.close());

/** Uploads a real PNG for the artwork through presign + signed PUT and returns the stored key. */
async function upload(id: number, as: Agent = agent, size = 40): Promise<string> {
  const png = await makeImage(size, size);
  const presigned = await as.post(`/api/v1/artworks/${id}/presign/`, { filename: 'a.png', type: 'image/png', width: size, height: size, size: png.length });
  expect(presigned.statusCode).toBe(200);
  const { url, filename } = presigned.json();
  const put = await app.inject({ method: 'PUT', url, payload: png, headers: { 'content-type': 'image/png' } });
  expect(put.statusCode).toBe(200);
  return filename;
}

async function newDraft(as: Agent = agent) {
  const res = await as.post('/api/v1/artworks/', {});
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

/** A draft with everything publishing needs, uploaded for real. */
async function completeDraft() {
  const { id } = await newDraft();
  const [image, cover, raw, cropped] = [await upload(id), await upload(id), await upload(id), await upload(id)];
  const body = {
    title: 'Sea at night',
    content: `<p>Intro</p><p><img src="/media/${image}" alt="sea" width="40" height="40"></p>`,
    categories: ['painting'],
    fields: ['fine-art'],
    concepts: ['abstract', 'nature'],
    color: colorId,
    licence: 'by-nc',
    tags: ['sea', 'night'],
    cover,
    raw_cover: raw,
    cropped_cover: cropped,
    width: 40,
    height: 40,
  };
  return { id, body, image };
}

describe('POST /api/v1/artworks/ (create)', () => {
  it('creates a draft by default, published true, background #FFFFFF, owned by the caller', async () => {
    const res = await agent.post('/api/v1/artworks/', { title: 'Untitled' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Untitled',
      draft: true,
      published: true,
      visible: false,
      background_color: '#FFFFFF',
      author: { id: author.id },
      content: '',
      tags: [],
      published_at: null,
    });
  });

  it('refuses a guest with 403', async () => {
    expect((await new Agent(app).post('/api/v1/artworks/', {})).statusCode).toBe(403);
  });
});

describe('validation (SPEC §5 Other, §9)', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['title over 100', { title: long(101) }, 'title', 'The title can have at most 100 characters.'],
    ['3 genres', { categories: ['painting', 'drawing', 'comics'] }, 'categories', 'Choose at most 2.'],
    ['3 fields', { fields: ['fine-art', 'advertising', 'branding'] }, 'fields', 'Choose at most 2.'],
    ['3 concepts', { concepts: ['abstract', 'minimal', 'pop'] }, 'concepts', 'Choose at most 2.'],
    ['unknown genre', { categories: ['nope'] }, 'categories', 'Unknown choice: nope'],
    ['unknown field', { fields: ['nope'] }, 'fields', 'Unknown choice: nope'],
    ['unknown concept', { concepts: ['nope'] }, 'concepts', 'Unknown choice: nope'],
    ['unknown colour', { color: 999_999 }, 'color', 'Select a valid choice.'],
    ['a colour id past the integer column', { color: Number.MAX_SAFE_INTEGER }, 'color', 'Select a valid choice.'],
    ['a colour object past the integer column', { color: { id: 2 ** 31 } }, 'color', 'Select a valid choice.'],
    ['licence not one of six', { licence: 'cc0' }, 'licence', 'Choose one of the six Creative Commons licences.'],
    [
      'flags naming no licence',
      { attribution: true, no_derivative_works: true, share_alike: true },
      'licence',
      'Choose one of the six Creative Commons licences.',
    ],
    ['11 tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'There are too many tags.'],
    ['a 21-character tag', { tags: [long(21)] }, 'tags', 'One or more of your tags are too long.'],
    ['bad background', { background_color: 'red' }, 'background_color', 'Enter a colour as #RRGGBB.'],
    ['an image of someone else', { cover: 'artworks/1/notmine.png' }, 'cover', 'This image was not uploaded here: artworks/1/notmine.png'],
    ['content image never uploaded', { content: '<img src="/media/artworks/1/x.png">' }, 'content', 'This image was not uploaded here: artworks/1/x.png'],
  ])('refuses %s', async (_name, body, field, message) => {
    const res = await agent.post('/api/v1/artworks/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toContain(message);
  });

  it('answers in Korean by default', async () => {
    const ko = new Agent(app, 'ko');
    await loginAs(ko, author);
    const res = await ko.post('/api/v1/artworks/', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`), title: 'x'.repeat(101) });
    expect(res.json()).toEqual({ tags: ['태그가 너무 많습니다.'], title: ['제목은 100자 이하로 입력하세요.'] });
  });

  it.each([
    ['exactly 100 characters', { title: 'x'.repeat(100) }],
    ['2 of each', { categories: ['painting', 'drawing'], fields: ['fine-art', 'branding'], concepts: ['abstract', 'pop'] }],
    ['10 tags of 20 characters', { tags: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(20, 'x')) }],
    ['11 tags where two are duplicates', { tags: [...Array.from({ length: 10 }, (_, i) => `t${i}`), 'T1', '#t2'] }],
    ['each of the six licences', { licence: 'by-nc-nd' }],
    ['the licence as flags', { attribution: true, non_commercial: true, share_alike: true }],
    ['taxonomy as presented objects', { categories: [{ category: 'painting', name: 'x' }], color: { id: 1, code: '#E53935' } }],
  ])('accepts %s', async (_name, body) => {
    const res = await agent.post('/api/v1/artworks/', body);
    expect(res.statusCode).toBe(201);
  });

  it('ignores duplicate tags silently, keeps their order, and stores the licence flags', async () => {
    const res = await agent.post('/api/v1/artworks/', { tags: ['sea', ' Sea ', '#night', 'sea', ''], licence: 'by-nc-sa' });
    const body = res.json();
    expect(body.tags.map((t: { name: string }) => t.name)).toEqual(['sea', 'night']);
    expect(body).toMatchObject({ attribution: true, non_commercial: true, no_derivative_works: false, share_alike: true, licence_chosen: true });
  });
});

describe('publishing (SPEC §5 Publishing a project)', () => {
  it('lists every missing requirement with the Korean warnings', async () => {
    const ko = new Agent(app, 'ko');
    await loginAs(ko, author);
    const { id } = await newDraft(ko);
    const res = await ko.put(`/api/v1/artworks/${id}/`, { draft: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      title: ['제목을 입력하세요'],
      categories: ['장르를 1개 이상 선택하세요'],
      fields: ['분야를 1개 이상 선택하세요'],
      concepts: ['컨셉을 1개 이상 선택하세요'],
      color: ['색상을 선택하세요'],
      licence: ['저작권을 선택하세요'],
      cover: ['커버 이미지를 등록하세요'],
      content: ['포트폴리오 내용이 비어 있습니다. 이미지를 1개 이상 추가하세요.'],
    });
  });

  it.each([
    ['title', { title: '' }, 'Enter a title'],
    ['categories', { categories: [] }, 'Choose at least 1 genre'],
    ['fields', { fields: [] }, 'Choose at least 1 field'],
    ['concepts', { concepts: [] }, 'Choose at least 1 concept'],
    ['color', { color: null }, 'Choose a colour'],
    ['licence', { licence: null }, 'Choose a licence'],
    ['cover', { cover: '' }, 'Add a cover image'],
    ['cover', { cropped_cover: '' }, 'Add a cover image'],
    ['content', { content: '<p>only words</p>' }, 'Portfolio content is empty. Please add at least 1 image.'],
  ])('needs %s (%j)', async (field, change, message) => {
    const { id, body } = await completeDraft();
    const res = await agent.put(`/api/v1/artworks/${id}/`, { ...body, ...change, draft: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ [field]: [message] });
  });

  it('publishes a complete artwork, sets published_at once, and it becomes visible for a premium author', async () => {
    const { id, body } = await completeDraft();
    const res = await agent.put(`/api/v1/artworks/${id}/`, { ...body, draft: false });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ draft: false, visible: true, title: 'Sea at night', licence_chosen: true, non_commercial: true });
    expect(saved.categories).toEqual([{ category: 'painting', name: 'Painting' }]);
    expect(saved.concepts.map((c: { concept: string }) => c.concept)).toEqual(['abstract', 'nature']);
    expect(saved.published_at).not.toBeNull();
    const again = await agent.put(`/api/v1/artworks/${id}/`, { title: 'Renamed' });
    expect(again.json()).toMatchObject({ title: 'Renamed', published_at: saved.published_at, draft: false });
    // Visitors now see it.
    expect((await new Agent(app).get(`/api/v1/artworks/${id}/`)).statusCode).toBe(200);
  });

  it('a non-member may publish, but the artwork stays hidden from others', async () => {
    const member = new Agent(app);
    const plain = await buildUser(app);
    await loginAs(member, plain);
    const { id } = await newDraft(member);
    const [image, cover] = [await upload(id, member), await upload(id, member)];
    const res = await member.put(`/api/v1/artworks/${id}/`, {
      title: 't',
      categories: ['painting'],
      fields: ['fine-art'],
      concepts: ['pop'],
      color: colorId,
      licence: 'by',
      cover,
      cropped_cover: cover,
      content: `<img src="/media/${image}">`,
      draft: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ draft: false, visible: false });
    expect((await new Agent(app).get(`/api/v1/artworks/${id}/`)).statusCode).toBe(404);
  });
});

describe('content HTML is sanitized on write', () => {
  it('drops scripts, handlers, foreign images and forces link rel', async () => {
    const { id } = await newDraft();
    const key = await upload(id);
    const res = await agent.put(`/api/v1/artworks/${id}/`, {
      content: `<p onclick="x()">Hi<script>alert(1)</script></p><img src="/media/${key}" onerror="x()"><img src="https://evil.example/a.png"><a href="javascript:alert(1)">j</a><a href="https://ok.example">ok</a>`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe(
      `<p>Hi</p><img src="/media/${key}" /><a rel="noopener nofollow">j</a><a rel="noopener nofollow" href="https://ok.example">ok</a>`,
    );
  });
});

describe('permissions (SPEC §6)', () => {
  it('only the author saves, deletes or presigns; a guest gets 403; a missing artwork 404', async () => {
    const { id } = await newDraft();
    const stranger = new Agent(app);
    await loginAs(stranger, await buildUser(app));
    const staff = new Agent(app);
    await loginAs(staff, await buildStaff(app));
    const guest = new Agent(app);
    for (const who of [stranger, staff, guest]) {
      expect((await who.put(`/api/v1/artworks/${id}/`, { title: 'mine now' })).statusCode).toBe(403);
      expect((await who.delete(`/api/v1/artworks/${id}/`)).statusCode).toBe(403);
      expect((await who.post(`/api/v1/artworks/${id}/presign/`, { filename: 'a.png', type: 'image/png' })).statusCode).toBe(403);
    }
    expect((await agent.put('/api/v1/artworks/99999999/', {})).statusCode).toBe(404);
    expect((await agent.delete('/api/v1/artworks/abc/')).statusCode).toBe(404);
    expect((await agent.post('/api/v1/artworks/99999999/presign/', { filename: 'a.png', type: 'image/png' })).statusCode).toBe(404);
    // A draft is visible only to its author.
    expect((await stranger.get(`/api/v1/artworks/${id}/`)).statusCode).toBe(404);
    expect((await agent.get(`/api/v1/artworks/${id}/`)).statusCode).toBe(200);
  });

  it('the author deletes; the tags and links go with it', async () => {
    const row = await buildArtwork(app, author, { tagNames: ['delete-me'] });
    expect((await agent.delete(`/api/v1/artworks/${row.id}/`)).statusCode).toBe(204);
    expect(await app.db.select().from(artworks).where(eq(artworks.id, row.id))).toHaveLength(0);
    expect(await app.db.select().from(artworkTags).where(eq(artworkTags.artworkId, row.id))).toHaveLength(0);
    expect((await agent.get(`/api/v1/artworks/${row.id}/`)).statusCode).toBe(404);
  });

  it("another user cannot attach the author's uploads to their own artwork", async () => {
    const { id } = await newDraft();
    const key = await upload(id);
    const thief = new Agent(app);
    await loginAs(thief, await buildUser(app));
    const res = await thief.post('/api/v1/artworks/', { cover: key });
    expect(res.statusCode).toBe(400);
    expect(res.json().cover).toBeDefined();
  });
});

describe('presign limits (SPEC §5 Other, §7)', () => {
  it.each([
    [{ filename: 'a.svg', type: 'image/svg+xml' }, 'type'],
    [{ filename: 'a.bmp', type: 'image/bmp' }, 'type'],
    [{ filename: 'a.pdf', type: 'application/pdf' }, 'type'],
    [{ filename: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 }, 'size'],
    [{ filename: '', type: 'image/png' }, 'filename'],
  ])('refuses %j on %s', async (body, field) => {
    const { id } = await newDraft();
    const res = await agent.post(`/api/v1/artworks/${id}/presign/`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]).toBeDefined();
  });

  it("the 10MB message is SPEC §8's", async () => {
    const { id } = await newDraft();
    const res = await agent.post(`/api/v1/artworks/${id}/presign/`, { filename: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 });
    expect(res.json().size).toEqual(['You can not upload images larger than 10MB. Reduce file size and try again.']);
  });

  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])('accepts %s at exactly 10,485,760 bytes, named by the server', async (type) => {
    const { id } = await newDraft();
    const res = await agent.post(`/api/v1/artworks/${id}/presign/`, { filename: '../../evil name.png', type, height: 10, width: 10, size: IMAGE_MAX_BYTES });
    expect(res.statusCode).toBe(200);
    expect(res.json().filename).toMatch(new RegExp(`^artworks/${id}/[a-z0-9_-]+\\.(jpg|png|gif|webp)$`));
    expect(res.json().url).toMatch(/^\/media\/upload\//);
  });
});

describe('one transaction', () => {
  it('a failure while writing the tags leaves the artwork and its links as they were', async () => {
    const { id, body } = await completeDraft();
    await agent.put(`/api/v1/artworks/${id}/`, body);
    const before = (await agent.get(`/api/v1/artworks/${id}/`)).json();
    // Make the database itself refuse one tag, so the failure happens inside the transaction after the row update.
    await app.db.execute(
      `create or replace function refuse_boom() returns trigger language plpgsql as $$ begin if new.name = 'boom' then raise exception 'boom'; end if; return new; end $$` as never,
    );
    await app.db.execute('create trigger refuse_boom before insert on tags for each row execute function refuse_boom()' as never);
    const res = await agent.put(`/api/v1/artworks/${id}/`, { title: 'Changed', categories: ['drawing'], tags: ['fine', 'boom'] });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('boom');
    const after = (await agent.get(`/api/v1/artworks/${id}/`)).json();
    expect(after.title).toBe(before.title);
    expect(after.categories).toEqual(before.categories);
    expect(after.tags).toEqual(before.tags);
    await app.db.execute('drop trigger refuse_boom on tags' as never);
  });
});

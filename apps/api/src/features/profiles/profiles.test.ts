import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { collections, inviteApplications, media, userCategories, users } from '../../db/schema/index.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function agentFor(user: UserRow | null, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (user) await loginAs(agent, user);
  return agent;
}

async function addMedia(owner: UserRow | null, key: string, status = 'ready') {
  await app.db.insert(media).values({ key, ownerId: owner?.id ?? null, contentType: 'image/png', status });
}

const reload = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0];

describe('GET /api/v1/artists/{slug}/ (SPEC §5 slug lookup)', () => {
  it('lowercases and removes dots, and answers the public fields of SPEC §3', async () => {
    const user = await buildPremium(app, { username: 'Kim.Painter', slug: 'kimpainter', biography: 'Bio', instagram: 'kim' });
    const guest = await agentFor(null);
    for (const path of ['Kim.Painter', 'kim.painter', 'KIMPAINTER', 'k.i.m.painter']) {
      const res = await guest.get(`/api/v1/artists/${path}/`);
      expect(res.statusCode, path).toBe(200);
      expect(res.json().id).toBe(user.id);
    }
    const body = (await guest.get('/api/v1/artists/kimpainter/')).json();
    expect(body).toMatchObject({ slug: 'kimpainter', username: 'Kim.Painter', is_premium: true, biography: 'Bio', instagram: 'kim', is_owner: false });
    for (const hidden of ['password', 'date_of_birth', 'gender', 'is_staff', 'language']) expect(body).not.toHaveProperty(hidden);
  });

  it('answers 404 for an unknown slug, an empty one, and a slug of dots only', async () => {
    const guest = await agentFor(null, 'ko');
    const res = await guest.get('/api/v1/artists/nobody-here/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '찾을 수 없습니다.' });
    expect((await guest.get('/api/v1/artists/.../')).statusCode).toBe(404);
  });

  it('shows e-mail and phone only when the owner chose to, or to the owner', async () => {
    const hidden = await buildUser(app, { phone: '010-1111-2222' });
    const shown = await buildUser(app, { phone: '010-3333-4444', showContact: true });
    const other = await agentFor(await buildUser(app));
    const guest = await agentFor(null);
    for (const viewer of [guest, other]) {
      expect((await viewer.get(`/api/v1/artists/${hidden.slug}/`)).json()).toMatchObject({ email: null, phone: null });
      expect((await viewer.get(`/api/v1/artists/${shown.slug}/`)).json()).toMatchObject({ email: shown.email, phone: '010-3333-4444' });
    }
    const owner = await agentFor(hidden);
    expect((await owner.get(`/api/v1/artists/${hidden.slug}/`)).json()).toMatchObject({ email: hidden.email, phone: '010-1111-2222', is_owner: true });
  });

  it('lists the main fields in the chosen order, named in the request language', async () => {
    const user = await buildUser(app);
    const agent = await agentFor(user, 'en');
    expect((await agent.put(`/api/v1/users/${user.id}/`, { categories: ['photography', 'painting'] })).statusCode).toBe(200);
    const en = (await agent.get(`/api/v1/artists/${user.slug}/`)).json();
    expect(en.categories.map((c: { category: string }) => c.category)).toEqual(['photography', 'painting']);
    agent.lang = 'ko';
    const ko = (await agent.get(`/api/v1/artists/${user.slug}/`)).json();
    expect(ko.categories[0].name).not.toBe(en.categories[0].name);
  });
});

describe('PUT /api/v1/users/{id}/ permissions', () => {
  it('refuses guests and other users with 403 (even with a bad body), and staff cannot edit others', async () => {
    const owner = await buildUser(app);
    const guest = await agentFor(null);
    expect((await guest.put(`/api/v1/users/${owner.id}/`, { name: 'X' })).statusCode).toBe(403);
    const other = await agentFor(await buildUser(app));
    expect((await other.put(`/api/v1/users/${owner.id}/`, { name: 'X' })).statusCode).toBe(403);
    expect((await other.put(`/api/v1/users/${owner.id}/`, { name: '' })).statusCode).toBe(403);
    const staff = await agentFor(await buildStaff(app));
    expect((await staff.put(`/api/v1/users/${owner.id}/`, { name: 'X' })).statusCode).toBe(403);
    expect((await reload(owner.id)).name).toBe(owner.name);
  });

  it('answers 403 to non-staff and 404 to staff for ids that name nobody', async () => {
    const user = await buildUser(app);
    expect((await (await agentFor(user)).put('/api/v1/users/abc/', { name: 'X' })).statusCode).toBe(403);
    expect((await (await agentFor(user)).patch('/api/v1/users/abc/', { level: 1 })).statusCode).toBe(403);
    const staff = await agentFor(await buildStaff(app));
    expect((await staff.patch('/api/v1/users/abc/', { level: 1 })).statusCode).toBe(404);
    expect((await staff.patch('/api/v1/users/99999999/', { level: 1 })).statusCode).toBe(404);
  });

  it('ignores fields nobody may set through it (is_staff, is_premium, level, password)', async () => {
    const user = await buildUser(app);
    const agent = await agentFor(user);
    const res = await agent.put(`/api/v1/users/${user.id}/`, { is_staff: true, is_premium: true, level: 5, password: 'x', name: 'Renamed' });
    expect(res.statusCode).toBe(200);
    const row = await reload(user.id);
    expect(row).toMatchObject({ isStaff: false, isPremium: false, level: 0, password: user.password, name: 'Renamed' });
  });
});

describe('PUT /api/v1/users/{id}/ partial updates', () => {
  it('changes only the fields the account page sends and answers the current user', async () => {
    const user = await buildUser(app, { biography: 'Keep me', instagram: 'keep', phone: '010-0000-0000' });
    const agent = await agentFor(user);
    const res = await agent.put(`/api/v1/users/${user.id}/`, {
      name: 'New Name',
      phone: '',
      username: 'New.Name_1',
      date_of_birth: '1985-05-06',
      gender: 'Female',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'New Name',
      phone: '',
      username: 'New.Name_1',
      slug: 'newname_1',
      date_of_birth: '1985-05-06',
      gender: 'Female',
      biography: 'Keep me',
      instagram: 'keep',
      is_staff: false,
    });
    // The profile lives at the new slug now.
    expect((await agent.get('/api/v1/artists/newname_1/')).json().id).toBe(user.id);
    expect((await agent.get(`/api/v1/artists/${user.slug}/`)).statusCode).toBe(404);
  });

  it('saves every field of the profile form and the main fields in one go', async () => {
    const user = await buildUser(app);
    const agent = await agentFor(user);
    await addMedia(user, `users/${user.id}/a.png`);
    await addMedia(user, `users/${user.id}/a-crop.png`);
    await addMedia(user, `users/${user.id}/b.png`);
    await addMedia(user, `users/${user.id}/b-crop.png`);
    const body = {
      username: user.username,
      name: 'Profile Name',
      email: `Changed-${user.id}@Example.com`,
      phone: '010-1234-5678',
      categories: ['painting'],
      website: 'example.com',
      instagram: 'insta',
      facebook: 'fb',
      twitter: 'tw',
      pinterest: 'pin',
      tumblr: 'tum',
      youtube: 'yt',
      vimeo: 'vim',
      biography: 'My biography\nsecond line',
      about: 'About me',
      show_contact: true,
      public_collection: false,
      fixed_layout: false,
      avatar: `users/${user.id}/a.png`,
      raw_avatar: `users/${user.id}/a.png`,
      cropped_avatar: `users/${user.id}/a-crop.png`,
      banner: `users/${user.id}/b.png`,
      raw_banner: `users/${user.id}/b.png`,
      cropped_banner: `users/${user.id}/b-crop.png`,
    };
    const res = await agent.put(`/api/v1/users/${user.id}/`, body);
    expect(res.statusCode).toBe(200);
    const { categories, ...rest } = body;
    expect(res.json()).toMatchObject(rest);
    expect(res.json().categories).toEqual([{ category: 'painting', name: expect.any(String) }]);
    const links = await app.db.select().from(userCategories).where(eq(userCategories.userId, user.id));
    expect(links).toHaveLength(1);
    // Sending the same images again (unchanged) is fine; so is clearing them.
    expect((await agent.put(`/api/v1/users/${user.id}/`, { avatar: body.avatar, cropped_avatar: body.cropped_avatar })).statusCode).toBe(200);
    const cleared = await agent.put(`/api/v1/users/${user.id}/`, { banner: '', raw_banner: '', cropped_banner: '', categories: [] });
    expect(cleared.json()).toMatchObject({ banner: '', cropped_banner: '', categories: [] });
  });

  it('an empty body changes nothing', async () => {
    const user = await buildUser(app);
    const res = await (await agentFor(user)).put(`/api/v1/users/${user.id}/`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(user.name);
  });
});

describe('PUT /api/v1/users/{id}/ validation (per-field 400 in the request language)', () => {
  it('refuses present-but-empty required fields', async () => {
    const user = await buildUser(app);
    const agent = await agentFor(user, 'ko');
    const res = await agent.put(`/api/v1/users/${user.id}/`, { name: '', email: '', username: '  ' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['email', 'name', 'username']);
    for (const field of ['email', 'name', 'username']) expect(body[field], field).toContain('필수 항목입니다.');
  });

  it('requires phone when the profile form (which sends e-mail) clears it, not on the account page', async () => {
    const user = await buildUser(app, { phone: '010-1' });
    const agent = await agentFor(user, 'en');
    const res = await agent.put(`/api/v1/users/${user.id}/`, { email: user.email, name: user.name, phone: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ phone: ['Enter a phone number.'] });
    expect((await reload(user.id)).phone).toBe('010-1');
    expect((await agent.put(`/api/v1/users/${user.id}/`, { name: user.name, phone: '' })).statusCode).toBe(200);
  });

  it('checks username pattern, reserved slugs and uniqueness by slug', async () => {
    const taken = await buildUser(app, { username: 'Taken.One', slug: 'takenone' });
    const user = await buildUser(app);
    const agent = await agentFor(user, 'en');
    const put = (username: string) => agent.put(`/api/v1/users/${user.id}/`, { username });
    // SPEC §5 profile username, the same rule as the editor's (issue #19): word characters, dot, plus, minus.
    expect((await put('has space')).json()).toEqual({ username: ['English only (letters, digits, _ . + -).'] });
    expect((await put('kim@art')).json()).toEqual({ username: ['English only (letters, digits, _ . + -).'] });
    const plus = await put(`kim+art${user.id}`);
    expect(plus.statusCode).toBe(200);
    expect(plus.json().username).toBe(`kim+art${user.id}`);
    expect((await put('한글이름')).statusCode).toBe(400);
    expect((await put('...')).statusCode).toBe(400);
    expect((await put('Gallery')).json()).toEqual({ username: ['This username is not available.'] });
    expect((await put('goodluck')).statusCode).toBe(400);
    const clash = await put('TAKEN.one');
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ username: ['A user with that username already exists.'] });
    expect((await put('takenone')).statusCode).toBe(400);
    expect((await reload(taken.id)).username).toBe('Taken.One');
    // Re-spelling one's own username into the same slug is allowed.
    const mine = await put(`${user.username.toUpperCase()}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().slug).toBe(user.slug);
  });

  it('keeps e-mail unique case-insensitively and checks its format', async () => {
    const other = await buildUser(app);
    const user = await buildUser(app);
    const agent = await agentFor(user, 'ko');
    const res = await agent.put(`/api/v1/users/${user.id}/`, { email: other.email.toUpperCase(), name: 'n', phone: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['이미 가입된 이메일입니다.'] });
    expect((await agent.put(`/api/v1/users/${user.id}/`, { email: 'not-an-email' })).json()).toEqual({ email: ['올바른 이메일 주소를 입력하세요.'] });
    // One's own address in another case is not a clash.
    expect((await agent.put(`/api/v1/users/${user.id}/`, { email: user.email.toUpperCase(), phone: '1' })).statusCode).toBe(200);
  });

  it('allows at most 2 existing, distinct main fields', async () => {
    const user = await buildUser(app);
    const agent = await agentFor(user, 'en');
    const put = (categories: unknown) => agent.put(`/api/v1/users/${user.id}/`, { categories });
    expect((await put(['painting', 'photography', 'illustration'])).json()).toEqual({ categories: ['Choose at most 2.'] });
    expect((await put(['painting', 'no-such-thing'])).json()).toEqual({ categories: ['Unknown main field: no-such-thing'] });
    expect((await put(['painting', 'painting'])).json()).toEqual({ categories: ['Choose each main field only once.'] });
    expect((await put('painting')).statusCode).toBe(400);
    expect(await app.db.select().from(userCategories).where(eq(userCategories.userId, user.id))).toHaveLength(0);
  });

  it('accepts only images this user uploaded', async () => {
    const user = await buildUser(app);
    const stranger = await buildUser(app);
    await addMedia(stranger, `users/${stranger.id}/x.png`);
    await addMedia(user, `users/${user.id}/rejected.png`, 'rejected');
    await addMedia(user, `users/${user.id}/pending.png`, 'pending');
    const agent = await agentFor(user, 'en');
    const res = await agent.put(`/api/v1/users/${user.id}/`, {
      avatar: `users/${stranger.id}/x.png`,
      cropped_avatar: 'made/up.png',
      banner: `users/${user.id}/rejected.png`,
      cropped_banner: `users/${user.id}/pending.png`,
      name: 'Would change',
    });
    expect(res.statusCode).toBe(400);
    const msg = 'This is not an image you uploaded. Upload the image again.';
    expect(res.json()).toEqual({ avatar: [msg], cropped_avatar: [msg], banner: [msg], cropped_banner: [msg] });
    const row = await reload(user.id);
    expect(row).toMatchObject({ avatar: '', croppedAvatar: '', banner: '', name: user.name });
  });

  it('checks lengths, booleans, dates and genders', async () => {
    const user = await buildUser(app);
    const agent = await agentFor(user, 'en');
    const res = await agent.put(`/api/v1/users/${user.id}/`, {
      instagram: 'x'.repeat(201),
      biography: 'x'.repeat(5001),
      public_collection: 'yes',
      date_of_birth: '2999-01-01',
      gender: 'Robot',
      name: 'x'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['biography', 'date_of_birth', 'gender', 'instagram', 'name', 'public_collection']);
    expect(res.json().instagram).toEqual(['Ensure this field has no more than 200 characters.']);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const user = await buildUser(app);
    const agent = await agentFor(user);
    const res = await agent.request({ method: 'PUT', url: `/api/v1/users/${user.id}/`, payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('PATCH /api/v1/users/{id}/ artist level (SPEC §4, §6)', () => {
  it('lets staff set 0-5 and refuses everyone else with 403', async () => {
    const artist = await buildPremium(app);
    const staff = await agentFor(await buildStaff(app), 'en');
    const res = await staff.patch(`/api/v1/users/${artist.id}/`, { level: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: artist.id, level: 4 });
    expect((await reload(artist.id)).level).toBe(4);
    expect((await staff.patch(`/api/v1/users/${artist.id}/`, { level: 0 })).json().level).toBe(0);

    for (const viewer of [await agentFor(null), await agentFor(artist), await agentFor(await buildPremium(app))]) {
      expect((await viewer.patch(`/api/v1/users/${artist.id}/`, { level: 5 })).statusCode).toBe(403);
      expect((await viewer.patch(`/api/v1/users/${artist.id}/`, { level: 99 })).statusCode).toBe(403);
    }
    expect((await reload(artist.id)).level).toBe(0);
  });

  it('refuses levels outside 0-5 and non-integers with a per-field 400', async () => {
    const artist = await buildUser(app);
    const staff = await agentFor(await buildStaff(app), 'ko');
    for (const level of [6, -1]) {
      const res = await staff.patch(`/api/v1/users/${artist.id}/`, { level });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ level: ['레벨은 0에서 5 사이여야 합니다.'] });
    }
    expect((await staff.patch(`/api/v1/users/${artist.id}/`, { level: 2.5 })).json()).toEqual({ level: ['올바른 숫자를 입력하세요.'] });
    expect((await staff.patch(`/api/v1/users/${artist.id}/`, { level: '3' })).statusCode).toBe(400);
    expect((await staff.patch(`/api/v1/users/${artist.id}/`, {})).json()).toEqual({ level: ['필수 항목입니다.'] });
  });
});

describe('POST /api/v1/users/{id}/presign/ (SPEC §4 Image upload, §7)', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();

  it('lets the owner upload an avatar and then save it on the profile', async () => {
    const user = await buildUser(app);
    const agent = await agentFor(user);
    const bytes = await png();
    const presigned = await agent.post(`/api/v1/users/${user.id}/presign/`, {
      filename: 'me.png',
      type: 'image/png',
      width: 40,
      height: 40,
      size: bytes.length,
    });
    expect(presigned.statusCode).toBe(200);
    const { url, filename, headers } = presigned.json();
    expect(filename).toMatch(new RegExp(`^users/${user.id}/[a-z0-9_-]+\\.png$`));
    // Before the bytes arrive the key is not usable.
    expect((await agent.put(`/api/v1/users/${user.id}/`, { cropped_avatar: filename })).statusCode).toBe(400);
    const sent = await agent.request({ method: 'PUT', url, payload: bytes, headers: { ...headers, 'content-type': 'image/png' } });
    expect(sent.statusCode).toBe(200);
    const saved = await agent.put(`/api/v1/users/${user.id}/`, { avatar: filename, raw_avatar: filename, cropped_avatar: filename });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().cropped_avatar).toBe(filename);
    // Another user cannot take that key for their own profile.
    const thief = await buildUser(app);
    const res = await (await agentFor(thief)).put(`/api/v1/users/${thief.id}/`, { avatar: filename });
    expect(res.statusCode).toBe(400);
  });

  it('refuses guests and other users, and checks type and size', async () => {
    const user = await buildUser(app);
    const body = { filename: 'x.png', type: 'image/png', width: 1, height: 1 };
    expect((await (await agentFor(null)).post(`/api/v1/users/${user.id}/presign/`, body)).statusCode).toBe(403);
    expect((await (await agentFor(await buildUser(app))).post(`/api/v1/users/${user.id}/presign/`, body)).statusCode).toBe(403);
    const agent = await agentFor(user);
    const svg = await agent.post(`/api/v1/users/${user.id}/presign/`, { ...body, type: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toHaveProperty('type');
    const big = await agent.post(`/api/v1/users/${user.id}/presign/`, { ...body, size: 10_485_761 });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toHaveProperty('size');
    expect((await agent.post(`/api/v1/users/${user.id}/presign/`, {})).statusCode).toBe(400);
  });
});

describe('profile tabs as the profile page uses them (GET /api/v1/users/{id}/artworks/?type=)', () => {
  const ids = (res: { json: () => { results: { id: number }[] } }) =>
    res
      .json()
      .results.map((a) => a.id)
      .sort();

  it('projects: others see only visible work; the owner also sees what is hidden from them', async () => {
    const nonMember = await buildUser(app);
    const hiddenWork = await buildArtwork(app, nonMember);
    const member = await buildPremium(app);
    const shown = await buildArtwork(app, member);
    const privateWork = await buildArtwork(app, member, { published: false });
    const guest = await agentFor(null);
    const other = await agentFor(await buildUser(app));
    for (const viewer of [guest, other]) {
      expect(ids(await viewer.get(`/api/v1/users/${nonMember.id}/artworks/`))).toEqual([]);
      expect(ids(await viewer.get(`/api/v1/users/${member.id}/artworks/?type=projects`))).toEqual([shown.id]);
    }
    expect(ids(await (await agentFor(nonMember)).get(`/api/v1/users/${nonMember.id}/artworks/`))).toEqual([hiddenWork.id]);
    expect(ids(await (await agentFor(member)).get(`/api/v1/users/${member.id}/artworks/`))).toEqual([shown.id, privateWork.id].sort());
  });

  it('collection: public by default; once made private through PUT only the owner sees it', async () => {
    const owner = await buildPremium(app);
    const art = await buildArtwork(app, await buildPremium(app));
    await app.db.insert(collections).values({ userId: owner.id, artworkId: art.id });
    const guest = await agentFor(null);
    const other = await agentFor(await buildUser(app));
    const me = await agentFor(owner);
    const url = `/api/v1/users/${owner.id}/artworks/?type=collection`;
    expect(ids(await guest.get(url))).toEqual([art.id]);
    expect((await me.put(`/api/v1/users/${owner.id}/`, { public_collection: false })).statusCode).toBe(200);
    expect((await guest.get(url)).statusCode).toBe(404);
    expect((await other.get(url)).statusCode).toBe(404);
    expect(ids(await me.get(url))).toEqual([art.id]);
    expect((await guest.get(`/api/v1/artists/${owner.slug}/`)).json().public_collection).toBe(false);
  });

  it('application (My submission): the owner sees their submissions, guests and other users do not', async () => {
    const owner = await buildPremium(app);
    const art = await buildArtwork(app, owner);
    const invite = await buildInvite(app, await buildPremium(app));
    await app.db.insert(inviteApplications).values({ inviteId: invite.id, artworkId: art.id });
    const url = `/api/v1/users/${owner.id}/artworks/?type=application`;
    expect(ids(await (await agentFor(owner)).get(url))).toEqual([art.id]);
    expect((await (await agentFor(null)).get(url)).statusCode).toBe(404);
    expect((await (await agentFor(await buildUser(app))).get(url)).statusCode).toBe(404);
  });
});

import { CONTACT_LIMITS } from '@axoo/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { mailsTo as mailsToOf } from '../../../test/outbox.ts';
import { buildArtwork, buildPremium, buildStaff, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { conversations, notifications, users } from '../../db/schema/index.ts';
import { limitsFor } from './service.ts';

/**
 * Issue #20: available for hire, the contact form, the inbox and its anti-abuse rules. Every answer either side
 * gets is searched for the other's e-mail and phone.
 */
let app: FastifyInstance;
const site = 'http://site.test';
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0, PUBLIC_URL: site });
});
afterAll(() => app.close());

const DAY = 86_400_000;
async function as(user: UserRow | null, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (user) await loginAs(agent, user);
  return agent;
}

const mailsTo = (to: string) => mailsToOf(app, to);

const start = (agent: Agent, artist: UserRow, body = `Hello ${Math.random()}`, extra: Record<string, unknown> = {}) =>
  agent.post('/api/v1/conversations/', { artist: artist.id, subject: 'A commission', body, ...extra });

describe('available for hire (issue #20)', () => {
  it('the artist sets availability, note and rates; profile, cards, overlay author and the artists filter carry it', async () => {
    const artist = await buildPremium(app, { name: 'Hire Me' });
    const busy = await buildPremium(app, { name: 'Busy Artist' });
    const fullTime = await buildPremium(app, { availableForHire: 'full_time' });
    const work = await buildArtwork(app, artist);
    const me = await as(artist);
    const bad = await me.put(`/api/v1/users/${artist.id}/`, { available_for_hire: 'sometimes', hire_note: 'x'.repeat(301) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ available_for_hire: ['Select a valid choice.'], hire_note: ['Ensure this field has no more than 300 characters.'] });

    const saved = await me.put(`/api/v1/users/${artist.id}/`, {
      available_for_hire: 'freelance',
      hire_note: 'Open from May',
      hire_rates: 'From 500,000 KRW a day',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ available_for_hire: 'freelance', hire_note: 'Open from May', hire_rates: 'From 500,000 KRW a day' });
    const profile = (await app.inject(`/api/v1/artists/${artist.slug}/`)).json();
    expect(profile).toMatchObject({ available_for_hire: 'freelance', hire_note: 'Open from May', hire_rates: 'From 500,000 KRW a day' });
    expect((await app.inject(`/api/v1/artworks/${work.id}/`)).json().author.available_for_hire).toBe('freelance');

    const ids = async (qs: string) =>
      ((await app.inject(`/api/v1/artists/?is_premium=true&limit=100&${qs}`)).json().results as { id: number }[]).map((a) => a.id);
    const any = await ids('available_for_hire=true');
    expect(any).toContain(artist.id);
    expect(any).toContain(fullTime.id);
    expect(any).not.toContain(busy.id);
    const freelance = await ids('available_for_hire=freelance');
    expect(freelance).toContain(artist.id);
    expect(freelance).not.toContain(fullTime.id);
    const card = (await app.inject('/api/v1/artists/?available_for_hire=full_time')).json().results.find((a: { id: number }) => a.id === fullTime.id);
    expect(card.available_for_hire).toBe('full_time');
    const wrong = await app.inject({ url: '/api/v1/artists/?available_for_hire=maybe', headers: { 'accept-language': 'en' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ available_for_hire: ['Select a valid choice.'] });

    // Not available any more: null clears it.
    await me.put(`/api/v1/users/${artist.id}/`, { available_for_hire: null });
    expect(await ids('available_for_hire=true')).not.toContain(artist.id);
  });
});

describe('conversations (issue #20)', () => {
  it('nobody sees the other party’s e-mail or phone in any answer, unless that person chose to show it', async () => {
    const brand = await buildUser(app, { name: 'Brand Co', email: 'brand.secret@example.com', phone: '010-9999-1111', language: 'en' });
    const artist = await buildPremium(app, { name: '작가', email: 'artist.secret@example.com', phone: '010-8888-2222', language: 'ko' });
    const work = await buildArtwork(app, artist);
    const b = await as(brand);
    const a = await as(artist, 'ko');
    const seenByBrand: LightMyRequestResponse[] = [];
    const seenByArtist: LightMyRequestResponse[] = [];
    const brandSees = async (r: Promise<LightMyRequestResponse>) => {
      const res = await r;
      seenByBrand.push(res);
      return res;
    };
    const artistSees = async (r: Promise<LightMyRequestResponse>) => {
      const res = await r;
      seenByArtist.push(res);
      return res;
    };

    const created = await brandSees(
      start(b, artist, 'We love your work. See https://brand.example/brief', { artwork: work.id, budget: '₩3,000,000', timeline: '2 weeks' }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      subject: 'A commission',
      role: 'sender',
      other: { id: artist.id, name: '작가', slug: artist.slug },
      artwork: { id: work.id, title: work.title },
      budget: '₩3,000,000',
      timeline: '2 weeks',
      unread: 0,
      messages: [{ mine: true, body: 'We love your work. See https://brand.example/brief', links_active: false }],
    });
    await brandSees(b.get('/api/v1/conversations/'));
    await brandSees(b.get(`/api/v1/conversations/${id}/`));
    await brandSees(b.get(`/api/v1/artists/${artist.slug}/`));
    await brandSees(b.get(`/api/v1/artworks/${work.id}/`));
    await brandSees(b.get(`/api/v1/users/${artist.id}/artworks/`));
    await brandSees(b.get('/api/v1/site/'));

    // The artist: the unread badge, the inbox, the conversation (read now), a reply.
    expect((await artistSees(a.get('/api/v1/conversations/unread/'))).json()).toEqual({ unread: 1 });
    const inbox = await artistSees(a.get('/api/v1/conversations/'));
    expect(inbox.json()).toMatchObject({ count: 1, results: [{ id, role: 'artist', unread: 1, other: { id: brand.id, name: 'Brand Co' } }] });
    const opened = await artistSees(a.get(`/api/v1/conversations/${id}/`));
    expect(opened.json().messages).toEqual([expect.objectContaining({ mine: false, links_active: false })]);
    expect((await artistSees(a.get('/api/v1/conversations/unread/'))).json()).toEqual({ unread: 0 });
    const reply = await artistSees(a.post(`/api/v1/conversations/${id}/messages/`, { body: '감사합니다. 일정 알려주세요.' }));
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ mine: true, links_active: true });
    await artistSees(a.get(`/api/v1/artists/${brand.slug}/`));
    await artistSees(a.get('/api/v1/site/'));

    // After the artist's reply the brand's links are live; the brand sees the reply as unread.
    expect((await brandSees(b.get('/api/v1/conversations/unread/'))).json()).toEqual({ unread: 1 });
    const thread = await brandSees(b.get(`/api/v1/conversations/${id}/`));
    expect(thread.json().messages.map((m: { mine: boolean; links_active: boolean }) => [m.mine, m.links_active])).toEqual([
      [true, true],
      [false, true],
    ]);
    await brandSees(b.post(`/api/v1/conversations/${id}/messages/`, { body: 'Two weeks from Monday.' }));

    for (const res of seenByBrand) {
      expect(res.body).not.toContain('artist.secret@example.com');
      expect(res.body).not.toContain('010-8888-2222');
    }
    for (const res of seenByArtist) {
      expect(res.body).not.toContain('brand.secret@example.com');
      expect(res.body).not.toContain('010-9999-1111');
    }
    expect(seenByBrand.length + seenByArtist.length).toBe(17);

    // The mails: the artist's in Korean with the link to reply, the brand's in English; neither carries the other's address.
    const toArtist = await mailsTo('artist.secret@example.com');
    expect(toArtist).toHaveLength(2);
    expect(toArtist[0].subject).toContain('Brand Co님의 새 메시지');
    expect(toArtist[0].text).toContain(`${site}/inbox/${id}/`);
    expect(toArtist[0].html).toContain(`${site}/inbox/${id}/`);
    const toBrand = await mailsTo('brand.secret@example.com');
    expect(toBrand).toHaveLength(1);
    expect(toBrand[0].subject).toContain('New message from 작가');
    for (const m of toArtist) expect(`${m.text}${m.html}`).not.toMatch(/brand\.secret|010-9999-1111/);
    for (const m of toBrand) expect(`${m.text}${m.html}`).not.toMatch(/artist\.secret|010-8888-2222/);
    const notices = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, artist.id), eq(notifications.type, 'message')));
    // One notice per message the brand wrote.
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatchObject({ actorId: brand.id, data: { conversation: id, subject: 'A commission' } });

    // Who chose to show the address still shows it (the Mail & Contact card keeps working).
    const open = await buildPremium(app, { email: 'open.artist@example.com', phone: '010-1', showContact: true });
    expect((await b.get(`/api/v1/artists/${open.slug}/`)).json()).toMatchObject({ email: 'open.artist@example.com', phone: '010-1' });
  });

  it('only the two people read or write a conversation: others get 404, guests 403', async () => {
    const brand = await buildUser(app);
    const artist = await buildPremium(app);
    const third = await buildUser(app);
    const staff = await buildStaff(app);
    const id = (await start(await as(brand), artist)).json().id;
    for (const outsider of [third, staff]) {
      const o = await as(outsider);
      expect((await o.get(`/api/v1/conversations/${id}/`)).statusCode).toBe(404);
      expect((await o.post(`/api/v1/conversations/${id}/messages/`, { body: 'hi' })).statusCode).toBe(404);
      expect((await o.post(`/api/v1/conversations/${id}/block/`, {})).statusCode).toBe(404);
      expect((await o.post(`/api/v1/conversations/${id}/report/`, {})).statusCode).toBe(404);
      expect((await o.post(`/api/v1/conversations/${id}/archive/`, {})).statusCode).toBe(404);
      expect((await o.get('/api/v1/conversations/')).json().count).toBe(0);
    }
    const guest = await as(null);
    expect((await guest.get(`/api/v1/conversations/${id}/`)).statusCode).toBe(403);
    expect((await guest.get('/api/v1/conversations/')).statusCode).toBe(403);
    expect((await start(guest, artist)).statusCode).toBe(403);
    expect((await (await as(third)).get('/api/v1/conversations/999999/')).statusCode).toBe(404);
  });

  it('refuses bad input with per-field messages in the request’s language', async () => {
    const brand = await buildUser(app);
    const artist = await buildPremium(app);
    const otherArtist = await buildPremium(app);
    const foreign = await buildArtwork(app, otherArtist);
    const hidden = await buildArtwork(app, artist, { published: false });
    const b = await as(brand);
    const self = await start(b, brand);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ artist: ['You cannot send a message to yourself.'] });
    const empty = await b.post('/api/v1/conversations/', { artist: artist.id, subject: ' ', body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ subject: ['This field is required.'], body: ['This field is required.'] });
    const long = await start(b, artist, 'x'.repeat(2001));
    expect(long.json()).toEqual({ body: ['Ensure this field has no more than 2000 characters.'] });
    expect((await start(b, artist, 'x'.repeat(2000))).statusCode).toBe(201);
    const ko = await as(brand, 'ko');
    expect((await start(ko, artist, 'x'.repeat(2001))).json()).toEqual({ body: ['2000자 이하로 입력하세요.'] });
    expect((await start(b, { ...artist, id: 99_999_999 })).json()).toEqual({ artist: ['This artist does not exist.'] });
    // Beyond the id range: a field message, never a database error.
    expect((await start(b, { ...artist, id: 2 ** 31 })).json()).toEqual({ artist: ['Ensure this value is at most 2147483647.'] });
    expect((await start(b, artist, 'About that', { artwork: foreign.id })).json()).toEqual({ artwork: ['This is not a project of this artist.'] });
    expect((await start(b, artist, 'About that', { artwork: hidden.id })).json()).toEqual({ artwork: ['This is not a project of this artist.'] });
    const id = (await start(b, artist)).json().id;
    expect((await b.post(`/api/v1/conversations/${id}/messages/`, { body: '' })).json()).toEqual({ body: ['This field is required.'] });
  });

  it('a blocked sender cannot write again, in that conversation or a new one, and is not told', async () => {
    const artist = await buildPremium(app);
    const pest = await buildUser(app, { email: 'pest@example.com' });
    const p = await as(pest);
    const a = await as(artist);
    const id = (await start(p, artist)).json().id;
    const blocked = await a.post(`/api/v1/conversations/${id}/block/`, {});
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().blocked).toBe(true);
    const mailsBefore = (await mailsTo('pest@example.com')).length;

    const again = await p.post(`/api/v1/conversations/${id}/messages/`, { body: 'Hello?' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ detail: 'You cannot send messages to this person.' });
    expect((await start(p, artist)).statusCode).toBe(403);
    // The sender's own view does not say so, and nothing was sent to them.
    expect((await p.get(`/api/v1/conversations/${id}/`)).json().blocked).toBe(false);
    expect(await mailsTo('pest@example.com')).toHaveLength(mailsBefore);
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, pest.id))).toEqual([]);
    // The artist may still write, and may unblock.
    expect((await a.post(`/api/v1/conversations/${id}/messages/`, { body: 'Please stop.' })).statusCode).toBe(201);
    expect((await a.post(`/api/v1/conversations/${id}/block/`, { blocked: false })).json().blocked).toBe(false);
    expect((await p.post(`/api/v1/conversations/${id}/messages/`, { body: 'Sorry.' })).statusCode).toBe(201);
  });

  it('a new account starts at most 5 conversations a day and 20 a week (429 with Retry-After); older accounts more', async () => {
    expect(CONTACT_LIMITS.newAccount).toEqual({ day: 5, week: 20 });
    const fresh = await buildUser(app);
    const f = await as(fresh);
    const artists = await Promise.all(Array.from({ length: 7 }, () => buildPremium(app)));
    for (let i = 0; i < 5; i++) expect((await start(f, artists[i])).statusCode).toBe(201);
    const sixth = await start(f, artists[5]);
    expect(sixth.statusCode).toBe(429);
    const retry = Number(sixth.headers['retry-after']);
    expect(retry).toBeGreaterThan(86_000);
    expect(retry).toBeLessThanOrEqual(86_400);
    expect(sixth.json().detail).toBe(`You can start at most 5 conversations a day. Try again in ${retry} seconds.`);

    // The week: 16 more started on earlier days of the week reach 20 with today's... (5 today + 15 before = 20).
    const weekly = await buildUser(app, { created: new Date(Date.now() - 10 * DAY) });
    const w = await as(weekly);
    for (let i = 0; i < 15; i++) {
      await app.db
        .insert(conversations)
        .values({ artistId: artists[i % 7].id, senderId: weekly.id, subject: 's', created: new Date(Date.now() - (2 + (i % 4)) * DAY) });
    }
    for (let i = 0; i < 5; i++) expect((await start(w, artists[i])).statusCode).toBe(201);
    await app.db
      .update(conversations)
      .set({ created: new Date(Date.now() - 1.5 * DAY) })
      .where(eq(conversations.senderId, weekly.id));
    const overWeek = await start(w, artists[6]);
    expect(overWeek.statusCode).toBe(429);
    expect(overWeek.json().detail).toMatch(/at most 20 conversations a week/);
    expect(Number(overWeek.headers['retry-after'])).toBeGreaterThan(0);

    // An account older than CONTACT_LIMITS.newAccountDays has the established ceilings.
    const old = await buildUser(app, { created: new Date(Date.now() - (CONTACT_LIMITS.newAccountDays + 1) * DAY) });
    expect(limitsFor(old)).toEqual(CONTACT_LIMITS.established);
    expect(limitsFor(fresh)).toEqual(CONTACT_LIMITS.newAccount);
    const o = await as(old);
    for (let i = 0; i < 6; i++) expect((await start(o, artists[i])).statusCode).toBe(201);
  });

  it('the writing routes have a per-person rate limit answered 429 with Retry-After', async () => {
    const old = await buildUser(app, { created: new Date(Date.now() - 400 * DAY) });
    const o = await as(old);
    const artists = await Promise.all(Array.from({ length: CONTACT_LIMITS.route.conversationsPerMinute + 1 }, () => buildPremium(app)));
    const answers = [];
    for (const artist of artists) answers.push(await start(o, artist));
    expect(answers.slice(0, -1).every((r) => r.statusCode === 201)).toBe(true);
    const last = answers[answers.length - 1];
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().detail).toMatch(/^Too many requests/);
  });

  it('the same message to many artists is refused; changing the words is not', async () => {
    const spammer = await buildUser(app, { created: new Date(Date.now() - 400 * DAY) });
    const s = await as(spammer);
    const artists = await Promise.all(Array.from({ length: CONTACT_LIMITS.identicalArtistsMax + 1 }, () => buildPremium(app)));
    const text = 'Cheap promotion for artists! Visit now.';
    for (let i = 0; i < CONTACT_LIMITS.identicalArtistsMax; i++) {
      expect((await start(s, artists[i], i % 2 ? text.toUpperCase() : `  ${text.replace(' ', '   ')}`)).statusCode).toBe(201);
    }
    const refused = await start(s, artists[CONTACT_LIMITS.identicalArtistsMax], text);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ body: ['You have sent this same message to too many artists. Write to each artist in your own words.'] });
    // The same artist again is no "many"; other words pass.
    expect((await start(s, artists[0], text)).statusCode).toBe(201);
    expect((await start(s, artists[CONTACT_LIMITS.identicalArtistsMax], 'A message for you alone.')).statusCode).toBe(201);
  });

  it('archive: out of the inbox until a new message arrives', async () => {
    const brand = await buildUser(app);
    const artist = await buildPremium(app);
    const b = await as(brand);
    const a = await as(artist);
    const id = (await start(b, artist)).json().id;
    expect((await a.post(`/api/v1/conversations/${id}/archive/`, { archived: true })).json().archived).toBe(true);
    expect((await a.get('/api/v1/conversations/')).json().count).toBe(0);
    expect((await a.get('/api/v1/conversations/?archived=true')).json().results.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await a.get('/api/v1/conversations/unread/')).json().unread).toBe(0);
    expect((await b.get('/api/v1/conversations/')).json().count).toBe(1);
    await b.post(`/api/v1/conversations/${id}/messages/`, { body: 'Any news?' });
    expect((await a.get('/api/v1/conversations/')).json().results).toEqual([expect.objectContaining({ id, unread: 2, archived: false })]);
  });

  it('a report reaches staff in the console; staff suspend the sender, who then cannot contact anyone', async () => {
    const artist = await buildPremium(app);
    const other = await buildPremium(app);
    const rude = await buildUser(app, { name: 'Rude Sender' });
    const staff = await buildStaff(app);
    const r = await as(rude);
    const a = await as(artist);
    const id = (await start(r, artist, 'Something offensive')).json().id;
    const own = await r.post(`/api/v1/conversations/${id}/report/`, {});
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: ['You can only report a message from the other person.'] });
    const reported = await a.post(`/api/v1/conversations/${id}/report/`, { reason: 'Insults' });
    expect(reported.statusCode).toBe(201);
    expect((await a.post(`/api/v1/conversations/${id}/report/`, { reason: 'again' })).json().id).toBe(reported.json().id);
    expect((await a.get(`/api/v1/conversations/${id}/`)).json().messages[0].reported).toBe(true);

    expect((await r.get('/api/v1/admin/message-reports/')).statusCode).toBe(403);
    const s = await as(staff);
    const list = await s.get('/api/v1/admin/message-reports/?search=offensive');
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toEqual([
      expect.objectContaining({
        id: reported.json().id,
        reason: 'Insults',
        resolved: false,
        message: expect.objectContaining({ body: 'Something offensive' }),
        conversation: { id, subject: 'A commission' },
        sender: expect.objectContaining({ id: rude.id, name: 'Rude Sender', contact_suspended: false }),
        reporter: expect.objectContaining({ id: artist.id }),
      }),
    ]);
    const changed = await s.patch(`/api/v1/admin/message-reports/${reported.json().id}/`, { resolved: true, suspend_sender: true });
    expect(changed.json()).toMatchObject({ resolved: true, sender: { contact_suspended: true } });
    const [row] = await app.db.select({ s: users.contactSuspended }).from(users).where(eq(users.id, rude.id));
    expect(row.s).toBe(true);

    const blockedStart = await start(r, other);
    expect(blockedStart.statusCode).toBe(403);
    expect(blockedStart.json()).toEqual({ detail: 'Staff have suspended your ability to send messages.' });
    expect((await r.post(`/api/v1/conversations/${id}/messages/`, { body: 'hm' })).statusCode).toBe(403);
    // Reading stays possible; staff restore it.
    expect((await r.get(`/api/v1/conversations/${id}/`)).statusCode).toBe(200);
    await s.patch(`/api/v1/admin/message-reports/${reported.json().id}/`, { suspend_sender: false });
    expect((await start(r, other)).statusCode).toBe(201);
    expect((await s.patch('/api/v1/admin/message-reports/999999/', { resolved: true })).statusCode).toBe(404);
    // Issue #31: resolved, the message can be reported again; the old report is then not reopened beside the new one.
    await s.patch(`/api/v1/admin/message-reports/${reported.json().id}/`, { resolved: true });
    const anew = await a.post(`/api/v1/conversations/${id}/report/`, { reason: 'again' });
    expect(anew.json().id).not.toBe(reported.json().id);
    const reopen = await s.patch(`/api/v1/admin/message-reports/${reported.json().id}/`, { resolved: false });
    expect(reopen.statusCode).toBe(400);
    expect(reopen.json()).toEqual({ resolved: ['The same person has a newer open report of this; it cannot be reopened beside it.'] });
  });
});

describe('the mail of a new message (issue #20)', () => {
  it('links to the conversation, and shows the links the sender wrote as text only, in the text and the HTML', async () => {
    const brand = await buildUser(app, { name: 'Brand www.brand.example', language: 'en' });
    const artist = await buildPremium(app, { language: 'en' });
    const started = await (await as(brand)).post('/api/v1/conversations/', {
      artist: artist.id,
      subject: 'See https://evil.example.com',
      body: `Our brief: https://evil.example.com/brief?x=1 or www.spam.example.net — ${Math.random()}`,
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().id;
    const [mail] = await mailsTo(artist.email);
    expect(mail.text).toContain(`${site}/inbox/${id}/`);
    // The only link of the HTML is the way to the conversation.
    expect([...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([`${site}/inbox/${id}/`]);
    const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
    expect(all).not.toMatch(/evil\.example\.com|spam\.example\.net|www\.brand\.example|https?:\/\/evil/);
    expect(mail.text).toContain('hxxps[://]evil[.]example[.]com/brief?x=1');
    expect(mail.text).toContain('www[.]spam[.]example[.]net');
    expect(mail.subject).toContain('See hxxps[://]evil[.]example[.]com');
    // The inbox itself keeps the text as written (it decides there when links are live).
    expect((await (await as(artist)).get(`/api/v1/conversations/${id}/`)).json().messages[0].body).toContain('https://evil.example.com/brief?x=1');
  });
});

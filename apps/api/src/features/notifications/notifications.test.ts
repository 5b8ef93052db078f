import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { mailsTo as outbox } from '../../../test/outbox.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { notifications, users } from '../../db/schema/index.ts';
import { sendDigests } from './service.ts';

/** Issue #17: notifications grouped, read, polled with If-None-Match, and the daily digest with per-type preferences. */
let app: FastifyInstance;
const site = 'http://site.test';
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0, PUBLIC_URL: site });
});
afterAll(() => app.close());

async function as(user: UserRow, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  await loginAs(agent, user);
  return agent;
}

const mailsTo = (to: string) => outbox(app, to);
const DAY = 86_400_000;

describe('notifications (issue #17)', () => {
  it('groups many collects of one artwork, counts unread, answers 304 while nothing changed, marks one and all read', async () => {
    const artist = await buildPremium(app);
    const art = await buildArtwork(app, artist);
    const owner = await as(artist);
    const collectors = await Promise.all(Array.from({ length: 12 }, () => buildUser(app)));
    for (const c of collectors) expect((await (await as(c)).post('/api/v1/collections/', { artwork: art.id })).statusCode).toBe(201);
    const fan = await buildUser(app, { name: 'Fan One' });
    await (await as(fan)).post('/api/v1/follows/', { artist: artist.id });

    const list = await owner.get('/api/v1/notifications/');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ count: 2, unread: 13 });
    expect(body.results[0]).toMatchObject({ type: 'follow', count: 1, read: false, actors: [{ id: fan.id, name: 'Fan One' }], link: `/${fan.slug}/` });
    expect(body.results[1]).toMatchObject({ type: 'collect', count: 12, artwork: { id: art.id, title: art.title }, link: `/artwork/${art.id}/` });
    expect(body.results[1].actors).toHaveLength(3);
    expect(body.results[1].ids).toHaveLength(12);

    const bell = await owner.get('/api/v1/notifications/unread/');
    expect(bell.json()).toEqual({ unread: 13, latest: body.results[0].id });
    const etag = bell.headers.etag as string;
    expect((await owner.get('/api/v1/notifications/unread/', { 'if-none-match': etag })).statusCode).toBe(304);

    // Another user's ids change nothing; one group read; then all.
    const stranger = await as(await buildUser(app));
    await stranger.post('/api/v1/notifications/read/', { ids: body.results[1].ids });
    expect((await owner.get('/api/v1/notifications/unread/')).json().unread).toBe(13);
    expect((await owner.post('/api/v1/notifications/read/', { ids: body.results[1].ids })).json()).toEqual({ unread: 1 });
    const after = await owner.get('/api/v1/notifications/unread/', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect((await owner.post('/api/v1/notifications/read/', { ids: 'all' })).json()).toEqual({ unread: 0 });
    expect((await owner.get('/api/v1/notifications/')).json().results.every((g: { read: boolean }) => g.read)).toBe(true);

    const bad = await owner.post('/api/v1/notifications/read/', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ids: ['Give a list of notification ids, or all.'] });
    expect((await new Agent(app).get('/api/v1/notifications/')).statusCode).toBe(403);
  });

  it('mails one digest per user in their language with the types they keep, once, with a signed unsubscribe', async () => {
    const reader = await buildUser(app, { language: 'ko', email: 'reader@example.com' });
    const author = await buildUser(app, { name: '작가 A' });
    const agent = await as(reader, 'ko');
    await agent.post('/api/v1/follows/', { artist: author.id });
    const follower = await buildUser(app, { name: '팬 B' });
    await (await as(follower)).post('/api/v1/follows/', { artist: reader.id });
    // The author becomes a member: their work is published to the reader.
    const art = await buildArtwork(app, author, { title: '봄의 정원' });
    await app.db.update(users).set({ isPremium: true }).where(eq(users.id, author.id));
    await app.jobs.drain();

    // The reader turns off "followed artist published".
    expect((await agent.get('/api/v1/notifications/preferences/')).json()).toMatchObject({ publish: true, follow: true });
    expect((await agent.put('/api/v1/notifications/preferences/', { publish: false })).json()).toMatchObject({ publish: false, follow: true });
    expect((await agent.put('/api/v1/notifications/preferences/', { publish: 'no' })).statusCode).toBe(400);

    await sendDigests(app, site);
    const [digest, ...more] = await mailsTo('reader@example.com');
    expect(more).toHaveLength(0);
    expect(digest.subject).toBe('[AXOO] 새 알림 1건');
    expect(digest.text).toContain('팬 B님이 회원님을 팔로우합니다.');
    expect(digest.text).not.toContain('봄의 정원');
    // Nothing is mailed twice.
    await sendDigests(app, site);
    expect(await mailsTo('reader@example.com')).toHaveLength(1);
    const notices = await app.db.select().from(notifications).where(eq(notifications.userId, reader.id));
    expect(notices.map((n) => n.type).sort()).toEqual(['follow', 'publish']);
    expect(notices.every((n) => n.digestedAt !== null)).toBe(true);
    expect(notices.find((n) => n.type === 'publish')?.artworkId).toBe(art.id);

    // The unsubscribe link: signed for this user and type; tampering with either is refused.
    const link = new URL(/https?:\/\/\S+\/notifications\/unsubscribe\/\?u=\d+&type=follow&t=\S+/.exec(digest.text ?? '')?.[0] ?? '');
    const token = link.searchParams.get('t') ?? '';
    const guest = new Agent(app, 'en');
    const other = await buildUser(app);
    const borrowed = await guest.post('/api/v1/notifications/unsubscribe/', { user: other.id, type: 'follow', token });
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json()).toEqual({ detail: 'This unsubscribe link is not valid.' });
    expect((await guest.post('/api/v1/notifications/unsubscribe/', { user: reader.id, type: 'collect', token })).statusCode).toBe(403);
    expect((await guest.post('/api/v1/notifications/unsubscribe/', { user: reader.id, type: 'follow', token: `${token.slice(0, -1)}A` })).statusCode).toBe(403);
    expect((await guest.post('/api/v1/notifications/unsubscribe/', { user: reader.id, type: 'nope', token })).statusCode).toBe(400);
    const done = await guest.post('/api/v1/notifications/unsubscribe/', { user: reader.id, type: 'follow', token });
    expect(done.statusCode).toBe(200);
    expect((await agent.get('/api/v1/notifications/preferences/')).json()).toMatchObject({ follow: false, publish: false, collect: true });
    expect((await (await as(other)).get('/api/v1/notifications/preferences/')).json()).toMatchObject({ follow: true });

    // A new follower now is not mailed; a collect is, in the next digest.
    await (await as(await buildUser(app))).post('/api/v1/follows/', { artist: reader.id });
    const mine = await buildArtwork(app, reader);
    await app.db.update(users).set({ isPremium: true }).where(eq(users.id, reader.id));
    await (await as(await buildUser(app, { name: 'Collector C' }))).post('/api/v1/collections/', { artwork: mine.id });
    // Not twice in one day: it waits for the next day's digest.
    await sendDigests(app, site);
    expect(await mailsTo('reader@example.com')).toHaveLength(1);
    await sendDigests(app, site, undefined, new Date(Date.now() + DAY));
    const mails = await mailsTo('reader@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Collector C');
    expect(mails[1].text).not.toContain('팔로우합니다');
  });

  it('quotes names with their links not live, and stops every digest by the List-Unsubscribe one-click POST (RFC 8058)', async () => {
    const reader = await buildUser(app, { language: 'en', email: `oneclick${Date.now()}@example.com` });
    await (await as(await buildUser(app, { name: 'Win at https://prize.example.com/now' }))).post('/api/v1/follows/', { artist: reader.id });
    await sendDigests(app, site);
    const [digest] = await mailsTo(reader.email);
    // A name is the user's text: a mail client would link it, so it is shown as text.
    expect(digest.text).toContain('Win at hxxps[://]prize[.]example[.]com/now');
    expect(`${digest.text}${digest.html}`).not.toContain('prize.example.com');

    const header = digest.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    expect(digest.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const address = new URL(/https?:\/\/[^>"\s]+/.exec(header)?.[0] ?? '');
    expect(`${address.origin}${address.pathname}`).toBe(`${site}/api/v1/notifications/one-click/`);
    expect(address.searchParams.get('type')).toBe('all');
    const path = `${address.pathname}${address.search}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' };
    const preferences = async () => (await (await as(reader)).get('/api/v1/notifications/preferences/')).json();

    // A link scanner's GET changes nothing: it is sent on to the page, whose script does the unsubscribing.
    const get = await app.inject({ method: 'GET', url: path });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/notifications/unsubscribe/${address.search}`);
    // Another body, or a changed signature or type, is refused.
    const wrongBody = await app.inject({ method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=Yes' });
    expect(wrongBody.statusCode).toBe(400);
    expect(wrongBody.json()).toEqual({ 'List-Unsubscribe': ['The body must be List-Unsubscribe=One-Click.'] });
    const forged = path.replace(/t=([^&]+)/, (_, t: string) => `t=${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`);
    expect((await app.inject({ method: 'POST', url: forged, headers: form, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(403);
    const otherType = path.replace('type=all', 'type=follow');
    expect((await app.inject({ method: 'POST', url: otherType, headers: form, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(403);
    expect(Object.values(await preferences()).every(Boolean)).toBe(true);

    // The mail client's POST: no cookie, no CSRF header, from no page; every digest stops. A retry is still fine.
    for (let i = 0; i < 2; i++) {
      const done = await app.inject({ method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=One-Click' });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ type: 'all' });
    }
    expect(Object.values(await preferences()).some(Boolean)).toBe(false);
  });

  it('mails one digest per user and day whatever runs it: concurrent runs, a retried run, notices arriving in between', async () => {
    const email = `once${Date.now()}@example.com`;
    const reader = await buildUser(app, { language: 'en', email });
    for (const name of ['First Fan', 'Second Fan']) await (await as(await buildUser(app, { name }))).post('/api/v1/follows/', { artist: reader.id });
    const day = new Date(Date.UTC(2030, 0, 10, 9));
    // Three processes' runs at once, then a retry of the same period.
    await Promise.all([0, 1, 2].map(() => sendDigests(app, site, [reader.id], day)));
    await sendDigests(app, site, [reader.id], new Date(day.getTime() + 3_600_000));
    let mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/(First|Second) Fan and 1 more started following you\./);
    // A notice after that day's mail is neither lost nor mailed the same day: it waits, then goes out once.
    await (await as(await buildUser(app, { name: 'Third Fan' }))).post('/api/v1/follows/', { artist: reader.id });
    await sendDigests(app, site, [reader.id], new Date(day.getTime() + 7_200_000));
    expect(await mailsTo(email)).toHaveLength(1);
    const waiting = await app.db.select().from(notifications).where(eq(notifications.userId, reader.id));
    expect(waiting.filter((n) => n.digestedAt === null)).toHaveLength(1);
    const next = new Date(day.getTime() + DAY);
    await Promise.all([0, 1].map(() => sendDigests(app, site, [reader.id], next)));
    mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Third Fan started following you.');
    expect(mails[1].text).not.toMatch(/First Fan|Second Fan/);
  });
});

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildStaff, buildUser, type UserRow } from '../../../test/factories.ts';
import { artworks, inviteApplications, invites, inviteSubscriptions, notifications } from '../../db/schema/index.ts';
import { agentAs, mailsTo as outboxTo } from '../../../test/outbox.ts';
import { CLOSING_NOTICE_MS, remindClosingInvites } from './subscriptions/service.ts';

/**
 * Issue #19: brands run their own open calls (start → review → approve or return → entries → examination by date →
 * selection), see every entry paged with filters, and subscribers hear when a call opens, closes in 3 days and
 * publishes its selection, each once, with a one-click unsubscribe.
 */
let app: FastifyInstance;
let staff: UserRow;
let brand: UserRow;
let stranger: UserRow;
const site = 'http://site.test';
beforeAll(async () => {
  app = await buildTestApp({ JOBS_POLL_MS: 0, PUBLIC_URL: site });
  staff = await buildStaff(app);
  brand = await buildUser(app, { name: 'Brand Co', language: 'en' });
  stranger = await buildUser(app);
});
afterAll(() => app.close());

const as = (user: UserRow | null, lang: 'ko' | 'en' = 'en') => agentAs(app, user, lang);
const mailsTo = (to: string) => outboxTo(app, to);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('a brand runs its own call (issue #19)', () => {
  it('starts it in review, hidden from others; staff return it with a note, then approve it; entries, examination and selection follow', async () => {
    const brandAgent = await as(brand);
    const start = await brandAgent.post('/api/v1/invites/', {
      title: 'Spring poster call',
      subtitle: 'Posters for our spring shop',
      description: 'Send a poster.',
      closed: inDays(10),
      selected: inDays(20),
      questions: [{ question: 'Why this poster?' }],
    });
    expect(start.statusCode).toBe(201);
    const call = start.json();
    expect(call).toMatchObject({ status: 'review', owner: { id: brand.id }, can_edit: true, review_note: '' });

    // A call under review is unlisted: only its owner ("My open calls") and staff find it in a list. Its page, marked
    // 'Under review', can be shared, and people can follow it to hear when it opens; they cannot edit it.
    expect((await (await as(null)).get('/api/v1/invites/')).json().results.map((i: { id: number }) => i.id)).not.toContain(call.id);
    expect((await (await as(stranger)).get('/api/v1/invites/')).json().results.map((i: { id: number }) => i.id)).not.toContain(call.id);
    expect((await brandAgent.get('/api/v1/invites/?owner=me')).json().results.map((i: { id: number }) => i.id)).toEqual([call.id]);
    expect((await (await as(staff)).get('/api/v1/invites/')).json().results.map((i: { id: number }) => i.id)).toContain(call.id);
    expect((await (await as(null)).get(`/api/v1/invites/${call.id}/`)).json()).toMatchObject({ status: 'review', can_edit: false, review_note: '' });
    expect((await (await as(stranger)).post('/api/v1/invite-subscriptions/', { invite: call.id })).statusCode).toBe(201);

    // Only staff approve or return it.
    expect((await brandAgent.post(`/api/v1/invites/${call.id}/approve/`)).statusCode).toBe(403);
    expect((await (await as(stranger)).post(`/api/v1/invites/${call.id}/return/`, { note: 'x' })).statusCode).toBe(403);
    const emptyNote = await (await as(staff, 'ko')).post(`/api/v1/invites/${call.id}/return/`, { note: ' ' });
    expect(emptyNote.json()).toEqual({ note: ['돌려보내는 이유를 적어 주세요.'] });
    const returned = await (await as(staff)).post(`/api/v1/invites/${call.id}/return/`, { note: 'Add the prize, please.' });
    expect(returned.statusCode).toBe(200);
    expect((await brandAgent.get(`/api/v1/invites/${call.id}/`)).json()).toMatchObject({ status: 'review', review_note: 'Add the prize, please.' });
    const [returnMail] = await mailsTo(brand.email);
    expect(returnMail.subject).toBe('[AXOO] Your call "Spring poster call" needs changes');
    expect(returnMail.text).toContain('Add the prize, please.');
    expect(returnMail.text).toContain(`${site}/goodluck/${call.id}/edit/`);

    // In review the owner edits anything but the status.
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { title: 'Spring poster call', status: 'ongoing' })).json()).toEqual({
      status: ['You cannot set this status. Staff open a new call once they have reviewed it.'],
    });
    const fixed = await brandAgent.put(`/api/v1/invites/${call.id}/`, {
      title: 'Spring poster call',
      description: 'Send a poster. Prize: 1,000,000 KRW.',
      questions: [{ question: 'Why this poster?' }, { question: 'Your size?' }],
    });
    expect(fixed.statusCode).toBe(200);

    const approved = await (await as(staff)).post(`/api/v1/invites/${call.id}/approve/`);
    expect(approved.json()).toMatchObject({ status: 'ongoing', review_note: '' });
    expect((await (await as(staff)).post(`/api/v1/invites/${call.id}/approve/`)).statusCode).toBe(400);
    expect((await mailsTo(brand.email)).map((m) => m.subject)).toContain('[AXOO] Your call "Spring poster call" is open');
    expect((await (await as(null)).get(`/api/v1/invites/${call.id}/`)).statusCode).toBe(200);

    // A non-member artist applies; the brand sees the entry.
    const artist = await buildUser(app);
    const work = await buildArtwork(app, artist, { title: 'Poster' });
    const [q1, q2] = (await brandAgent.get(`/api/v1/invite-questions/?invite=${call.id}`)).json();
    const applied = await (await as(artist)).post('/api/v1/invite-applications/', {
      invite: call.id,
      artwork: work.id,
      answers: [
        { question: q1.id, answer: 'Because' },
        { question: q2.id, answer: 'A2' },
      ],
    });
    expect(applied.statusCode).toBe(201);
    const entries = (await brandAgent.get(`/api/v1/invites/${call.id}/artworks/`)).json();
    expect(entries).toMatchObject({ count: 1, results: [{ id: work.id, visible: false }] });

    // After the first entry: questions are fixed for the owner, the closing date only moves later.
    const current = { title: 'Spring poster call' };
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { ...current, questions: [{ id: q1.id, question: 'Changed?' }] })).json()).toEqual({
      questions: ['Questions cannot change once the first application has arrived.'],
    });
    expect((await brandAgent.post('/api/v1/invite-questions/', { invite: call.id, question: 'Late?' })).json()).toEqual({
      question: ['Questions cannot change once the first application has arrived.'],
    });
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { ...current, closed: inDays(5) })).json()).toEqual({
      closed: ['An open call’s closing date cannot be brought forward.'],
    });
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { ...current, closed: inDays(30), selected: inDays(25) })).json()).toEqual({
      selected: ['The selection date must come after the closing date.'],
    });
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { ...current, closed: inDays(12) })).statusCode).toBe(200);
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { ...current, status: 'examination' })).statusCode).toBe(400);
    expect((await (await as(stranger)).put(`/api/v1/invites/${call.id}/`, current)).statusCode).toBe(403);
    expect((await (await as(null)).put(`/api/v1/invites/${call.id}/`, current)).statusCode).toBe(403);

    // The closing date passes: examination by itself; the owner publishes the selection.
    await app.db
      .update(invites)
      .set({ closed: new Date(Date.now() - 1000) })
      .where(eq(invites.id, call.id));
    expect((await (await as(null)).get(`/api/v1/invites/${call.id}/`)).json().status).toBe('examination');
    await brandAgent.put(`/api/v1/invite-applications/${applied.json().id}/`, { selected: true });
    const published = await brandAgent.put(`/api/v1/invites/${call.id}/`, { ...current, status: 'selection' });
    expect(published.json()).toMatchObject({ status: 'selection' });
    expect((await (await as(null)).get(`/api/v1/invites/${call.id}/artworks/?selected=true`)).json().count).toBe(0);
  });
});

describe('dates a call may hold (issue #19)', () => {
  it('takes years 1900 to 9998 only, a future closing date when it is set or moved, and says why a closed call’s dates stay', async () => {
    const brandAgent = await as(brand);
    const koAgent = await as(brand, 'ko');
    const base = { title: 'Dated call', closed: inDays(10) };
    for (const closed of ['1899-12-31T00:00:00Z', '9999-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z']) {
      const bad = await brandAgent.post('/api/v1/invites/', { ...base, closed });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ closed: ['Enter a date between the years 1900 and 9998.'] });
    }
    expect((await koAgent.post('/api/v1/invites/', { ...base, selected: '9999-12-31T00:00:00Z' })).json()).toEqual({
      selected: ['1900년부터 9998년 사이의 날짜를 입력하세요.'],
    });
    expect((await brandAgent.post('/api/v1/invites/', { ...base, closed: 'soon' })).json()).toEqual({ closed: ['Enter a valid date.'] });
    // The last year is still a date (a far selection date is odd, not wrong).
    expect((await brandAgent.post('/api/v1/invites/', { ...base, selected: '9998-12-31T00:00:00Z' })).statusCode).toBe(201);

    // A closing date in the past, when set or moved, is refused; left as it is, it is not judged again.
    expect((await koAgent.post('/api/v1/invites/', { ...base, closed: inDays(-1) })).json()).toEqual({ closed: ['마감일은 지금 이후로 정하세요.'] });
    const call = (await brandAgent.post('/api/v1/invites/', base)).json();
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { title: 'Dated call', closed: inDays(-2) })).json()).toEqual({
      closed: ['The closing date must be in the future.'],
    });
    // Under examination (its closing date passed) the owner still edits the texts; the dates say why they stay.
    await (await as(staff)).post(`/api/v1/invites/${call.id}/approve/`);
    await app.db
      .update(invites)
      .set({ closed: new Date(Date.now() - 60_000) })
      .where(eq(invites.id, call.id));
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { title: 'Dated call, renamed' })).json()).toMatchObject({ status: 'examination' });
    const locked = await koAgent.put(`/api/v1/invites/${call.id}/`, { title: 'Dated call', closed: inDays(30) });
    expect(locked.json()).toEqual({ closed: ['마감된 공모의 날짜는 바꿀 수 없습니다. 글과 페이지는 계속 고칠 수 있습니다.'] });
    expect((await brandAgent.put(`/api/v1/invites/${call.id}/`, { title: 'Dated call', closed: inDays(30) })).json()).toEqual({
      closed: ['A closed call’s dates can no longer change. Its texts and pages can still be edited.'],
    });
    // Staff may record the dates of a call already judged.
    const record = await (await as(staff)).put(`/api/v1/invites/${call.id}/`, { title: 'Dated call', closed: inDays(-5), selected: inDays(-1) });
    expect(record.statusCode).toBe(200);
    // The submissions' day filters keep the same years.
    expect((await brandAgent.get(`/api/v1/invites/${call.id}/artworks/?submitted_from=1800-01-01`)).json()).toEqual({
      submitted_from: ['Enter a date between the years 1900 and 9998.'],
    });
  });
});

describe('what users wrote, quoted in the invites’ mails (issue #19)', () => {
  it('shows the links of a call’s title and of a staff note as text; only the product’s links are live', async () => {
    const owner = await buildUser(app, { language: 'en' });
    const call = await buildInvite(app, owner, { status: 'review', title: 'Posters for https://brand.example.com', closed: new Date(Date.now() + 86_400_000) });
    await (await as(staff)).post(`/api/v1/invites/${call.id}/return/`, { note: 'Put the rules on www.rules.example.org' });
    const [mail] = await mailsTo(owner.email);
    expect(mail.subject).toBe('[AXOO] Your call "Posters for hxxps[://]brand[.]example[.]com" needs changes');
    expect(mail.text).toContain('Put the rules on www[.]rules[.]example[.]org');
    expect([...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([`${site}/goodluck/${call.id}/edit/`]);
  });
});

describe('subscriptions that do something (issue #19)', () => {
  it('tells subscribers when a call opens, 3 days before it closes and when its selection is out, each once, in their language', async () => {
    const owner = await buildPremium(app);
    const call = await buildInvite(app, owner, { status: 'review', closed: new Date(Date.now() + 10 * 86_400_000) });
    const fan = await buildUser(app, { language: 'ko', name: '구독자' });
    const fanAgent = await as(fan);
    expect((await fanAgent.post('/api/v1/invite-subscriptions/', { invite: call.id })).statusCode).toBe(201);
    await (await as(staff)).post(`/api/v1/invites/${call.id}/approve/`);

    const closed = new Date(Date.now() + 10 * 86_400_000);
    // Nothing to tell a week before; two passes inside the 3 days tell once.
    expect(await remindClosingInvites(app, site, new Date(closed.getTime() - 7 * 86_400_000))).toBe(0);
    await remindClosingInvites(app, site, new Date(closed.getTime() - CLOSING_NOTICE_MS + 60_000));
    await remindClosingInvites(app, site, new Date(closed.getTime() - CLOSING_NOTICE_MS + 120_000));
    await app.db.update(invites).set({ status: 'examination' }).where(eq(invites.id, call.id));
    const publish = { owner: owner.id, title: call.title, status: 'selection' };
    await (await as(staff)).put(`/api/v1/invites/${call.id}/`, publish);
    await (await as(staff)).put(`/api/v1/invites/${call.id}/`, { ...publish, status: 'examination' });
    await (await as(staff)).put(`/api/v1/invites/${call.id}/`, publish);

    // Mails are sent by the queue in any order: compare them as a set.
    const mails = await mailsTo(fan.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [`[AXOO] "${call.title}" 공모가 시작되었습니다`, `[AXOO] "${call.title}" 마감 3일 전입니다`, `[AXOO] "${call.title}" 선정 결과가 발표되었습니다`].sort(),
    );
    const opened = mails.find((m) => m.subject?.endsWith('시작되었습니다'));
    expect(opened?.text).toContain('구독자님');
    // mailparser reads List-* headers into `list`.
    expect(JSON.stringify(opened?.headers.get('list'))).toContain(`${site}/api/v1/invite-subscriptions/one-click/?u=${fan.id}&i=${call.id}&t=`);
    expect(opened?.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(opened?.text).toContain(`${site}/goodluck/unsubscribe/?u=${fan.id}&i=${call.id}&t=`);
    const notices = await app.db.select().from(notifications).where(eq(notifications.userId, fan.id));
    expect(notices.map((n) => n.type).sort()).toEqual(['invite_closing', 'invite_opened', 'invite_selection']);
  });

  it('ends a subscription from the mailed link without a login; a forged or borrowed token is refused', async () => {
    const call = await buildInvite(app, staff, { status: 'review' });
    const [fan, other] = [await buildUser(app), await buildUser(app)];
    for (const user of [fan, other]) await (await as(user)).post('/api/v1/invite-subscriptions/', { invite: call.id });
    await (await as(staff)).post(`/api/v1/invites/${call.id}/approve/`);
    const [opened] = await mailsTo(fan.email);
    const link = new URL(/https?:\/\/\S+\/goodluck\/unsubscribe\/\S+/.exec(opened.text ?? '')?.[0] ?? '');
    const token = link.searchParams.get('t') ?? '';
    expect(Number(link.searchParams.get('u'))).toBe(fan.id);

    const guest = await as(null);
    const subscribed = async (user: UserRow) =>
      (
        await app.db
          .select()
          .from(inviteSubscriptions)
          .where(and(eq(inviteSubscriptions.inviteId, call.id), eq(inviteSubscriptions.userId, user.id)))
      ).length;
    // The fan's token for the other subscriber, or a changed one, does nothing.
    const borrowed = await guest.post('/api/v1/invite-subscriptions/unsubscribe/', { user: other.id, invite: call.id, token });
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json()).toEqual({ detail: 'This unsubscribe link is not valid.' });
    expect((await guest.post('/api/v1/invite-subscriptions/unsubscribe/', { user: fan.id, invite: call.id, token: `${token.slice(0, -1)}A` })).statusCode).toBe(
      403,
    );
    expect(await subscribed(other)).toBe(1);
    const done = await guest.post('/api/v1/invite-subscriptions/unsubscribe/', { user: fan.id, invite: call.id, token });
    expect(done.json()).toEqual({ invite: call.id, title: call.title });
    expect(await subscribed(fan)).toBe(0);
    expect(await subscribed(other)).toBe(1);
  });
});

describe('one-click unsubscribe from the mail header (issue #19, RFC 8058)', () => {
  it('ends the subscription on a form POST with no cookie or CSRF token; a GET only leads to the page; a bad token or body changes nothing', async () => {
    const call = await buildInvite(app, staff, { status: 'review' });
    const fan = await buildUser(app);
    await (await as(fan)).post('/api/v1/invite-subscriptions/', { invite: call.id });
    await (await as(staff)).post(`/api/v1/invites/${call.id}/approve/`);
    const [opened] = await mailsTo(fan.email);
    const header = opened.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    const address = new URL(/https?:\/\/[^>"\s]+/.exec(header)?.[0] ?? '');
    expect(address.pathname).toBe('/api/v1/invite-subscriptions/one-click/');
    const path = `${address.pathname}${address.search}`;
    const subscribed = async () =>
      (
        await app.db
          .select()
          .from(inviteSubscriptions)
          .where(and(eq(inviteSubscriptions.inviteId, call.id), eq(inviteSubscriptions.userId, fan.id)))
      ).length;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    // A link scanner's GET changes nothing: it is sent on to the page, which asks the API itself.
    const get = await app.inject({ method: 'GET', url: path });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/goodluck/unsubscribe/${address.search}`);
    expect(await subscribed()).toBe(1);
    // Another body, or a changed token, is refused.
    const wrongBody = await app.inject({ method: 'POST', url: path, headers: { ...form, 'accept-language': 'en' }, payload: 'List-Unsubscribe=Yes' });
    expect(wrongBody.statusCode).toBe(400);
    expect(wrongBody.json()).toEqual({ 'List-Unsubscribe': ['The body must be List-Unsubscribe=One-Click.'] });
    const forged = path.replace(/t=([^&]+)/, (_, t: string) => `t=${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`);
    expect((await app.inject({ method: 'POST', url: forged, headers: form, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(403);
    expect(await subscribed()).toBe(1);

    // The mail client's POST: no cookie, no CSRF header, from no page at all.
    const done = await app.inject({ method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ invite: call.id, title: call.title });
    expect(await subscribed()).toBe(0);
    // Twice is still fine (the client may retry).
    expect((await app.inject({ method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(200);
  });
});

describe('every entry, paged, with the owner’s filters (issue #19)', () => {
  it('pages 250 entries fully for the owner and staff, and filters by selection, category and date, newest or oldest first', async () => {
    const owner = await buildUser(app);
    const call = await buildInvite(app, owner);
    const artist = await buildPremium(app);
    const base = Date.now() - 300 * 60_000;
    const ids: number[] = [];
    for (let i = 0; i < 250; i++) {
      const work = await buildArtwork(app, artist, { categoryCodes: [i % 5 === 0 ? 'illustration' : 'painting'] });
      ids.push(work.id);
      await app.db.insert(inviteApplications).values({ inviteId: call.id, artworkId: work.id, selected: i % 10 === 0, created: new Date(base + i * 60_000) });
    }
    for (const manager of [owner, staff]) {
      const agent = await as(manager);
      const seen: number[] = [];
      let next: string | null = `/api/v1/invites/${call.id}/artworks/?limit=24`;
      while (next) {
        const page: { count: number; next: string | null; results: { id: number }[] } = (await agent.get(next.replace(/^https?:\/\/[^/]+/, ''))).json();
        expect(page.count).toBe(250);
        seen.push(...page.results.map((a) => a.id));
        next = page.next;
      }
      expect(seen).toEqual([...ids].reverse());
    }
    const agent = await as(owner);
    const list = async (query: string) => (await agent.get(`/api/v1/invites/${call.id}/artworks/?limit=100&${query}`)).json();
    expect((await list('selection=selected')).count).toBe(25);
    expect((await list('selection=unselected')).count).toBe(225);
    expect((await list('category=illustration')).count).toBe(50);
    expect((await list('ordering=oldest')).results[0].id).toBe(ids[0]);
    const day = new Date(base + 200 * 60_000).toISOString().slice(0, 10);
    const onDay = await list(`submitted_from=${day}&submitted_until=${day}`);
    expect(onDay.count).toBeGreaterThan(0);
    for (const a of onDay.results) expect(ids.indexOf(a.id)).toBeGreaterThanOrEqual(0);
    expect((await agent.get(`/api/v1/invites/${call.id}/artworks/?submitted_from=yesterday`)).json()).toEqual({ submitted_from: ['Enter a valid date.'] });
    // Strangers still get no list, filters or not.
    expect((await (await as(stranger)).get(`/api/v1/invites/${call.id}/artworks/?selection=selected`)).statusCode).toBe(403);
    expect(await app.db.$count(artworks)).toBeGreaterThan(250);
  });
});

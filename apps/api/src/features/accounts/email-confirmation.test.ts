import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CONFIRM_TTL_HOURS } from '@axoo/contract';
import { agentAt, buildTestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { agentAs, mailsTo } from '../../../test/outbox.ts';
import { users } from '../../db/schema/index.ts';
import { checkEmailToken, makeEmailToken, tokenUserId } from '../../domain/users/email-confirmation.ts';
import { LIMITS } from './throttle.ts';

/**
 * Issue #33.7: e-mail confirmation of accounts (voting needs a confirmed address). Sign-up still logs in at once
 * (SPEC §7) and mails a signed link; the link confirms once, before it expires, and only the address it was made for;
 * a new address is unconfirmed and mailed again; the account settings ask for another link, a few an hour.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ TRUST_PROXY: 1, JOBS_POLL_MS: 0 });
});
afterAll(() => app.close());

let n = 0;
const agentFrom = (lang: 'ko' | 'en' = 'en') => agentAt(app, `10.9.${Math.floor(++n / 250)}.${n % 250}`, lang);
const HOUR = 3_600_000;

function signupBody(k: number) {
  return {
    email: `confirm${k}@example.com`,
    password: 'Secret123',
    name: '홍길동',
    phone: '',
    username: `confirm.user${k}`,
    date_of_birth: '1995-05-05',
    gender: 'Female',
    categories: ['painting'],
  };
}

/** The token of the last confirmation link mailed to the address. */
async function linkTo(address: string) {
  const mails = await mailsTo(app, address);
  const last = mails.at(-1);
  const m = /\/accounts\/confirm-email\/([\w-]+)\//.exec(last?.text ?? '');
  if (!m || !last) throw new Error(`no confirmation link mailed to ${address}`);
  return { token: m[1], mail: last, count: mails.length };
}

const confirmedAt = async (id: number) => (await app.db.select({ c: users.emailConfirmed }).from(users).where(eq(users.id, id)))[0].c;

describe('e-mail confirmation (issue #33.7)', () => {
  it('sign-up logs in at once, unconfirmed, and mails a signed link in the account’s language that confirms once', async () => {
    const agent = agentFrom('ko');
    const body = signupBody(1);
    const res = await agent.post('/api/v1/users/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email, email_confirmed: false });
    expect((await agent.get('/api/v1/users/me/')).json()).toMatchObject({ email_confirmed: false });
    const { token, mail } = await linkTo(body.email);
    expect(mail.subject).toBe('[AXOO] 이메일 주소를 인증해 주세요');
    expect(mail.text).toContain(`${EMAIL_CONFIRM_TTL_HOURS}시간`);

    // The link works without a login (another browser), once.
    const guest = agentFrom('ko');
    const done = await guest.post('/api/v1/users/confirm-email/', { token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: '이메일 주소가 인증되었습니다.' });
    expect((await agent.get('/api/v1/users/me/')).json()).toMatchObject({ email_confirmed: true });
    const again = await guest.post('/api/v1/users/confirm-email/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['이미 사용한 인증 링크입니다. 이메일 주소는 인증되어 있습니다.'] });
  });

  it('refuses an expired, altered or another account’s token, and bad input, with 400 in the asker’s language', async () => {
    const user = await buildUser(app);
    const agent = agentFrom('en');
    const expired = makeEmailToken(app.config.SECRET_KEY, user, Date.now() - (EMAIL_CONFIRM_TTL_HOURS * HOUR + 60_000));
    const invalid = { token: ['The confirmation link is invalid or has expired. Ask for a new one in your account settings.'] };
    expect((await agent.post('/api/v1/users/confirm-email/', { token: expired })).json()).toEqual(invalid);
    // Still within its lifetime: it works (the bound is the lifetime, not the test's clock).
    expect(
      checkEmailToken(app.config.SECRET_KEY, user, makeEmailToken(app.config.SECRET_KEY, user, Date.now() - (EMAIL_CONFIRM_TTL_HOURS * HOUR - 60_000))),
    ).toBe(true);
    const good = makeEmailToken(app.config.SECRET_KEY, user);
    const other = await buildUser(app);
    const swapped = good.replace(/^\d+-/, `${other.id}-`);
    expect(tokenUserId(swapped)).toBe(other.id);
    const altered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [swapped, altered, 'nonsense', `${user.id}-zz-${'x'.repeat(43)}`]) {
      const res = await agent.post('/api/v1/users/confirm-email/', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalid);
    }
    const ko = agentFrom('ko');
    expect((await ko.post('/api/v1/users/confirm-email/', {})).json()).toEqual({ token: ['필수 항목입니다.'] });
    expect((await ko.post('/api/v1/users/confirm-email/', { token: 'x'.repeat(81) })).json()).toEqual({
      token: ['인증 링크가 올바르지 않거나 만료되었습니다. 계정 설정에서 인증 메일을 다시 받으세요.'],
    });
    expect((await ko.post('/api/v1/users/confirm-email/', { token: 12 })).statusCode).toBe(400);
    expect(await confirmedAt(user.id)).toBeNull();
    expect((await agent.post('/api/v1/users/confirm-email/', { token: good })).statusCode).toBe(200);
    expect(await confirmedAt(user.id)).toBeInstanceOf(Date);
  });

  it('a new address resets the confirmation and is mailed a link; the old address’s link dies; a change of case keeps it', async () => {
    const user = await buildUser(app, { emailConfirmed: new Date(), language: 'en' });
    const agent = await agentAs(app, user, 'en');
    const oldToken = makeEmailToken(app.config.SECRET_KEY, user);
    const upper = user.email.toUpperCase();
    expect((await agent.put(`/api/v1/users/${user.id}/`, { email: upper })).json()).toMatchObject({ email: upper, email_confirmed: true });
    const address = `moved${user.id}@example.com`;
    const res = await agent.put(`/api/v1/users/${user.id}/`, { email: address });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: address, email_confirmed: false });
    expect(await confirmedAt(user.id)).toBeNull();
    const { token, mail } = await linkTo(address);
    expect(mail.subject).toBe('[AXOO] Confirm your e-mail address');
    expect((await agent.post('/api/v1/users/confirm-email/', { token: oldToken })).statusCode).toBe(400);
    expect((await agent.post('/api/v1/users/confirm-email/', { token })).statusCode).toBe(200);
    expect((await agent.get('/api/v1/users/me/')).json()).toMatchObject({ email: address, email_confirmed: true });
  });

  it('the settings ask for another link: logged in only, a few an hour (429 in the user’s language), 400 once confirmed', async () => {
    expect((await (await agentAs(app, null)).post('/api/v1/users/me/confirm-email/')).statusCode).toBe(403);
    const user = await buildUser(app, { language: 'ko' });
    const agent = await agentAs(app, user, 'ko');
    for (let i = 0; i < LIMITS.confirmMailPerUser.max; i++) {
      const res = await agent.post('/api/v1/users/me/confirm-email/');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: `인증 메일을 ${user.email} 주소로 보냈습니다. 메일의 링크를 열어 주세요.` });
    }
    const limited = await agent.post('/api/v1/users/me/confirm-email/');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^인증 메일 요청이 너무 많습니다\. \d+분 후에 다시 시도하세요\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const { token, count } = await linkTo(user.email);
    expect(count).toBe(LIMITS.confirmMailPerUser.max);
    expect((await agent.post('/api/v1/users/confirm-email/', { token })).statusCode).toBe(200);

    const confirmed = await buildUser(app, { emailConfirmed: new Date() });
    const res = await (await agentAs(app, confirmed, 'en')).post('/api/v1/users/me/confirm-email/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Your e-mail address is already confirmed.'] });
    expect(await mailsTo(app, confirmed.email)).toEqual([]);
  });
});

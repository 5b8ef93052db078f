import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, agentAt, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, PASSWORD } from '../../../test/factories.ts';
import { artworks, sessions, users } from '../../db/schema/index.ts';
import { hashPassword } from './passwords.ts';
import { createOrPromoteStaff } from './service.ts';
import { LIMITS } from './throttle.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from './tokens.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ TRUST_PROXY: 1 });
});
afterAll(() => app.close());

let n = 0;
/** A distinct client address per test, so the per-IP limits of one test do not touch another. */
const ip = () => `10.0.${Math.floor(++n / 250)}.${n % 250}`;
/** A client at an address of its own. */
const agentFrom = (lang: 'ko' | 'en' = 'en') => agentAt(app, ip(), lang);

function signupBody(o: Record<string, unknown> = {}) {
  const k = ++n;
  return {
    email: `new${k}@example.com`,
    password: 'Secret123',
    name: '홍길동',
    phone: '010-1234-5678',
    username: `new.user${k}`,
    date_of_birth: '1995-05-05',
    gender: 'Female',
    categories: ['painting'],
    ...o,
  };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const login = (agent: Agent, email: string, password: string) =>
  agent.post('/accounts/login/', form({ email, password }), { 'content-type': 'application/x-www-form-urlencoded' });

const sessionCount = async (userId: number) => (await app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

function outboxFiles(): string[] {
  try {
    return readdirSync(app.config.outboxDir).sort();
  } catch {
    return [];
  }
}
async function lastMailTo(address: string) {
  await app.jobs.drain();
  for (const file of outboxFiles().reverse()) {
    const mail = await simpleParser(readFileSync(join(app.config.outboxDir, file)));
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    if (to?.value[0]?.address === address) return mail;
  }
  return null;
}
const resetLink = (text: string) => {
  const m = /\/accounts\/reset\/([\w-]+)\/([\w-]+)\//.exec(text);
  if (!m) throw new Error('no reset link in mail');
  return { uidb64: m[1], token: m[2] };
};

describe('sign up (SPEC §5, §7 POST /api/v1/users/)', () => {
  it('creates the user, logs them in and answers the current user', async () => {
    const agent = agentFrom('en');
    const body = signupBody();
    const res = await agent.post('/api/v1/users/', body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: body.email,
      username: body.username,
      slug: body.username.replaceAll('.', ''),
      name: '홍길동',
      phone: '010-1234-5678',
      date_of_birth: '1995-05-05',
      gender: 'Female',
      is_staff: false,
      is_premium: false,
      categories: [{ category: 'painting', name: 'Painting' }],
      language: 'en',
    });
    expect(user).not.toHaveProperty('password');
    expect(agent.cookies.get('sessionid')).toBeTruthy();
    const me = await agent.get('/api/v1/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    expect((await agent.get('/api/v1/site/')).json().user.id).toBe(user.id);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.lastLogin).not.toBeNull();
  });

  it('stores the request language for mails and accepts a missing phone and categories', async () => {
    const agent = agentFrom('ko');
    const { phone: _p, categories: _c, ...body } = signupBody();
    const res = await agent.post('/api/v1/users/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: '', categories: [], language: 'ko' });
  });

  it.each(['email', 'password', 'name', 'username', 'date_of_birth', 'gender'])('requires %s, in both languages', async (field) => {
    for (const [lang, message] of [
      ['en', 'This field is required.'],
      ['ko', '필수 항목입니다.'],
    ] as const) {
      const body: Record<string, unknown> = signupBody();
      delete body[field];
      const res = await agentFrom(lang).post('/api/v1/users/', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [field]: [message] });
    }
  });

  it.each([
    ['Sh0rtPw', 'Your password must contain at least 8 characters.', '비밀번호는 8자 이상이어야 합니다.'],
    ['lowercase123', 'Your password must contain at least one uppercase letter.', '비밀번호에 영문 대문자를 1개 이상 포함하세요.'],
    ['UPPERCASE123', 'Your password must contain at least one lowercase letter.', '비밀번호에 영문 소문자를 1개 이상 포함하세요.'],
    ['NoDigitsHere', 'Your password must contain at least one digit.', '비밀번호에 숫자를 1개 이상 포함하세요.'],
  ])('refuses the password %s with the rule it breaks', async (password, en, ko) => {
    const resEn = await agentFrom('en').post('/api/v1/users/', signupBody({ password }));
    expect(resEn.statusCode).toBe(400);
    expect(resEn.json()).toEqual({ password: [en] });
    const resKo = await agentFrom('ko').post('/api/v1/users/', signupBody({ password }));
    expect(resKo.json()).toEqual({ password: [ko] });
  });

  it('lists every broken password rule at once', async () => {
    const res = await agentFrom('en').post('/api/v1/users/', signupBody({ password: 'abc' }));
    expect(res.json().password).toHaveLength(3);
  });

  it.each(['admin', 'Gallery', 'a.p.i', 'login', 'signup', 'goodluck', 'ACCOUNTS', 'media', 'upload', 'about', 'artwork'])(
    'refuses the reserved username %s',
    async (username) => {
      const res = await agentFrom('en').post('/api/v1/users/', signupBody({ username }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: ['This username is not available.'] });
    },
  );

  it.each(['bad name', 'slash/name', '한글이름', '...', 'a+b'])('refuses the username %s', async (username) => {
    const res = await agentFrom('ko').post('/api/v1/users/', signupBody({ username }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['영문, 숫자와 . @ _ - 만 사용할 수 있습니다.'] });
  });

  it('accepts every allowed username character', async () => {
    const k = ++n;
    const res = await agentFrom().post('/api/v1/users/', signupBody({ username: `Kim.Min-ji_${k}@art` }));
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toBe(`kimmin-ji_${k}@art`);
  });

  it('refuses a duplicate e-mail (any case) and a username whose slug is taken', async () => {
    const k = ++n;
    const first = signupBody({ username: `Taken.Name${k}` });
    expect((await agentFrom().post('/api/v1/users/', first)).statusCode).toBe(201);
    const res = await agentFrom().post('/api/v1/users/', signupBody({ email: first.email.toUpperCase(), username: `takenname${k}` }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['A user with that email already exists.'], username: ['A user with that username already exists.'] });
    const ko = await agentFrom('ko').post('/api/v1/users/', signupBody({ email: first.email }));
    expect(ko.json()).toEqual({ email: ['이미 가입된 이메일입니다.'] });
  });

  it('refuses a bad e-mail, gender, phone, date of birth and unknown categories with field messages', async () => {
    const res = await agentFrom('en').post(
      '/api/v1/users/',
      signupBody({ email: 'not-an-email', gender: 'Unknown', phone: 'call me', date_of_birth: '1995-02-30' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Enter a valid email address.'],
      gender: ['Select a valid choice.'],
      phone: ['Enter a valid phone number.'],
      date_of_birth: ['Enter a valid date.'],
    });
    const future = await agentFrom('en').post('/api/v1/users/', signupBody({ date_of_birth: '2999-01-01' }));
    expect(future.json()).toEqual({ date_of_birth: ['Enter a valid date of birth.'] });
    const cats = await agentFrom('en').post('/api/v1/users/', signupBody({ categories: ['no-such-category'] }));
    expect(cats.json()).toEqual({ categories: ['Select a valid choice.'] });
    const many = await agentFrom('en').post('/api/v1/users/', signupBody({ categories: ['painting', 'illustration', 'photography'] }));
    expect(many.json()).toEqual({ categories: ['Choose at most 2.'] });
    const long = await agentFrom('en').post('/api/v1/users/', signupBody({ name: 'x'.repeat(101) }));
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
  });
});

describe('login and logout (SPEC §7 /accounts/login/, /accounts/logout/)', () => {
  it('logs in with form fields, rotates the session id and answers {user}', async () => {
    const user = await buildUser(app);
    const agent = agentFrom();
    await loginAs(agent, user);
    const before = agent.cookies.get('sessionid');
    const res = await login(agent, user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: user.email });
    const after = agent.cookies.get('sessionid');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The old id no longer opens a session.
    const stale = agentFrom();
    stale.cookies.set('sessionid', before as string);
    expect((await stale.get('/api/v1/users/me/')).statusCode).toBe(403);
    expect((await agent.get('/api/v1/users/me/')).json().id).toBe(user.id);
    expect(await sessionCount(user.id)).toBe(1);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.lastLogin).not.toBeNull();
  });

  it('answers a wrong password and an unknown e-mail the same way, in the request language', async () => {
    const user = await buildUser(app);
    const wrong = await login(agentFrom('ko'), user.email, 'Wrong12345');
    const unknown = await login(agentFrom('ko'), 'nobody@example.com', 'Wrong12345');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ non_field_errors: ['아이디 또는 비밀번호를 확인해주세요.'] });
    expect(unknown.body).toBe(wrong.body);
    const en = await login(agentFrom('en'), user.email, 'Wrong12345');
    expect(en.json()).toEqual({ non_field_errors: ['Please check your email and password.'] });
    expect(en.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
  });

  it('spends as long on an unknown e-mail as on a wrong password', async () => {
    const user = await buildUser(app);
    const time = async (email: string) => {
      const t = performance.now();
      await login(agentFrom(), email, 'Wrong12345');
      return performance.now() - t;
    };
    await time(user.email);
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrong.push(await time(user.email));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    // Without the dummy verification an unknown address answers in ~1 ms against tens of ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it('requires e-mail and password', async () => {
    const res = await agentFrom('ko').post('/accounts/login/', form({}), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['필수 항목입니다.'], password: ['필수 항목입니다.'] });
  });

  it('refuses a login without the CSRF header', async () => {
    const agent = agentFrom();
    await agent.get('/healthz');
    const res = await agent.request({
      method: 'POST',
      url: '/accounts/login/',
      payload: form({ email: 'a@b.c', password: 'x' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });

  it('logs out: destroys the session (a POST with the CSRF check, issue #36)', async () => {
    const user = await buildUser(app);
    const agent = agentFrom();
    await login(agent, user.email, PASSWORD);
    expect(await sessionCount(user.id)).toBe(1);
    const res = await agent.post('/accounts/logout/');
    expect(res.statusCode).toBe(204);
    expect(agent.cookies.has('sessionid')).toBe(false);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await agent.get('/api/v1/users/me/')).statusCode).toBe(403);
  });

  it('answers /api/v1/users/me/ with 403 for a guest', async () => {
    const res = await agentFrom('en').get('/api/v1/users/me/');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('rate limits (issue #3)', () => {
  it(`locks an account after ${LIMITS.loginPerAccount.max} failed logins, whatever the IP, with Retry-After`, async () => {
    const user = await buildUser(app);
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) expect((await login(agentFrom(), user.email, 'Wrong12345')).statusCode).toBe(400);
    const res = await login(agentFrom('ko'), user.email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    expect(res.json().detail).toBe('로그인 시도가 너무 많습니다. 15분 후에 다시 시도하세요.');
    // Another account from the same place is not affected.
    const other = await buildUser(app);
    expect((await login(agentFrom(), other.email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets no more failed logins through than the limit when they arrive all at once (counted before checked, issue #13)', async () => {
    const user = await buildUser(app);
    const tries = LIMITS.loginPerAccount.max + 6;
    const answers = await Promise.all(Array.from({ length: tries }, () => login(agentFrom(), user.email, 'Wrong12345')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(LIMITS.loginPerAccount.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(tries - LIMITS.loginPerAccount.max);
    // The refused ones were not counted as failures of another kind: the next login is still refused, once.
    expect((await login(agentFrom(), user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('lets no more reset requests through than the limit when they arrive all at once', async () => {
    const user = await buildUser(app);
    const answers = await Promise.all(
      Array.from({ length: LIMITS.resetPerAddress.max + 4 }, () => agentFrom().post('/api/v1/users/password_reset/', { email: user.email })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(LIMITS.resetPerAddress.max);
  });

  it('does not count successful logins and forgets failures after a success', async () => {
    const user = await buildUser(app);
    for (let i = 0; i < LIMITS.loginPerAccount.max - 1; i++) await login(agentFrom(), user.email, 'Wrong12345');
    expect((await login(agentFrom(), user.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.loginPerAccount.max - 1; i++) await login(agentFrom(), user.email, 'Wrong12345');
    expect((await login(agentFrom(), user.email, PASSWORD)).statusCode).toBe(200);
  });

  it(`blocks an IP after ${LIMITS.loginPerIp.max} failed logins across accounts`, async () => {
    const agent = agentFrom('en');
    for (let i = 0; i < LIMITS.loginPerIp.max; i++) expect((await login(agent, `spray${i}@example.com`, 'Wrong12345')).statusCode).toBe(400);
    const user = await buildUser(app);
    const res = await login(agent, user.email, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().detail).toMatch(/^Too many login attempts\. Try again in \d+ minutes\.$/);
  });

  it(`allows ${LIMITS.resetPerAddress.max} reset requests per address and ${LIMITS.resetPerIp.max} per IP`, async () => {
    const user = await buildUser(app);
    for (let i = 0; i < LIMITS.resetPerAddress.max; i++) {
      expect((await agentFrom().post('/api/v1/users/password_reset/', { email: user.email })).statusCode).toBe(200);
    }
    const blocked = await agentFrom('ko').post('/api/v1/users/password_reset/', { email: user.email.toUpperCase() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().detail).toMatch(/비밀번호 재설정 요청이 너무 많습니다/);

    const agent = agentFrom();
    for (let i = 0; i < LIMITS.resetPerIp.max; i++) {
      expect((await agent.post('/api/v1/users/password_reset/', { email: `someone${i}@example.com` })).statusCode).toBe(200);
    }
    expect((await agent.post('/api/v1/users/password_reset/', { email: 'another@example.com' })).statusCode).toBe(429);
  });

  it('limits wrong old passwords on password change', async () => {
    const user = await buildUser(app);
    const agent = agentFrom();
    await loginAs(agent, user);
    for (let i = 0; i < LIMITS.passwordChangePerUser.max; i++) {
      const res = await agent.post(`/api/v1/users/${user.id}/password_change/`, { old_password: 'Wrong12345', password: 'Another123' });
      expect(res.statusCode).toBe(400);
    }
    const res = await agent.post(`/api/v1/users/${user.id}/password_change/`, { old_password: PASSWORD, password: 'Another123' });
    expect(res.statusCode).toBe(429);
  });
});

describe('password change (SPEC §7 password_change)', () => {
  it('checks the old password and the rules, then ends the other sessions only', async () => {
    const user = await buildUser(app);
    const here = agentFrom('ko');
    const elsewhere = agentFrom();
    await login(here, user.email, PASSWORD);
    await login(elsewhere, user.email, PASSWORD);
    expect(await sessionCount(user.id)).toBe(2);
    const url = `/api/v1/users/${user.id}/password_change/`;

    const wrong = await here.post(url, { old_password: 'Wrong12345', password: 'Another123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: ['기존 비밀번호가 올바르지 않습니다.'] });
    const weak = await here.post(url, { old_password: PASSWORD, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json())).toEqual(['password']);
    const missing = await here.post(url, {});
    expect(missing.json()).toEqual({ old_password: ['필수 항목입니다.'], password: ['필수 항목입니다.'] });

    const ok = await here.post(url, { old_password: PASSWORD, password: 'Another123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: '비밀번호가 변경되었습니다.' });
    expect((await here.get('/api/v1/users/me/')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/v1/users/me/')).statusCode).toBe(403);
    expect(await sessionCount(user.id)).toBe(1);
    expect((await login(agentFrom(), user.email, PASSWORD)).statusCode).toBe(400);
    expect((await login(agentFrom(), user.email, 'Another123')).statusCode).toBe(200);
  });

  it("refuses another user's account and guests", async () => {
    const owner = await buildUser(app);
    const other = await buildUser(app);
    const agent = agentFrom();
    await loginAs(agent, other);
    const res = await agent.post(`/api/v1/users/${owner.id}/password_change/`, { old_password: PASSWORD, password: 'Another123' });
    expect(res.statusCode).toBe(403);
    const guest = await agentFrom().post(`/api/v1/users/${owner.id}/password_change/`, { old_password: PASSWORD, password: 'Another123' });
    expect(guest.statusCode).toBe(403);
    expect((await login(agentFrom(), owner.email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset (SPEC §4, §7, §8)', () => {
  it('answers the same whether or not the address exists, and mails a link in the user’s language', async () => {
    const user = await buildUser(app, { language: 'ko' });
    const known = await agentFrom('en').post('/api/v1/users/password_reset/', { email: user.email });
    const unknown = await agentFrom('en').post('/api/v1/users/password_reset/', { email: `nobody${++n}@example.com` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ detail: 'We’ve emailed you instructions. Check your email inbox.' });
    const ko = await agentFrom('ko').post('/api/v1/users/password_reset/', { email: `nobody${++n}@example.com` });
    expect(ko.json().detail).toBe('비밀번호 재설정 안내를 이메일로 보냈습니다. 받은편지함을 확인하세요.');

    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe('[AXOO] 비밀번호 재설정 안내');
    expect(mail?.text).toMatch(/http:\/\/localhost(:\d+)?\/accounts\/reset\/[\w-]+\/[\w-]+\//);
    expect(mail?.html).toContain('/accounts/reset/');
    const en = await buildUser(app, { language: 'en' });
    await agentFrom('ko').post('/api/v1/users/password_reset/', { email: en.email });
    expect((await lastMailTo(en.email))?.subject).toBe('[AXOO] Reset your password');
  });

  it('refuses a malformed address with a field message', async () => {
    const res = await agentFrom('en').post('/api/v1/users/password_reset/', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('sets the password with the mailed token once, and ends every session', async () => {
    const user = await buildUser(app);
    const session = agentFrom();
    await login(session, user.email, PASSWORD);
    await agentFrom().post('/api/v1/users/password_reset/', { email: user.email });
    const mail = await lastMailTo(user.email);
    const { uidb64, token } = resetLink(mail?.text ?? '');
    expect(decodeUid(uidb64)).toBe(user.id);

    const weak = await agentFrom('en').post('/api/v1/users/reset/', { uidb64, token, password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json())).toEqual(['password']);

    const ok = await agentFrom('en').post('/api/v1/users/reset/', { uidb64, token, password: 'BrandNew123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Your password has been set. You may go ahead and log in now.' });
    expect(await sessionCount(user.id)).toBe(0);
    expect((await session.get('/api/v1/users/me/')).statusCode).toBe(403);
    expect((await login(agentFrom(), user.email, 'BrandNew123')).statusCode).toBe(200);

    const again = await agentFrom('ko').post('/api/v1/users/reset/', { uidb64, token, password: 'Another123' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      token: ['비밀번호 재설정 링크가 유효하지 않습니다. 이미 사용되었거나 만료되었을 수 있습니다. 새 링크를 요청하세요.'],
    });
  });

  it('kills a token when the user logs in or changes the password', async () => {
    const user = await buildUser(app);
    const token = makeResetToken(app.config.SECRET_KEY, user);
    const uidb64 = encodeUid(user.id);
    await login(agentFrom(), user.email, PASSWORD);
    const afterLogin = await agentFrom().post('/api/v1/users/reset/', { uidb64, token, password: 'BrandNew123' });
    expect(afterLogin.statusCode).toBe(400);
    expect(afterLogin.json()).toHaveProperty('token');

    const [fresh] = await app.db.select().from(users).where(eq(users.id, user.id));
    const second = makeResetToken(app.config.SECRET_KEY, fresh);
    await app.db
      .update(users)
      .set({ password: await hashPassword('Changed123') })
      .where(eq(users.id, user.id));
    const afterChange = await agentFrom().post('/api/v1/users/reset/', { uidb64, token: second, password: 'BrandNew123' });
    expect(afterChange.statusCode).toBe(400);
  });

  it('refuses expired, tampered and foreign tokens and bad ids with a token field', async () => {
    const user = await buildUser(app);
    const other = await buildUser(app);
    const ttl = app.config.RESET_TOKEN_TTL_SECONDS;
    const uidb64 = encodeUid(user.id);
    const valid = makeResetToken(app.config.SECRET_KEY, user);
    const expired = makeResetToken(app.config.SECRET_KEY, user, Date.now() - (ttl + 5) * 1000);
    const nearlyExpired = makeResetToken(app.config.SECRET_KEY, user, Date.now() - (ttl - 30) * 1000);
    const tampered = `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`;
    const [ts, sig] = valid.split('-');
    const movedTime = `${(Number.parseInt(ts, 36) + 1).toString(36)}-${sig}`;
    const cases = [
      { uidb64, token: expired },
      { uidb64, token: tampered },
      { uidb64, token: movedTime },
      { uidb64: encodeUid(other.id), token: valid },
      { uidb64: encodeUid(999_999), token: valid },
      { uidb64: '!!', token: valid },
      { uidb64, token: 'garbage' },
      { uidb64, token: makeResetToken('another-secret', user) },
    ];
    for (const c of cases) {
      const res = await agentFrom('en').post('/api/v1/users/reset/', { ...c, password: 'BrandNew123' });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['token']);
    }
    expect(checkResetToken(app.config.SECRET_KEY, user, nearlyExpired, ttl)).toBe(true);
    expect((await agentFrom().post('/api/v1/users/reset/', { uidb64, token: valid, password: 'BrandNew123' })).statusCode).toBe(200);
  });

  it('honours RESET_TOKEN_TTL_SECONDS', async () => {
    const short = await buildTestApp({ RESET_TOKEN_TTL_SECONDS: 60 });
    try {
      const user = await buildUser(short);
      const token = makeResetToken(short.config.SECRET_KEY, user, Date.now() - 120_000);
      const res = await new Agent(short).post('/api/v1/users/reset/', { uidb64: encodeUid(user.id), token, password: 'BrandNew123' });
      expect(res.statusCode).toBe(400);
      const fresh = makeResetToken(short.config.SECRET_KEY, user, Date.now() - 30_000);
      const ok = await new Agent(short).post('/api/v1/users/reset/', { uidb64: encodeUid(user.id), token: fresh, password: 'BrandNew123' });
      expect(ok.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('account deletion (SPEC §6, §7 DELETE /api/v1/users/{id}/)', () => {
  it('deletes the owner with everything they own and ends the session', async () => {
    const user = await buildUser(app);
    const artwork = await buildArtwork(app, user);
    const agent = agentFrom();
    await login(agent, user.email, PASSWORD);
    const res = await agent.delete(`/api/v1/users/${user.id}/`);
    expect(res.statusCode).toBe(204);
    expect(await app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await app.db.select().from(artworks).where(eq(artworks.id, artwork.id))).toHaveLength(0);
    expect(await sessionCount(user.id)).toBe(0);
    expect(agent.cookies.has('sessionid')).toBe(false);
    expect((await login(agentFrom(), user.email, PASSWORD)).statusCode).toBe(400);
  });

  it('refuses a premium member with the paid-membership notice', async () => {
    const member = await buildPremium(app);
    const agent = agentFrom('ko');
    await loginAs(agent, member);
    const res = await agent.delete(`/api/v1/users/${member.id}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/유료 멤버십 회원은 직접 탈퇴할 수 없습니다/);
    expect(await app.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
  });

  it("refuses another user's account and guests", async () => {
    const owner = await buildUser(app);
    const other = await buildUser(app);
    const agent = agentFrom();
    await loginAs(agent, other);
    expect((await agent.delete(`/api/v1/users/${owner.id}/`)).statusCode).toBe(403);
    expect((await agentFrom().delete(`/api/v1/users/${owner.id}/`)).statusCode).toBe(403);
    // A malformed path id names nothing: 404, as everywhere (docs/ARCHITECTURE.md, issue #28).
    expect((await agent.delete('/api/v1/users/abc/')).statusCode).toBe(404);
    expect(await app.db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
  });
});

describe('staff bootstrap (npm run create-staff)', () => {
  it('creates a staff user, promotes an existing one and grants membership with --premium', async () => {
    const email = `boss${++n}@example.com`;
    const created = await createOrPromoteStaff(app.db, { email, password: 'Staff1234' });
    expect(created.created).toBe(true);
    expect(created.user).toMatchObject({ email, isStaff: true, isPremium: false, username: `boss${n}` });
    expect((await login(agentFrom(), email, 'Staff1234')).statusCode).toBe(200);
    const premium = await createOrPromoteStaff(app.db, { email: email.toUpperCase(), premium: true });
    expect(premium).toMatchObject({ created: false, user: { id: created.user.id, isStaff: true, isPremium: true } });

    const existing = await buildUser(app);
    const promoted = await createOrPromoteStaff(app.db, { email: existing.email });
    expect(promoted.user).toMatchObject({ id: existing.id, isStaff: true, isPremium: false });

    const reserved = await createOrPromoteStaff(app.db, { email: `admin@${n}.example.com`, password: 'Staff1234' });
    expect(reserved.user.username).toBe('admin2');
  });
});

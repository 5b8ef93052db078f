import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sessions } from '../src/db/schema/index.ts';
import { LIMITS } from '../src/features/accounts/throttle.ts';
import { DEVICE_COOKIE } from '../src/http/devices.ts';
import { type Agent, agentAt, buildTestApp } from './app.ts';
import { buildUser, loginAs, PASSWORD } from './factories.ts';

/**
 * Issue #36, what an attacker tried: lock-outs (3), listing accounts and unlimited sign-ups (4), reset links built from
 * the Host header (5), logout by a link and CSRF tokens not bound to the session (7), Fastify's own error bodies (8).
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ TRUST_PROXY: 1, JOBS_POLL_MS: 0 });
});
afterAll(() => app.close());

let n = 0;
const ip = () => `10.36.${Math.floor(++n / 250)}.${n % 250}`;
/** A client at an address of its own. */
const agentFrom = (lang: 'ko' | 'en' = 'en') => agentAt(app, ip(), lang);
const login = (agent: Agent, email: string, password: string) =>
  agent.post('/accounts/login/', new URLSearchParams({ email, password }).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
const signupBody = (o: Record<string, unknown> = {}) => {
  const k = `${++n}${randomBytes(3).toString('hex')}`;
  return {
    email: `hard${k}@example.com`,
    password: 'Secret123',
    name: 'Hard',
    username: `hard.${k}`,
    date_of_birth: '1995-05-05',
    gender: 'Female',
    categories: ['painting'],
    ...o,
  };
};
const sessionsOf = async (userId: number) => (await app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('3. strangers cannot lock the owner out', () => {
  it('the owner gets in from a new address during the attack; the attacker, right password or not, stays locked', async () => {
    const user = await buildUser(app);
    const owner = agentFrom();
    expect((await login(owner, user.email, PASSWORD)).statusCode).toBe(200);
    expect(owner.cookies.get(DEVICE_COOKIE)).toBeTruthy();
    expect((await owner.post('/accounts/logout/')).statusCode).toBe(204);

    // Ten failures from ten addresses: the account is locked for strangers.
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) expect((await login(agentFrom(), user.email, 'Wrong12345')).statusCode).toBe(400);
    expect((await login(agentFrom(), user.email, PASSWORD)).statusCode).toBe(429);

    // The owner's browser, on a new address: in.
    const travelling = agentFrom();
    travelling.cookies.set(DEVICE_COOKIE, owner.cookies.get(DEVICE_COOKIE) as string);
    expect((await login(travelling, user.email, PASSWORD)).statusCode).toBe(200);
    // The owner's success did not reopen the account to strangers.
    expect((await login(agentFrom(), user.email, 'Wrong12345')).statusCode).toBe(429);
    // Another account's cookie is worth nothing here.
    const other = await buildUser(app);
    const elsewhere = agentFrom();
    expect((await login(elsewhere, other.email, PASSWORD)).statusCode).toBe(200);
    const forged = agentFrom();
    forged.cookies.set(DEVICE_COOKIE, elsewhere.cookies.get(DEVICE_COOKIE) as string);
    expect((await login(forged, user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('a known browser still has its own limit per address', async () => {
    const user = await buildUser(app);
    const owner = agentFrom();
    expect((await login(owner, user.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.loginPerKnownDevice.max; i++) expect((await login(owner, user.email, 'Wrong12345')).statusCode).toBe(400);
    expect((await login(owner, user.email, PASSWORD)).statusCode).toBe(429);
  });
});

describe('4. sign-ups and "e-mail taken" answers are limited per address; reset requests do the same work either way', () => {
  it(`allows ${LIMITS.signupPerIp.max} sign-ups from one address in an hour, then 429 in the asker's language`, async () => {
    const agent = agentFrom('ko');
    for (let i = 0; i < LIMITS.signupPerIp.max; i++) {
      agent.cookies.clear();
      expect((await agent.post('/api/v1/users/', signupBody())).statusCode).toBe(201);
    }
    agent.cookies.clear();
    const refused = await agent.post('/api/v1/users/', signupBody());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(/가입 시도가 너무 많습니다/);
    // Another address is not affected.
    expect((await agentFrom().post('/api/v1/users/', signupBody())).statusCode).toBe(201);
  });

  it('counts "e-mail taken" answers: listing registered addresses stops after the limit, and says nothing after it', async () => {
    const known = await Promise.all(Array.from({ length: LIMITS.signupPerIp.max + 1 }, () => buildUser(app)));
    const lister = agentFrom();
    // A refusal for another reason (a field at fault, a taken username) does not count.
    const taken = await buildUser(app);
    for (let i = 0; i < 3; i++) expect((await lister.post('/api/v1/users/', signupBody({ username: taken.username }))).statusCode).toBe(400);
    for (let i = 0; i < LIMITS.signupPerIp.max; i++) {
      const res = await lister.post('/api/v1/users/', signupBody({ email: known[i].email }));
      expect(res.statusCode).toBe(400);
      expect(res.json().email).toBeDefined();
    }
    const last = await lister.post('/api/v1/users/', signupBody({ email: known[LIMITS.signupPerIp.max].email }));
    expect(last.statusCode).toBe(429);
    expect(last.json().email).toBeUndefined();
    expect((await lister.post('/api/v1/users/', signupBody())).statusCode).toBe(429);
  });

  it('a reset request for a known and an unknown address sends the same statements and queues one job each', async () => {
    const user = await buildUser(app);
    const statements = async (email: string) => {
      const before = app.database.statements.count;
      const jobsBefore = await app.db.$count(jobs);
      expect((await agentFrom().post('/api/v1/users/password_reset/', { email })).statusCode).toBe(200);
      return { statements: app.database.statements.count - before, jobs: (await app.db.$count(jobs)) - jobsBefore - 1 };
    };
    // No worker runs here (JOBS_POLL_MS 0): nothing but the request sends statements between the counts.
    const knownCost = await statements(user.email);
    const unknownCost = await statements(`nobody-${randomBytes(4).toString('hex')}@example.com`);
    expect(knownCost).toEqual(unknownCost);
    expect(knownCost.jobs).toBe(0);
  });
});

describe('5. a mailed link never comes from the Host header', () => {
  it('with PUBLIC_URL unset, a reset requested with Host: evil.example links to the configured origin', async () => {
    const user = await buildUser(app);
    const res = await agentFrom().request({
      method: 'POST',
      url: '/api/v1/users/password_reset/',
      payload: { email: user.email },
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    await app.jobs.drain();
    const all = await app.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'mail'));
    const mine = all.map((j) => JSON.stringify(j.payload)).filter((p) => p.includes(user.email));
    expect(mine.length).toBe(1);
    expect(mine[0]).not.toContain('evil.example');
    expect(mine[0]).toMatch(/http:\/\/localhost:\d+\/accounts\/reset\//);
  });
});

describe('7. logout is a POST with the CSRF check; the CSRF token is bound to the session', () => {
  it('a GET of /accounts/logout/ with a cross-site Referer ends nothing', async () => {
    const user = await buildUser(app);
    const agent = agentFrom();
    await loginAs(agent, user);
    const res = await agent.get('/accounts/logout/', { referer: 'https://evil.example/' });
    expect(res.statusCode).toBeLessThan(500);
    expect(await sessionsOf(user.id)).toBe(1);
    expect((await agent.get('/api/v1/users/me/')).statusCode).toBe(200);
  });

  it('a POST without the CSRF header is refused; with it, the session ends', async () => {
    const user = await buildUser(app);
    const agent = agentFrom();
    await loginAs(agent, user);
    expect((await agent.request({ method: 'POST', url: '/accounts/logout/', csrf: false })).statusCode).toBe(403);
    expect(await sessionsOf(user.id)).toBe(1);
    expect((await agent.post('/accounts/logout/')).statusCode).toBe(204);
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it("an attacker's own cookie and header pair does not work with a victim's session", async () => {
    const victim = await buildUser(app);
    const agent = agentFrom();
    await loginAs(agent, victim);
    const planted = randomBytes(24).toString('base64url');
    agent.cookies.set('csrftoken', planted);
    const res = await agent.request({
      method: 'PUT',
      url: `/api/v1/users/${victim.id}/`,
      payload: { description: 'planted' },
      headers: { 'x-csrftoken': planted },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('CSRF verification failed. Reload the page.');
    // The answer handed the session's own token back; with it the write goes through.
    expect(agent.cookies.get('csrftoken')).not.toBe(planted);
    expect((await agent.put(`/api/v1/users/${victim.id}/`, { description: 'mine' })).statusCode).toBeLessThan(300);
  });

  it('a login hands out the token of the new session, so the next write needs no page load', async () => {
    const user = await buildUser(app);
    const agent = agentFrom();
    await agent.get('/healthz');
    const guestToken = agent.cookies.get('csrftoken');
    expect((await login(agent, user.email, PASSWORD)).statusCode).toBe(200);
    expect(agent.cookies.get('csrftoken')).not.toBe(guestToken);
    expect((await agent.post('/accounts/logout/')).statusCode).toBe(204);
  });
});

describe('8. every error answer has our shape, in the asker’s language', () => {
  /** Raw bytes to a listening server; its whole answer. */
  async function raw(payload: string): Promise<{ status: number; body: string }> {
    const port = (app.server.address() as { port: number }).port;
    const text = await new Promise<string>((resolve) => {
      let data = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(payload));
      socket.on('data', (chunk) => (data += chunk));
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(data));
    });
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) };
  }
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('431 for oversized headers', async () => {
    const en = await raw(`GET /api/v1/site/ HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(en.status).toBe(431);
    expect(JSON.parse(en.body)).toEqual({ detail: 'The request headers are too large.' });
    const ko = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(JSON.parse(ko.body)).toEqual({ detail: '요청 헤더가 너무 큽니다.' });
  });

  it('400 for a GET with a body the parser cannot frame, and for a request line it cannot read', async () => {
    const body = await raw('GET /api/v1/site/ HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}');
    expect(body.status).toBe(400);
    expect(JSON.parse(body.body)).toEqual({ detail: 'The request is malformed.' });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual({ detail: '요청 형식이 올바르지 않습니다.' });
  });
});

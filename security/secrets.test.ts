import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../apps/api/test/app.ts';
import { type SmtpPeer, startSmtpPeer } from '../apps/api/test/smtp.ts';
import { root } from '../cluster/harness.ts';
import { report } from './seed.ts';

/**
 * Issue #15, secrets (docs/SECURITY.md): no key, password or credential is committed to the repository, and none is
 * written to the server's log — passwords as typed, session and CSRF tokens, SECRET_KEY, and the tokens mailed in
 * links (password reset), with real mail delivery (SMTP) and the log at its most talkative level.
 */

/** What a committed secret looks like: private keys, cloud keys, credentials in URLs, assigned secrets. */
const COMMITTED = [
  /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP )?PRIVATE KEY-----/,
  /\bAKIA[0-9A-Z]{16}\b/,
  /\bgh[pousr]_[A-Za-z0-9]{36}\b/,
  /\bxox[baprs]-[A-Za-z0-9-]{10,}/,
  /\bsk_live_[A-Za-z0-9]{16,}/,
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"`]+:([^\s@/'"`$]{6,})@/g,
  /\b(?:SECRET_KEY|S3_SECRET_ACCESS_KEY|SMTP_PASSWORD|SENTRY_DSN)[ \t]*=[ \t]*['"]?([A-Za-z0-9+/=_-]{12,})/g,
];
/** Values that are visibly not real: placeholders and the tests' own. */
const PLACEHOLDER = /PASSWORD|password|example|placeholder|change-?me|test|dummy|fake|secret-key-test|x{4,}|\*{3,}|<[^>]+>|\$\{/i;

describe('nothing secret is committed (issue #15)', () => {
  it('no private key, cloud key, token or real credential in any tracked file', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
    const found: string[] = [];
    let read = 0;
    for (const file of files) {
      let text: string;
      try {
        const bytes = readFileSync(`${root}/${file}`);
        if (bytes.includes(0)) continue;
        text = bytes.toString('utf8');
      } catch {
        continue;
      }
      read++;
      for (const pattern of COMMITTED) {
        for (const m of text.matchAll(new RegExp(pattern.source, 'g'))) {
          const value = m[1] ?? m[0];
          if (!PLACEHOLDER.test(m[0]) && !PLACEHOLDER.test(value)) found.push(`${file}: ${m[0].slice(0, 80)}`);
        }
      }
    }
    report('secrets committed', { files: read, found: found.length });
    expect(read).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});

describe('nothing secret is logged (issue #15)', () => {
  const lines: string[] = [];
  let peer: SmtpPeer;
  let app: FastifyInstance;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildTestApp({ SMTP_URL: peer.url, RATE_LIMITS: 'off', JOBS_POLL_MS: 0 }, { logger: { level: 'trace', stream } });
  });
  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });

  it('passwords, session and CSRF tokens, SECRET_KEY and mailed reset tokens never reach the log', async () => {
    const agent = new Agent(app, 'en');
    const first = 'Typed-Passw0rd-only-the-user-knows';
    const second = 'Another-Passw0rd-nobody-should-see';
    const third = 'Third-Passw0rd-from-the-reset-mail';
    const email = 'secret-keeper@example.com';
    const signup = await agent.post('/api/v1/users/', {
      email,
      password: first,
      name: 'Keeper',
      username: 'keeper',
      date_of_birth: '1990-01-01',
      gender: 'Other',
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const me = signup.json().id ?? signup.json().user?.id;
    // A failed login, a success, a password change, and a reset through the mailed link.
    expect((await new Agent(app, 'en').post('/accounts/login/', { email, password: `${first}-wrong` })).statusCode).toBe(400);
    const login = new Agent(app, 'en');
    expect((await login.post('/accounts/login/', { email, password: first })).statusCode).toBe(200);
    const changed = await login.post(`/api/v1/users/${me}/password_change/`, { old_password: first, password: second });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await new Agent(app, 'en').post('/api/v1/users/password_reset/', { email })).statusCode).toBe(200);
    await app.jobs.drain();
    await app.mail.idle();
    const link = /\/accounts\/reset\/([^/\s]+)\/([^/\s]+)\//.exec(peer.received.map((r) => r.mail.text ?? '').join('\n'));
    expect(link, 'the reset mail reached the SMTP peer').not.toBeNull();
    const [, uidb64, token] = link as RegExpExecArray;
    const reset = await new Agent(app, 'en').post('/api/v1/users/reset/', { uidb64, token, password: third });
    expect(reset.statusCode, reset.body).toBe(200);
    const secrets: Record<string, string> = {
      'first password': first,
      'changed password': second,
      'reset password': third,
      'wrong password': `${first}-wrong`,
      'session token': login.cookies.get('sessionid') ?? 'no session',
      'CSRF token': login.cookies.get('csrftoken') ?? 'no csrf',
      SECRET_KEY: app.config.SECRET_KEY,
      'reset token': token,
    };
    const log = lines.join('');
    const leaked = Object.entries(secrets)
      .filter(([, value]) => log.includes(value))
      .map(([name]) => name);
    report('secrets logged', { logLines: lines.length, secrets: Object.keys(secrets).length, leaked: leaked.length });
    expect(lines.length).toBeGreaterThan(10);
    expect(leaked).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp.ts';

describe('mail over SMTP (SMTP_URL set; DESIGN: the SMTP peer is a real local server)', () => {
  let peer: SmtpPeer;
  let received: SmtpPeer['received'];
  let app: FastifyInstance;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    received = peer.received;
    app = await buildTestApp({ SMTP_URL: peer.url, MAIL_FROM: 'AXOO <no-reply@axoo.test>' });
  });
  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });

  it('delivers the reset mail to the peer with a Korean subject and the link', async () => {
    expect(app.mail.transport).toBe('smtp');
    const user = await buildUser(app, { language: 'ko', name: '김민지' });
    const res = await new Agent(app, 'en').post('/api/v1/users/password_reset/', { email: user.email });
    expect(res.statusCode).toBe(200);
    await app.jobs.drain();
    const got = received.find((r) => r.envelopeTo.includes(user.email));
    expect(got).toBeDefined();
    const mail = got?.mail as ParsedMail;
    expect(mail.subject).toBe('[AXOO] 비밀번호 재설정 안내');
    expect(mail.from?.text).toContain('no-reply@axoo.test');
    expect(mail.text).toContain('김민지님, 안녕하세요.');
    expect(mail.text).toMatch(/\/accounts\/reset\/[\w-]+\/[\w-]+\//);
    expect(mail.html).toContain('새 비밀번호 설정');
  });

  it('sends any mail through app.mail.send', async () => {
    await app.mail.send({ to: 'someone@example.com', subject: '선정 안내', text: '축하합니다 https://example.com/goodluck/1/', html: '<p>축하합니다</p>' });
    const got = received.find((r) => r.envelopeTo.includes('someone@example.com'));
    expect(got?.mail.subject).toBe('선정 안내');
  });
});

describe('mail to the outbox folder (default)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());

  it('writes one .eml per mail under DATA_DIR/outbox', async () => {
    expect(app.mail.transport).toBe('outbox');
    await app.mail.send({ to: 'a@example.com', subject: 'Hello', text: 'Open https://example.com/x/ now' });
    await app.mail.send({ to: 'b@example.com', subject: '안녕하세요', text: '본문', html: '<p>본문</p>' });
    const files = readdirSync(app.config.outboxDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(app.config.outboxDir, f)))));
    expect(mails.map((m) => m.subject).sort()).toEqual(['Hello', '안녕하세요']);
    expect(mails.find((m) => m.subject === 'Hello')?.text).toContain('https://example.com/x/');
  });
});

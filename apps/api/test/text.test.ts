import { translate } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNfc, unstorableTexts } from '../src/http/text.ts';
import { Agent, buildTestApp } from './app.ts';
import { buildArtwork, buildPremium, loginAs, type UserRow } from './factories.ts';

/** Issue #15, text at the edge: NUL and lone surrogates are a 400 under their field, never a 500. */
let app: FastifyInstance;
let member: UserRow;
beforeAll(async () => {
  app = await buildTestApp();
  member = await buildPremium(app);
});
afterAll(() => app.close());

const message = (lang: 'ko' | 'en') => [translate(lang, 'text.unstorable')];

describe('unstorableTexts', () => {
  it('names the path of each bad string or key, and passes whole surrogate pairs', () => {
    expect(unstorableTexts({ a: 'ok', b: ['x', 'y\u0000'], c: { d: '\ud800' }, e: '🎨', 'k\udc00': 1 })).toEqual(['b.1', 'c.d', 'k\udc00']);
    expect(unstorableTexts('\u0000')).toEqual(['non_field_errors']);
    expect(unstorableTexts(null)).toEqual([]);
  });
});

describe('toNfc (issue #15: names and tags compare in NFC)', () => {
  it('composes decomposed Hangul and accents in values and keys, but leaves passwords and tokens as typed', () => {
    const nfd = '\u1100\u1161\u110b\u1173\u11af'; // 가을, decomposed
    expect(toNfc({ title: nfd, tags: [nfd, 'Cafe\u0301'], [nfd]: 1, password: nfd, token: nfd })).toEqual({
      title: '가을',
      tags: ['가을', 'Café'],
      가을: 1,
      password: nfd,
      token: nfd,
    });
    // Bytes (an upload's body) are not text.
    const bytes = Buffer.from([0xff, 0xd8, 0x00]);
    expect(toNfc(bytes)).toBe(bytes);
  });
});

describe('requests', () => {
  it('a search typed in decomposed Hangul finds the title typed composed', async () => {
    const artwork = await buildArtwork(app, member, { title: '가을 하늘 NFC' });
    const nfd = '가을 하늘'.normalize('NFD');
    expect(nfd).not.toBe('가을 하늘');
    const res = await new Agent(app, 'ko').get(`/api/v1/artworks/?search=${encodeURIComponent(nfd)}`);
    expect(res.json().results.map((a: { id: number }) => a.id)).toContain(artwork.id);
  });

  it('a query string with a NUL: 400 under the field, in the request language', async () => {
    const res = await new Agent(app, 'en').get('/api/v1/artworks/?search=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ search: message('en') });
    // An emoji (a whole surrogate pair) is ordinary text.
    expect((await new Agent(app, 'en').get(`/api/v1/artworks/?search=${encodeURIComponent('🎨')}`)).statusCode).toBe(200);
  });

  it('a login with a NUL or a lone surrogate: 400, in Korean by default', async () => {
    for (const email of ['a\u0000b@example.com', 'x\ud800@example.com']) {
      const res = await new Agent(app, 'ko').post('/accounts/login/', { email, password: 'Password123' });
      expect(res.statusCode, JSON.stringify(email)).toBe(400);
      expect(res.json()).toEqual({ email: message('ko') });
    }
  });

  it('a path segment with a NUL: 400', async () => {
    const res = await new Agent(app, 'en').get('/api/v1/artists/a%00b/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ slug: message('en') });
  });

  it('a nested JSON string: 400 at its path, and nothing is saved', async () => {
    const art = await buildArtwork(app, member, { title: 'Before' });
    const agent = new Agent(app, 'en');
    await loginAs(agent, member);
    const res = await agent.put(`/api/v1/artworks/${art.id}/`, { title: 'After', tags: ['ok', 'b\ud800'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'tags.1': message('en') });
    expect((await agent.get(`/api/v1/artworks/${art.id}/`)).json().title).toBe('Before');
  });

  it('a URL the router cannot decode (bad percent-encoding, an encoded lone surrogate): 400 in the request language, never 500', async () => {
    for (const [lang, url] of [
      ['en', '/api/v1/artists/%E0%A4%A/'],
      ['ko', '/api/v1/artists/%ED%A0%80/'],
      ['en', '/%'],
      ['ko', '/artists/%ZZ/'],
    ] as const) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url, headers: { 'accept-language': lang } });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json()).toEqual({ detail: translate(lang, 'request.bad_url') });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      }
    }
  });
});

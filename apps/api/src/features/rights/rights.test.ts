import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, buildUser, loginAs, type UserRow } from '../../../test/factories.ts';
import { makeImage } from '../../../test/images.ts';
import { AI_CRAWLERS } from './ai-crawlers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const reserved = (res: LightMyRequestResponse) => ({
  robots: res.headers['x-robots-tag'] ?? null,
  tdm: res.headers['tdm-reservation'] ?? null,
});
const RESERVED = { robots: 'noai, noimageai', tdm: '1' };
const OPEN = { robots: null, tdm: null };

/** An artist with one visible artwork whose cover, avatar and banner are real stored images. */
async function artistWithWork(optOut: boolean, artworkOptOut: boolean | null = null) {
  const artist = await buildPremium(app, { aiOptOut: optOut });
  const art = await buildArtwork(app, artist, { aiOptOut: artworkOptOut });
  const cover = `artworks/${art.id}/cover.png`;
  const avatar = `users/${artist.id}/avatar.png`;
  const image = await makeImage(1600, 1000);
  await app.storage.put(cover, image, 'image/png');
  await app.storage.put(avatar, await makeImage(300, 300), 'image/png');
  return { artist, art, cover, avatar };
}

/** Every kind of answer that carries the work: pages, JSON, originals, renditions (made, then cached) and the share image. */
async function answers(guest: Agent, w: Awaited<ReturnType<typeof artistWithWork>>) {
  return {
    artworkPage: await guest.get(`/artwork/${w.art.id}/`),
    artworkJson: await guest.get(`/api/v1/artworks/${w.art.id}/`),
    profilePage: await guest.get(`/${w.artist.slug}/`),
    profileJson: await guest.get(`/api/v1/artists/${w.artist.slug}/`),
    artistArtworksJson: await guest.get(`/api/v1/users/${w.artist.id}/artworks/`),
    original: await guest.get(`/media/${w.cover}`),
    rendition: await guest.get(`/media/${w.cover}?w=480`),
    cachedRendition: await guest.get(`/media/${w.cover}?w=480`),
    sharePreviewImage: await guest.get(`/media/${w.cover}?w=1200`),
    avatar: await guest.get(`/media/${w.avatar}?w=96`),
  };
}

describe('AI-training opt-out (issue #18): headers on every answer that carries the work', () => {
  it('is on by default for a new account', async () => {
    const user = await buildUser(app);
    expect(user.aiOptOut).toBe(true);
  });

  it('reserves every kind of answer of opted-out work, and none of work that allows training', async () => {
    const guest = new Agent(app);
    const out = await answers(guest, await artistWithWork(true));
    for (const [kind, res] of Object.entries(out)) {
      expect(res.statusCode, kind).toBe(200);
      expect(reserved(res), kind).toEqual(RESERVED);
    }
    expect(out.artworkPage.body).toContain('<meta name="robots" content="noai, noimageai">');
    expect(out.profilePage.body).toContain('<meta name="robots" content="noai, noimageai">');
    expect(out.artworkJson.json()).toMatchObject({ ai_opt_out: true, ai_opt_out_setting: null });

    const open = await answers(guest, await artistWithWork(false));
    for (const [kind, res] of Object.entries(open)) {
      expect(res.statusCode, kind).toBe(200);
      expect(reserved(res), kind).toEqual(OPEN);
    }
    expect(open.artworkPage.body).not.toContain('noai');
    expect(open.artworkJson.json()).toMatchObject({ ai_opt_out: false });
  });

  it("lets an artwork override its author's choice either way", async () => {
    const guest = new Agent(app);
    const reservedOne = await artistWithWork(false, true);
    expect(reserved(await guest.get(`/api/v1/artworks/${reservedOne.art.id}/`))).toEqual(RESERVED);
    expect(reserved(await guest.get(`/media/${reservedOne.cover}?w=480`))).toEqual(RESERVED);
    expect(reserved(await guest.get(`/media/${reservedOne.avatar}`))).toEqual(OPEN);

    const openOne = await artistWithWork(true, false);
    expect(reserved(await guest.get(`/api/v1/artworks/${openOne.art.id}/`))).toEqual(OPEN);
    expect(reserved(await guest.get(`/artwork/${openOne.art.id}/`))).toEqual(OPEN);
    expect(reserved(await guest.get(`/media/${openOne.cover}`))).toEqual(OPEN);
    expect(reserved(await guest.get(`/media/${openOne.avatar}`))).toEqual(RESERVED);
  });

  it('reserves a list (JSON and the gallery page) as soon as it holds one opted-out artwork', async () => {
    const guest = new Agent(app);
    const list = await guest.get('/api/v1/artworks/?limit=50');
    expect(list.json().results.some((a: { ai_opt_out: boolean }) => a.ai_opt_out)).toBe(true);
    expect(reserved(list)).toEqual(RESERVED);
  });

  it('switches with the account setting and the artwork setting, owner only', async () => {
    const w = await artistWithWork(true);
    const owner = new Agent(app);
    await loginAs(owner, w.artist);
    const guest = new Agent(app);

    const off = await owner.put(`/api/v1/users/${w.artist.id}/ai-opt-out/`, { ai_opt_out: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ai_opt_out_default: false });
    expect(reserved(await guest.get(`/api/v1/artworks/${w.art.id}/`))).toEqual(OPEN);
    expect(reserved(await guest.get(`/media/${w.cover}?w=480`))).toEqual(OPEN);
    expect((await owner.get('/api/v1/users/me/')).json().ai_opt_out_default).toBe(false);

    const on = await owner.put(`/api/v1/artworks/${w.art.id}/ai-opt-out/`, { ai_opt_out: true });
    expect(on.json()).toEqual({ id: w.art.id, ai_opt_out: true, ai_opt_out_setting: true });
    expect(reserved(await guest.get(`/api/v1/artworks/${w.art.id}/`))).toEqual(RESERVED);
    expect(reserved(await guest.get(`/media/${w.cover}?w=480`))).toEqual(RESERVED);

    const follow = await owner.put(`/api/v1/artworks/${w.art.id}/ai-opt-out/`, { ai_opt_out: null });
    expect(follow.json()).toEqual({ id: w.art.id, ai_opt_out: false, ai_opt_out_setting: null });

    const other = new Agent(app);
    await loginAs(other, await buildUser(app));
    expect((await other.put(`/api/v1/users/${w.artist.id}/ai-opt-out/`, { ai_opt_out: true })).statusCode).toBe(403);
    expect((await other.put(`/api/v1/artworks/${w.art.id}/ai-opt-out/`, { ai_opt_out: true })).statusCode).toBe(403);
    expect((await guest.put(`/api/v1/users/${w.artist.id}/ai-opt-out/`, { ai_opt_out: true })).statusCode).toBe(403);
    expect((await owner.put('/api/v1/artworks/99999999/ai-opt-out/', { ai_opt_out: true })).statusCode).toBe(404);
    const bad = await owner.put(`/api/v1/users/${w.artist.id}/ai-opt-out/`, { ai_opt_out: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('ai_opt_out');
  });

  it('adds tdm-policy when a policy URL is configured', async () => {
    const withPolicy = await buildTestApp({ TDM_POLICY_URL: 'https://example.com/tdm-policy.json' });
    try {
      const artist: UserRow = await buildPremium(withPolicy);
      const art = await buildArtwork(withPolicy, artist);
      const res = await new Agent(withPolicy).get(`/api/v1/artworks/${art.id}/`);
      expect(res.headers['tdm-policy']).toBe('https://example.com/tdm-policy.json');
      expect(reserved(res)).toEqual(RESERVED);
      const rep = (await new Agent(withPolicy).get('/.well-known/tdmrep.json')).json();
      expect(rep.at(-1)).toEqual({ location: '/*', 'tdm-reservation': 1, 'tdm-policy': 'https://example.com/tdm-policy.json' });
    } finally {
      await withPolicy.close();
    }
  });
});

describe('what crawlers read (issue #18)', () => {
  it('robots.txt disallows every AI-training crawler of the list and allows search engines', async () => {
    const res = await new Agent(app).get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const groups = res.body.split(/\n\s*\n/);
    const ai = groups.find((g) => g.includes('GPTBot')) ?? '';
    for (const agent of AI_CRAWLERS) expect(ai).toContain(`User-agent: ${agent}\n`);
    expect(AI_CRAWLERS).toEqual(
      expect.arrayContaining([
        'GPTBot',
        'CCBot',
        'Google-Extended',
        'anthropic-ai',
        'ClaudeBot',
        'Bytespider',
        'PerplexityBot',
        'Applebot-Extended',
        'meta-externalagent',
      ]),
    );
    expect(ai).toMatch(/Disallow: \/$/m);
    const everyone = groups.find((g) => g.includes('User-agent: *')) ?? '';
    expect(everyone).toMatch(/^Allow: \/$/m);
    expect(everyone).not.toMatch(/^Disallow: \/$/m);
    expect(everyone).not.toContain('Googlebot');
    expect(res.body).toMatch(/^Sitemap: http:\/\/localhost(:\d+)?\/sitemap\.xml$/m);
  });

  it('tdmrep.json lists visible work that allows training first, then reserves the rest; hidden work is absent', async () => {
    const open = await artistWithWork(false);
    const reservedOne = await artistWithWork(false, true);
    const hiddenAuthor = await buildUser(app, { aiOptOut: false });
    const hidden = await buildArtwork(app, hiddenAuthor);
    const draft = await buildArtwork(app, open.artist, { draft: true });
    const res = await new Agent(app).get('/.well-known/tdmrep.json');
    expect(res.statusCode).toBe(200);
    const rules = res.json() as { location: string; 'tdm-reservation': number }[];
    const locations = rules.map((r) => r.location);
    expect(rules).toContainEqual({ location: `/artwork/${open.art.id}/`, 'tdm-reservation': 0 });
    expect(rules).toContainEqual({ location: `/media/artworks/${open.art.id}/*`, 'tdm-reservation': 0 });
    expect(rules).toContainEqual({ location: `/${open.artist.slug}/`, 'tdm-reservation': 0 });
    expect(locations).not.toContain(`/artwork/${reservedOne.art.id}/`);
    expect(locations).not.toContain(`/artwork/${hidden.id}/`);
    expect(locations).not.toContain(`/artwork/${draft.id}/`);
    expect(locations).not.toContain(`/${hiddenAuthor.slug}/`);
    expect(rules.at(-1)).toEqual({ location: '/*', 'tdm-reservation': 1 });
  });
});

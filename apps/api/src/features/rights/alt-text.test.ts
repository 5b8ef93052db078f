import { imagesWithoutAlt } from '@axoo/contract/artworks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildPremium, loginAs } from '../../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;

describe('alt text (issue #18)', () => {
  it('counts the images without alt text: content images and the cover', () => {
    const html = '<p><img src="/media/a.png" alt="A cat"><img src="/media/b.png" alt=""><img src="/media/c.png"><img alt=\'x\' src="/media/d.png"></p>';
    expect(imagesWithoutAlt(html, { key: 'artworks/1/c.png', alt: '' })).toBe(3);
    expect(imagesWithoutAlt(html, { key: 'artworks/1/c.png', alt: 'Cover' })).toBe(2);
    expect(imagesWithoutAlt('<p><img src="/m.png" alt="  "></p>', { key: '', alt: '' })).toBe(1);
    expect(imagesWithoutAlt('<p>text</p>', { key: '', alt: '' })).toBe(0);
  });

  it("keeps the cover's alt text and the reminder flag, and uses it in share previews", async () => {
    const artist = await buildPremium(app, { name: 'Hana' });
    const art = await buildArtwork(app, artist, { title: 'Dusk', cover: 'test/dusk.png' });
    const owner = new Agent(app);
    await loginAs(owner, artist);
    const saved = await owner.put(`/api/v1/artworks/${art.id}/`, { cover_alt: 'A blue sky at dusk over the river', alt_reminded: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ cover_alt: 'A blue sky at dusk over the river', alt_reminded: true });
    const page = (await new Agent(app).get(`/artwork/${art.id}/`)).body;
    expect(meta(page, 'og:image:alt')).toBe('A blue sky at dusk over the river');
    expect(meta(page, 'twitter:image:alt')).toBe('A blue sky at dusk over the river');
    const tooLong = await owner.put(`/api/v1/artworks/${art.id}/`, { cover_alt: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toHaveProperty('cover_alt');
  });

  it('keeps alt text of the avatar and the banner; the profile preview uses the banner one', async () => {
    const artist = await buildPremium(app, { name: 'Jae', croppedBanner: 'test/banner.png' });
    const owner = new Agent(app);
    await loginAs(owner, artist);
    const res = await owner.put(`/api/v1/users/${artist.id}/`, { avatar_alt: 'Jae smiling', banner_alt: 'Studio wall of prints' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ avatar_alt: 'Jae smiling', banner_alt: 'Studio wall of prints' });
    expect((await new Agent(app).get(`/api/v1/artists/${artist.slug}/`)).json()).toMatchObject({
      avatar_alt: 'Jae smiling',
      banner_alt: 'Studio wall of prints',
    });
    const page = (await new Agent(app).get(`/${artist.slug}/`)).body;
    expect(meta(page, 'og:image:alt')).toBe('Studio wall of prints');
    expect((await owner.put(`/api/v1/users/${artist.id}/`, { banner_alt: 'y'.repeat(301) })).statusCode).toBe(400);
  });
});

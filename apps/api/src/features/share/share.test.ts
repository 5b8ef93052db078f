import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import ogs from 'open-graph-scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser } from '../../../test/factories.ts';

let app: FastifyInstance;
let origin: string;
beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

/** What a messenger's crawler reads: the served HTML, parsed by a real Open Graph parser. */
async function scrape(path: string) {
  const { result, error } = await ogs({ url: `${origin}${path}`, fetchOptions: { headers: { 'accept-language': 'en' } } });
  expect(error).toBe(false);
  return result;
}

describe('share previews (issue #5): Open Graph and Twitter tags in the served page', () => {
  it('describes a visible artwork with a 1200 px rendition of its cover, and hides a hidden one', async () => {
    const author = await buildPremium(app, { name: 'Hana Kim' });
    const art = await buildArtwork(app, author, {
      title: 'Blue <hour>',
      cover: 'covers/blue hour.jpg',
      width: 3000,
      height: 2000,
      categoryCodes: ['painting'],
    });
    const result = await scrape(`/artwork/${art.id}/`);
    expect(result.ogTitle).toBe('Blue <hour> · Hana Kim');
    expect(result.ogDescription).toContain('Hana Kim');
    expect(result.ogUrl).toBe(`${origin}/artwork/${art.id}/`);
    expect(result.ogImage?.[0]).toMatchObject({ url: `${origin}/media/covers/blue%20hour.jpg?w=1200`, width: '1200', height: '800' });
    expect(result.twitterCard).toBe('summary_large_image');
    expect(result.twitterImage?.[0]?.url).toBe(`${origin}/media/covers/blue%20hour.jpg?w=1200`);
    expect(result.twitterImage?.[0]?.alt).toBe('Blue <hour>');

    const hidden = await buildArtwork(app, await buildUser(app), { title: 'Secret work' });
    const other = await scrape(`/artwork/${hidden.id}/`);
    expect(other.ogTitle).not.toContain('Secret work');
    expect(other.ogImage).toBeUndefined();
  });

  it('describes a profile and an invite', async () => {
    const artist = await buildPremium(app, {
      name: 'Jae Park',
      username: 'Jae.Park',
      biography: '<p>Paints <b>light</b> &amp; shadow.</p>',
      croppedBanner: 'banners/jae.png',
    });
    const profile = await scrape('/Jae.Park/');
    expect(profile.ogTitle).toBe('Jae Park (@Jae.Park) · AXOO');
    expect(profile.ogDescription).toBe('Paints light & shadow.');
    expect(profile.ogImage?.[0]?.url).toBe(`${origin}/media/banners/jae.png?w=1200`);
    expect(profile.ogUrl).toBe(`${origin}/Jae.Park/`);

    const invite = await buildInvite(app, artist, { title: 'Summer open call', subtitle: 'Brands meet artists', background: 'invites/bg.jpg' });
    const page = await scrape(`/goodluck/${invite.id}/`);
    expect(page.ogTitle).toBe('Summer open call · AXOO');
    expect(page.ogDescription).toBe('Brands meet artists');
    expect(page.ogImage?.[0]?.url).toBe(`${origin}/media/invites/bg.jpg?w=1200`);

    const unknown = await scrape('/nobody-here/');
    expect(unknown.ogTitle).toBe('AXOO');
  });
});

import type { FastifyInstance } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, buildUser, type UserRow } from '../../../test/factories.ts';

let app: FastifyInstance;
/** The origin inject's requests name (Host: localhost:80). */
const B = 'http://localhost:80';
const guest = () => new Agent(app);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['sitemap', 'url', 'entry', 'image:image', 'xhtml:link', 'category', 'link'].includes(name),
});

/** A well-formed XML answer, parsed. */
function xml(body: string) {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

let artist: UserRow;
let openArtist: UserRow;
let nonMember: UserRow;
const w: Record<string, number> = {};
beforeAll(async () => {
  app = await buildTestApp();
  artist = await buildPremium(app, { name: 'Hana Kim', username: 'hana.kim', website: 'https://hana.example', instagram: 'hana_ig' });
  openArtist = await buildPremium(app, { name: 'Jae Park', aiOptOut: false });
  nonMember = await buildUser(app, { name: 'Not Member' });
  w.visible = (
    await buildArtwork(app, artist, { title: 'Blue <hour> & "light"', cover: 'artworks/1/blue.png', coverAlt: 'A blue sky at dusk', tagNames: ['sky'] })
  ).id;
  w.open = (await buildArtwork(app, openArtist, { title: 'Open work', cover: 'artworks/2/open.png' })).id;
  w.draft = (await buildArtwork(app, artist, { title: 'Draft work', draft: true })).id;
  w.private = (await buildArtwork(app, artist, { title: 'Private work', published: false })).id;
  w.nonMember = (await buildArtwork(app, nonMember, { title: 'Non-member work' })).id;
  w.invite = (await buildInvite(app, artist, { title: 'Summer call', background: 'invites/bg.jpg' })).id;
  w.review = (await buildInvite(app, artist, { title: 'Under review call', status: 'review', selfService: true })).id;
});
afterAll(() => app.close());

const HIDDEN = () => [w.draft, w.private, w.nonMember];

describe('sitemaps (issue #18)', () => {
  it('indexes pages of artworks, profiles and invites; lists only what anyone may see, with images, lastmod and alternates', async () => {
    const index = await guest().get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    const locs = xml(index.body).sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(locs).toEqual(['artworks-1', 'profiles-1', 'invites-1'].map((p) => `${B}/sitemaps/${p}.xml`));
    expect(xml(index.body).sitemapindex.sitemap[0].lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const artworks = xml((await guest().get('/sitemaps/artworks-1.xml')).body).urlset.url;
    const byLoc = new Map(artworks.map((u: { loc: string }) => [u.loc, u]));
    const entry = byLoc.get(`${B}/artwork/${w.visible}/`) as Record<string, unknown>;
    expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((entry['image:image'] as { 'image:loc': string }[])[0]['image:loc']).toBe(`${B}/media/artworks/1/blue.png`);
    expect((entry['xhtml:link'] as { '@hreflang': string; '@href': string }[]).map((l) => [l['@hreflang'], l['@href']])).toEqual([
      ['ko', `${B}/artwork/${w.visible}/?lang=ko`],
      ['en', `${B}/artwork/${w.visible}/?lang=en`],
    ]);
    expect(byLoc.has(`${B}/gallery/all/`)).toBe(true);
    for (const id of HIDDEN()) expect(byLoc.has(`${B}/artwork/${id}/`)).toBe(false);

    const profiles = xml((await guest().get('/sitemaps/profiles-1.xml')).body).urlset.url.map((u: { loc: string }) => u.loc);
    expect(profiles).toContain(`${B}/${artist.slug}/`);
    expect(profiles).not.toContain(`${B}/${nonMember.slug}/`);
    const invites = xml((await guest().get('/sitemaps/invites-1.xml')).body).urlset.url.map((u: { loc: string }) => u.loc);
    expect(invites).toContain(`${B}/goodluck/${w.invite}/`);
    expect(invites).not.toContain(`${B}/goodluck/${w.review}/`);

    for (const bad of ['artworks-2.xml', 'artworks-0.xml', 'users-1.xml', 'artworks-1.txt'])
      expect((await guest().get(`/sitemaps/${bad}`)).statusCode, bad).toBe(404);
  });
});

describe('Atom feeds (issue #18)', () => {
  it("the gallery's newest work: valid Atom, visible work only, reserved when it holds opted-out work", async () => {
    const res = await guest().get('/feeds/artworks.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/atom+xml');
    const feed = xml(res.body).feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.title['#text']).toBe('Newest work on AXOO');
    const ids = feed.entry.map((e: { id: string }) => e.id);
    expect(ids).toContain(`${B}/artwork/${w.visible}/`);
    for (const id of HIDDEN()) expect(ids).not.toContain(`${B}/artwork/${id}/`);
    const blue = feed.entry.find((e: { id: string }) => e.id.endsWith(`/artwork/${w.visible}/`));
    expect(blue.title['#text']).toBe('Blue <hour> & "light"');
    expect(blue.author).toEqual({ name: 'Hana Kim', uri: `${B}/${artist.slug}/` });
    expect(blue.content['#text']).toContain('alt="A blue sky at dusk"');
    expect(blue.category[0]['@term']).toBe('sky');
    expect(res.headers['x-robots-tag']).toBe('noai, noimageai');
    expect(res.headers['tdm-reservation']).toBe('1');
    const ko = await new Agent(app, 'ko').get('/feeds/artworks.atom');
    expect(xml(ko.body).feed.title['#text']).toBe('AXOO 최신 작품');
    expect(xml(ko.body).feed['@xml:lang']).toBe('ko');
  });

  it("an artist's feed: their visible work; none for a non-member; no headers for work that allows training", async () => {
    const res = await new Agent(app, 'en').get(`/${artist.slug}/feed.atom`);
    expect(res.statusCode).toBe(200);
    const feed = xml(res.body).feed;
    expect(feed.title['#text']).toBe("Hana Kim's work on AXOO");
    expect(feed.entry.map((e: { id: string }) => e.id)).toEqual([`${B}/artwork/${w.visible}/`]);
    expect(res.headers['x-robots-tag']).toBe('noai, noimageai');
    const open = await guest().get(`/${openArtist.slug}/feed.atom`);
    expect(xml(open.body).feed.entry.map((e: { id: string }) => e.id)).toEqual([`${B}/artwork/${w.open}/`]);
    expect(open.headers['x-robots-tag']).toBeUndefined();
    expect(open.headers['tdm-reservation']).toBeUndefined();
    expect((await guest().get(`/${nonMember.slug}/feed.atom`)).statusCode).toBe(404);
    expect((await guest().get('/nobody-here/feed.atom')).statusCode).toBe(404);
  });
});

describe('oEmbed (issue #18)', () => {
  const oembed = (url: string, extra = '&format=json') => new Agent(app, 'en').get(`/api/oembed?url=${encodeURIComponent(url)}${extra}`);

  it('answers an artwork as a photo within maxwidth, a profile as a link, with the opt-out headers of the work', async () => {
    await app.db.execute(sql`update artworks set width = 3000, height = 2000 where id = ${w.visible}`);
    const photo = await oembed(`${B}/artwork/${w.visible}/`, '&format=json&maxwidth=1000');
    expect(photo.statusCode).toBe(200);
    expect(photo.json()).toMatchObject({
      version: '1.0',
      type: 'photo',
      title: 'Blue <hour> & "light"',
      author_name: 'Hana Kim',
      author_url: `${B}/${artist.slug}/`,
      provider_name: 'AXOO',
      url: `${B}/media/artworks/1/blue.png?w=960`,
      width: 960,
      height: 640,
    });
    expect(photo.headers['x-robots-tag']).toBe('noai, noimageai');
    const open = await oembed(`${B}/artwork/${w.open}/`);
    expect(open.json().type).toBe('photo');
    expect(open.headers['x-robots-tag']).toBeUndefined();

    const profile = await oembed(`${B}/${artist.username}/`);
    expect(profile.json()).toMatchObject({ type: 'link', title: 'Hana Kim', author_url: `${B}/${artist.slug}/` });
  });

  it('is 404 for hidden work, non-members and other sites, 400 for another format and without a url', async () => {
    for (const id of HIDDEN()) expect((await oembed(`${B}/artwork/${id}/`)).statusCode).toBe(404);
    expect((await oembed(`${B}/${nonMember.slug}/`)).statusCode).toBe(404);
    expect((await oembed(`https://elsewhere.example/artwork/${w.visible}/`)).statusCode).toBe(404);
    expect((await oembed(`${B}/artwork/${w.visible}/`, '&format=xml')).statusCode).toBe(400);
    const missing = await new Agent(app, 'en').get('/api/oembed?format=json');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().url[0]).toContain('artwork or a profile');
    expect((await oembed(`${B}/artwork/${w.visible}/`, '&maxwidth=abc')).statusCode).toBe(400);
  });
});

describe('public page heads (issue #18): hreflang, canonical, JSON-LD, discovery links', () => {
  const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

  it('an artwork page: VisualArtwork, oEmbed link, ko/en alternates and a canonical per language', async () => {
    const page = await guest().get(`/artwork/${w.visible}/`);
    const [data] = jsonLd(page.body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VisualArtwork',
      name: 'Blue <hour> & "light"',
      url: `${B}/artwork/${w.visible}/`,
      creator: { '@type': 'Person', name: 'Hana Kim' },
      image: { contentUrl: `${B}/media/artworks/1/blue.png`, caption: 'A blue sky at dusk' },
      license: 'https://creativecommons.org/licenses/by/4.0/',
      keywords: 'sky',
    });
    expect(page.body).toContain(`<link rel="canonical" href="${B}/artwork/${w.visible}/">`);
    expect(page.body).toContain(`<link rel="alternate" hreflang="ko" href="${B}/artwork/${w.visible}/?lang=ko">`);
    expect(page.body).toContain(`<link rel="alternate" hreflang="en" href="${B}/artwork/${w.visible}/?lang=en">`);
    expect(page.body).toContain(`<link rel="alternate" hreflang="x-default" href="${B}/artwork/${w.visible}/">`);
    expect(page.body).toContain('type="application/json+oembed"');
    expect(page.body).toContain(`href="${B}/api/oembed?url=${encodeURIComponent(`${B}/artwork/${w.visible}/`).replace(/&/g, '&#38;')}&#38;format=json"`);

    const en = await new Agent(app, 'ko').get(`/artwork/${w.visible}/?lang=en`);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain(`<link rel="canonical" href="${B}/artwork/${w.visible}/?lang=en">`);
  });

  it('a profile page: Person, its feed and oEmbed links; an invite page: Event', async () => {
    const page = await guest().get(`/${artist.slug}/`);
    const [data] = jsonLd(page.body);
    expect(data).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', name: 'Hana Kim', sameAs: ['https://hana.example'] } });
    expect(page.body).toContain(`<link rel="alternate" type="application/atom+xml" href="${B}/${artist.slug}/feed.atom"`);
    const invite = jsonLd((await guest().get(`/goodluck/${w.invite}/`)).body)[0];
    expect(invite).toMatchObject({
      '@type': 'Event',
      name: 'Summer call',
      image: `${B}/media/invites/bg.jpg`,
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    });
    expect(invite.endDate).toMatch(/^\d{4}-/);
    expect((await guest().get('/gallery/all/')).body).toContain(`href="${B}/feeds/artworks.atom"`);
  });

  it('hidden work, non-members and calls under review get none, even for their author', async () => {
    const author = new Agent(app);
    const { loginAs } = await import('../../../test/factories.ts');
    await loginAs(author, artist);
    for (const id of [w.draft, w.private]) expect(jsonLd((await author.get(`/artwork/${id}/`)).body)).toEqual([]);
    expect(jsonLd((await guest().get(`/artwork/${w.nonMember}/`)).body)).toEqual([]);
    const member = await guest().get(`/${nonMember.slug}/`);
    expect(jsonLd(member.body)).toEqual([]);
    expect(member.body).not.toContain('feed.atom');
    expect(jsonLd((await author.get(`/goodluck/${w.review}/`)).body)).toEqual([]);
  });
});

describe('sitemap paging at 10,000 URLs (issue #18)', () => {
  it('splits 10,001 visible artworks over two pages', async () => {
    const many = await buildPremium(app);
    await app.db.execute(
      sql`insert into artworks (author_id, title, draft, published, licence_chosen, cover) select ${many.id}, 'Bulk ' || g, false, true, true, 'artworks/bulk/' || g || '.png' from generate_series(1, 10001) as g`,
    );
    const index = xml((await guest().get('/sitemap.xml')).body).sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(index.filter((l: string) => l.includes('/sitemaps/artworks-'))).toEqual([`${B}/sitemaps/artworks-1.xml`, `${B}/sitemaps/artworks-2.xml`]);
    const first = xml((await guest().get('/sitemaps/artworks-1.xml')).body).urlset.url.filter((u: { loc: string }) => u.loc.includes('/artwork/'));
    const second = xml((await guest().get('/sitemaps/artworks-2.xml')).body).urlset.url;
    expect(first).toHaveLength(10_000);
    const [{ n }] = (await app.db.execute(sql`select count(*)::int as n from artworks where visible`)).rows as { n: number }[];
    expect(first.length + second.length).toBe(n);
    expect((await guest().get('/sitemaps/artworks-3.xml')).statusCode).toBe(404);
  });
});

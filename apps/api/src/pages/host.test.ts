import { queryKeys } from '@axoo/contract';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, buildTestApp } from '../../test/app.ts';
import { buildArtwork, buildInvite, buildPremium, loginAs } from '../../test/factories.ts';
import { eq } from 'drizzle-orm';
import { artworks, banners } from '../db/schema/index.ts';
import { headingOf, inlineStylesheets } from './document.ts';
import { pageModulesOf } from './preloads.ts';

// A web build as `vite build` lays it out: index.html, hashed assets with .br/.gz, and the manifest.
const dist = mkdtempSync(join(tmpdir(), 'axoo-dist-'));
const entry = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="ko"><head><title>AXOO</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, 'assets', 'index-1.js'), entry);
writeFileSync(join(dist, 'assets', 'index-1.js.br'), brotliCompressSync(entry));
writeFileSync(join(dist, 'assets', 'index-1.js.gz'), gzipSync(entry));
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-1.js' },
    'src/i18n/bundle-ko.ts': { file: 'assets/bundle-ko-1.js' },
    'src/i18n/bundle-en.ts': { file: 'assets/bundle-en-1.js' },
    'src/features/gallery/GalleryPage.tsx': { file: 'assets/GalleryPage-1.js', imports: ['_react.js', '_grid.js'], css: ['assets/GalleryPage-1.css'] },
    '_grid.js': { file: 'assets/grid-1.js' },
  }),
);

// The page → module map the web build writes (apps/web/src/page-modules.ts).
writeFileSync(
  join(dist, 'page-modules.json'),
  JSON.stringify({
    pages: [
      { pattern: '^/gallery/[^/]+/$', modules: ['src/features/gallery/GalleryPage.tsx'] },
      { pattern: '^/goodluck/$', modules: ['src/features/invites/pages/InviteListPage.tsx'] },
      { pattern: '^/about/', modules: ['src/features/about/AboutRoutes.tsx'] },
    ],
    profile: ['src/features/profiles/ProfilePage.tsx'],
  }),
);

// The server renderer as `vite build --ssr` leaves it: it echoes what it was given, and fails on request.
mkdirSync(join(dist, 'server'));
writeFileSync(
  join(dist, 'server', 'entry-server.js'),
  `let renders = 0;
export async function render({ url, lang, site, prefetched }) {
  if (url.includes('fail=1')) throw new Error('render failed');
  if (url.includes('heading=1')) return '<main><h1 class="t">' + (lang === 'en' ? 'Tea &amp; <!-- -->Ink' : '차와 먹') + '</h1></main>';
  renders++;
  return '<p data-ssr="' + url + '|' + lang + '|' + (site.user ? site.user.username : 'guest') + '|' + prefetched.length + '|' + renders + '">rendered</p>';
}`,
);
const rendered = (body: string) => /<div id="root"><p data-ssr="([^"]*)">rendered<\/p><\/div>/.exec(body)?.[1].split('|');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ WEB_DIST: dist });
});
afterAll(() => app.close());

describe('spa plugin: serving the built web app fast', () => {
  it('sends assets precompressed, cached for a year, without a cookie', async () => {
    const res = await app.inject({ url: '/assets/index-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(entry);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('preloads the interface language and the page chunks, not the entry ones', async () => {
    const ko = await app.inject({ url: '/gallery/all/' });
    // A page the server rendered paints without its scripts (issue #14): the entry comes after its image and HTML,
    // and the page's chunks are listed for apps/web/src/start.ts to preload once the largest image is in.
    expect(ko.body).toContain('<script type="module" fetchpriority="low" src="/assets/index-1.js">');
    expect(ko.body).not.toContain('rel="modulepreload"');
    const chunks = /<script id="__CHUNKS__" type="application\/json">([^<]*)<\/script>/.exec(ko.body)?.[1];
    expect(JSON.parse(chunks ?? 'null')).toEqual(['/assets/bundle-ko-1.js', '/assets/GalleryPage-1.js', '/assets/grid-1.js']);
    expect(ko.body).toContain('<link rel="stylesheet" href="/assets/GalleryPage-1.css">');
    // One the browser renders needs its scripts first, preloaded at once.
    const login = await app.inject({ url: '/login/' });
    expect(login.body).toContain('<script type="module" src="/assets/index-1.js">');
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/bundle-ko-1.js">');
    expect(login.body).not.toContain('fetchpriority="low"');
    expect(login.body).not.toContain('__CHUNKS__');
    expect(ko.body).not.toContain('bundle-en-1.js');
    const en = await app.inject({ url: '/about/', headers: { 'accept-language': 'en' } });
    expect(en.body).toContain('bundle-en-1.js');
    expect(en.body).not.toContain('GalleryPage-1.js');
  });

  it('compresses JSON answers for clients that accept it', async () => {
    const res = await app.inject({ url: '/api/v1/site/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).categories.length).toBeGreaterThan(0);
  });

  it('puts the stylesheet inside the page', () => {
    const stylesheet = join(dist, 'assets', 'style-1.css');
    writeFileSync(stylesheet, '.card{color:red}');
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/style-1.css"><link rel="stylesheet" href="/assets/gone.css"></head>';
    expect(inlineStylesheets(html, dist)).toBe('<head><style>.card{color:red}</style><link rel="stylesheet" href="/assets/gone.css"></head>');
  });

  it('compresses pages, and still answers unknown API paths with a JSON 404', async () => {
    const page = await app.inject({ url: '/gallery/all/', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('id="__SITE_DATA__"');
    const head = await app.inject({ method: 'HEAD', url: '/goodluck/' });
    expect(head.statusCode).toBe(200);
    const api = await app.inject({ url: '/api/v1/nothing-here/' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('detail');
  });

  it('inlines the gallery first page under the web query key, and nothing when filters are set', async () => {
    const member = await buildPremium(app);
    const art = await buildArtwork(app, member, { title: '첫 페이지', categoryCodes: ['photography'] });
    const page = await app.inject({ url: '/gallery/photography/' });
    const json = /<script id="__PREFETCH__" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1];
    const [entry] = JSON.parse(json ?? '[]');
    // The key the web client builds for the same page (packages/contract/src/query-keys.ts).
    expect(entry.key).toEqual(queryKeys.artworks.gallery({ categories__category: 'photography' }));
    expect(entry.infinite).toBe(true);
    expect(entry.data.results.map((a: { id: number }) => a.id)).toEqual([art.id]);
    // Text that a replacement string would expand (`$&`, `$'`) reaches the page as it was written.
    await buildArtwork(app, member, { title: "Price $& more $' end", categoryCodes: ['photography'] });
    // Written straight to the database: announce it as the API's write would (the gallery's pages are shared a moment).
    app.changes.publish('write');
    const again = await app.inject({ url: '/gallery/photography/', headers: { 'accept-language': 'en' } });
    expect(again.body).toContain(`"title":"Price $& more $' end"`);
    expect(again.body).toContain(`<p data-ssr="/gallery/photography/|en|`);
    // The card's own srcset and sizes (issue #14), so the browser fetches the file it preloaded.
    const cover = `/media/${art.croppedCover}`;
    const preload = `<link rel="preload" as="image" fetchpriority="high" href="${cover}?w=480" imagesrcset="${cover}?w=312 312w, ${cover}?w=480 480w, ${cover}?w=960 960w" imagesizes="(max-width: 600px) calc(50vw - 30px), 480px">`;
    expect(page.body).toContain(preload);
    // Ahead of the scripts, so the cover does not queue behind them on a slow link.
    expect(page.body.indexOf(preload)).toBeLessThan(page.body.indexOf('<script type="module"'));
    expect((await app.inject({ url: '/gallery/all/?search=x' })).body).not.toContain('__PREFETCH__');
    expect((await app.inject({ url: '/about/' })).body).not.toContain('__PREFETCH__');
  });

  it("inlines a profile with its first projects, a call, and preloads the largest paint's image as the page asks for it (issue #14)", async () => {
    const artist = await buildPremium(app, { banner: 'users/9/banner.jpg' });
    const art = await buildArtwork(app, artist, { title: 'Profile first' });
    const entries = (body: string) => JSON.parse(/<script id="__PREFETCH__" type="application\/json">(.*?)<\/script>/s.exec(body)?.[1] ?? '[]');
    const profile = await app.inject({ url: `/${artist.slug}/` });
    const [who, projects] = entries(profile.body);
    // The keys the web client builds (features/profiles/api/profiles.ts).
    expect(who.key).toEqual(queryKeys.profiles.bySlug(artist.slug));
    expect(who.data.id).toBe(artist.id);
    expect(projects.key).toEqual(queryKeys.profiles.artworks(artist.id, 'projects'));
    expect(projects.infinite).toBe(true);
    expect(projects.data.results.map((a: { id: number }) => a.id)).toEqual([art.id]);
    const banner = '/media/users/9/banner.jpg';
    expect(profile.body).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${banner}?w=2000" imagesrcset="${banner}?w=480 480w, ${banner}?w=960 960w, ${banner}?w=1400 1400w, ${banner}?w=2000 2000w" imagesizes="100vw">`,
    );
    expect(profile.body).toContain(`href="/media/${art.croppedCover}?w=480" imagesrcset="/media/${art.croppedCover}?w=312 312w`);
    // Another tab asks for another list: only the profile is inlined.
    expect(entries((await app.inject({ url: `/${artist.slug}/?type=collection` })).body)).toHaveLength(1);
    expect((await app.inject({ url: '/no-such-artist/' })).body).not.toContain('__PREFETCH__');

    const call = await buildInvite(app, artist, { background: 'invites/1/bg.jpg' });
    const callPage = await app.inject({ url: `/goodluck/${call.id}/` });
    const [detail] = entries(callPage.body);
    expect(detail.key).toEqual(queryKeys.invites.detail(call.id));
    expect(detail.data.title).toBe(call.title);
    expect(callPage.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/invites/1/bg.jpg?w=2000" imagesrcset=');

    // Home's first banner (from the global page data) is its largest paint; an artwork's page draws home under the
    // overlay, whose first body image is the largest paint there.
    await app.db.insert(banners).values([
      { image: 'banners/first.jpg', alt: 'First', level: 5 },
      { image: 'banners/second.jpg', alt: 'Second', level: 1 },
    ]);
    app.changes.publish('write');
    const firstBanner = '<link rel="preload" as="image" fetchpriority="high" href="/media/banners/first.jpg';
    const home = await app.inject({ url: '/' });
    expect(home.body).toContain(`${firstBanner}?w=1400" imagesrcset="/media/banners/first.jpg?w=480 480w`);
    expect(home.body).not.toContain('banners/second.jpg?w=1400');
    expect((await app.inject({ url: '/about/' })).body).not.toContain(firstBanner);

    const artworkPage = await app.inject({ url: `/artwork/${art.id}/` });
    expect(artworkPage.body).not.toContain(firstBanner);
    expect(artworkPage.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/test/content.png?w=960" imagesrcset="/media/test/content.png?w=480 480w, /media/test/content.png?w=960 960w, /media/test/content.png?w=1400 1400w, /media/test/content.png?w=2000 2000w" imagesizes="(max-width: 1400px) 100vw, 1400px">',
    );
    const [artwork] = entries(artworkPage.body);
    expect(artwork).toMatchObject({ key: queryKeys.artworks.detail(art.id), infinite: false, stale: true, data: { id: art.id, title: 'Profile first' } });
    expect((await app.inject({ url: '/artwork/999999/' })).body).not.toContain('__PREFETCH__');
  });

  it("counts an artwork page's view for its viewer once, whether the page or the browser asked first (SPEC §7, issue #14)", async () => {
    const artist = await buildPremium(app);
    const art = await buildArtwork(app, artist, { hit: 0 });
    const hits = async () => (await app.db.select({ hit: artworks.hit }).from(artworks).where(eq(artworks.id, art.id)))[0]?.hit;
    const viewer = { remoteAddress: '10.1.2.3', headers: { 'user-agent': 'Phone/1' } };
    await app.inject({ url: `/artwork/${art.id}/`, ...viewer });
    expect(await hits()).toBe(1);
    // The same viewer's browser asks again after hydration: nothing more to count.
    await app.inject({ url: `/api/v1/artworks/${art.id}/`, ...viewer });
    expect(await hits()).toBe(1);
    // Another guest gets the shared page, and their browser's request counts them.
    await app.inject({ url: `/artwork/${art.id}/`, remoteAddress: '10.4.5.6' });
    expect(await hits()).toBe(1);
    await app.inject({ url: `/api/v1/artworks/${art.id}/`, remoteAddress: '10.4.5.6' });
    expect(await hits()).toBe(2);
  });

  it('server-renders public pages into #root with the viewer, language and first queries', async () => {
    const page = await app.inject({ url: '/gallery/all/', headers: { 'accept-language': 'en' } });
    const [url, lang, viewer, queries] = rendered(page.body) ?? [];
    expect({ url, lang, viewer, queries }).toEqual({ url: '/gallery/all/', lang: 'en', viewer: 'guest', queries: '1' });
    // Pages the server does not render (forms, guarded pages) leave #root to the browser.
    expect((await app.inject({ url: '/login/' })).body).toContain('<div id="root"></div>');
    expect((await app.inject({ url: '/upload/' })).body).toContain('<div id="root"></div>');
    // Nor do redirects: /gallery/ only sends the browser on to /gallery/all/.
    expect((await app.inject({ url: '/gallery/' })).body).toContain('<div id="root"></div>');
  });

  it('titles a rendered page no feature titles by its h1 in the request language, and sets <html lang> (issue #21)', async () => {
    expect(headingOf('<div><h1 id="x" class="a">A &lt;b&gt; &amp; <!-- -->&quot;c&quot; <span>d</span></h1><h1>second</h1></div>')).toBe('A <b> & "c" d');
    expect(headingOf('<p>none</p>')).toBe('');
    const en = (await app.inject({ url: '/about/?heading=1', headers: { cookie: 'lang=en' } })).body;
    expect(en).toContain('<title>Tea &#38; Ink | AXOO</title>');
    expect(en).toMatch(/^<!doctype html><html lang="en">/i);
    const ko = (await app.inject({ url: '/about/?heading=1', headers: { cookie: 'lang=ko' } })).body;
    expect(ko).toContain('<title>차와 먹 | AXOO</title>');
    expect(ko).toMatch(/^<!doctype html><html lang="ko">/i);
    // Without a heading, the site's name.
    expect((await app.inject({ url: '/login/' })).body).toContain('<title>AXOO</title>');
  });

  it("takes the pages it renders from the web build's page map; any other one segment is a profile unless reserved", () => {
    const modulesOf = pageModulesOf(join(dist, 'page-modules.json'));
    expect(modulesOf('/gallery/all/')).toEqual(['src/features/gallery/GalleryPage.tsx']);
    expect(modulesOf('/kim.art/')).toEqual(['src/features/profiles/ProfilePage.tsx']);
    expect(modulesOf('/upload/')).toEqual([]);
    expect(modulesOf('/login/')).toEqual([]);
    expect(modulesOf('/a/b/')).toEqual([]);
    expect(pageModulesOf(join(dist, 'missing.json'))('/gallery/all/')).toEqual([]);
  });

  it('sends the page without markup when the renderer fails', async () => {
    const page = await app.inject({ url: '/gallery/all/?fail=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('id="__SITE_DATA__"');
  });

  it('renders a page once for all guests for a moment, never shares a member page, and forgets on a write', async () => {
    const url = `/goodluck/?guest-cache=${Date.now()}`;
    const first = rendered((await app.inject({ url })).body)?.[4];
    expect(rendered((await app.inject({ url })).body)?.[4]).toBe(first);
    const member = await buildPremium(app);
    const agent = new Agent(app, 'ko');
    await loginAs(agent, member);
    const mine = rendered((await agent.request({ url })).body);
    expect(mine?.[2]).toBe(member.username);
    expect(mine?.[4]).not.toBe(first);
    expect(rendered((await agent.request({ url })).body)?.[4]).not.toBe(mine?.[4]);
    // Any write through the server (here a collect) drops the shared guest pages.
    const art = await buildArtwork(app, member);
    await agent.request({ method: 'POST', url: '/api/v1/collections/', payload: { artwork: art.id } });
    expect(rendered((await app.inject({ url })).body)?.[4]).not.toBe(first);
  });
});

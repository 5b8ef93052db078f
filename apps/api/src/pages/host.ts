import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type PrefetchedQuery, pageTitle, profileSlugOf } from '@axoo/contract';
import { baseUrl } from '../http/paging.ts';

/** Open Graph / Twitter card data for a shared link (DESIGN: share previews in the served HTML). */
export interface ShareMeta {
  title: string;
  description: string;
  image?: string;
  imageAlt?: string;
  imageWidth?: number;
  imageHeight?: number;
  type?: string;
  /** The page's robots directives (issue #18: `noai, noimageai` for work reserved from AI training). */
  robots?: string;
}
export type ShareMetaResolver = (pathname: string, request: FastifyRequest) => Promise<ShareMeta | null>;
/**
 * More tags for a page's head (issue #18: JSON-LD, oEmbed and feed discovery links). Unlike share tags, every
 * resolver that knows the path contributes; each returns finished, escaped markup or null.
 */
export type HeadTagsResolver = (pathname: string, request: FastifyRequest) => Promise<string | null>;

/**
 * An API answer the page will ask for at once, inlined into the HTML under the query key the web
 * client uses, so the first paint of that page needs no further request.
 */
export interface Prefetch {
  key: unknown[];
  /** An infinite query's first page. */
  infinite?: boolean;
  url: string;
  /** Images of the answer that are the page's largest paint, as the page's `<img>` asks for them. */
  images?: (answer: unknown) => PreloadImage[];
  /** A query the page asks for once this answer is in (a profile's first projects need its id). */
  next?: (answer: unknown) => Prefetch | null;
  /** The browser asks again after hydration (see PrefetchedQuery). */
  stale?: boolean;
}
export type PrefetchResolver = (pathname: string, search: string) => Prefetch | null;

/** A first query's answer: for the renderer, for the page's inline script, and the images to preload. */
interface Prefetched {
  query: PrefetchedQuery;
  entry: string;
  images: PreloadImage[];
}

/** The web build's server renderer (`apps/web/src/entry-server.tsx`, built into `<dist>/server`). */
interface Renderer {
  render(input: { url: string; origin: string; lang: string; site: unknown; prefetched: PrefetchedQuery[] }): Promise<string>;
}

/** The global page data (JSON text) for a request's viewer and language; the site feature provides it. */
export type GlobalPageData = (request: FastifyRequest) => Promise<string>;
/** An image to preload in the head, as the page's `<img>` asks for it (srcset and sizes included). */
export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
}
/** The largest paint's images that come from the global page data (home's first banner), by path. */
export type GlobalPageImages = (pathname: string, site: unknown) => PreloadImage[];

declare module 'fastify' {
  interface FastifyInstance {
    /** Page data that features provide to every page (the host knows no feature). */
    pageData: { global: GlobalPageData | null; images: GlobalPageImages | null };
    /** Features push resolvers for their routes (artwork, profile, invite); the first match wins. */
    shareMeta: ShareMetaResolver[];
    /** Features push resolvers of further head tags (JSON-LD, discovery links); all that answer are added. */
    headTags: HeadTagsResolver[];
    /** Features push the first queries of their pages (e.g. the gallery's first page). */
    prefetch: PrefetchResolver[];
    sendSpa(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

const FALLBACK = '<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>AXOO</title></head><body><div id="root"></div></body></html>';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a script tag: no `<` may end it early. */
const scriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The text of the first h1 of server-rendered markup (React escapes text, so entities are undone here). */
export function headingOf(markup: string): string {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(markup)?.[1] ?? '';
  return inner
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#x27|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", amp: '&' })[e] ?? '')
    .trim();
}

/** The page's language versions (issue #18): the same path in Korean and English (`?lang=`), and the default. */
export function languageLinks(base: string, pathname: string, lang: string | null): string {
  const url = (l: string | null) => escapeHtml(`${base}${pathname}${l ? `?lang=${l}` : ''}`);
  return [
    `<link rel="canonical" href="${url(lang)}">`,
    `<link rel="alternate" hreflang="ko" href="${url('ko')}">`,
    `<link rel="alternate" hreflang="en" href="${url('en')}">`,
    `<link rel="alternate" hreflang="x-default" href="${url(null)}">`,
  ].join('');
}

/** Structured data for a page's head (schema.org JSON-LD), safe inside its script tag. */
export const jsonLdTag = (data: unknown) => `<script type="application/ld+json">${scriptJson(JSON.stringify(data))}</script>`;

export function renderMetaTags(meta: ShareMeta, url: string, siteName: string): string {
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', meta.type ?? 'website'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', url],
    ['name', 'description', meta.description],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.robots) tags.push(['name', 'robots', meta.robots]);
  if (meta.image) {
    tags.push(['property', 'og:image', meta.image], ['name', 'twitter:image', meta.image]);
    if (meta.imageAlt) tags.push(['property', 'og:image:alt', meta.imageAlt], ['name', 'twitter:image:alt', meta.imageAlt]);
    if (meta.imageWidth) tags.push(['property', 'og:image:width', String(meta.imageWidth)]);
    if (meta.imageHeight) tags.push(['property', 'og:image:height', String(meta.imageHeight)]);
  }
  return [`<title>${escapeHtml(meta.title)}</title>`, ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`)].join('');
}

/**
 * Named plugin `spa`: serves the built web app. Every page answer is index.html with the global page
 * data inlined (first paint needs no request) and share-preview meta tags for the path.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance) => {
    const here = dirname(fileURLToPath(import.meta.url));
    const dist = resolve(app.config.WEB_DIST ?? join(here, '../../../web/dist'));
    const indexFile = join(dist, 'index.html');
    const template = existsSync(indexFile) ? inlineStylesheets(readFileSync(indexFile, 'utf8').replace(/<title>.*?<\/title>/s, ''), dist) : FALLBACK;
    const pageModules = pageModulesOf(join(dist, 'page-modules.json'));
    const preloads = routePreloads(join(dist, '.vite', 'manifest.json'), pageModules);
    const renderer = await loadRenderer(join(dist, 'server', 'entry-server.js'), app);
    app.decorate('shareMeta', [] as ShareMetaResolver[]);
    app.decorate('prefetch', [] as PrefetchResolver[]);
    app.decorate('headTags', [] as HeadTagsResolver[]);
    app.decorate('pageData', { global: null as GlobalPageData | null, images: null as GlobalPageImages | null });

    if (existsSync(join(dist, 'assets'))) {
      await app.register(fastifyStatic, {
        root: join(dist, 'assets'),
        prefix: '/assets/',
        immutable: true,
        maxAge: '365d',
        index: false,
        decorateReply: false,
        // The web build writes .br and .gz beside each asset.
        preCompressed: true,
      });
    }
    for (const file of ['favicon.svg']) {
      const path = join(dist, file);
      if (existsSync(path)) {
        const body = readFileSync(path);
        app.get(`/${file}`, { schema: { hide: true } }, (_req, reply) =>
          reply
            .type(file.endsWith('.svg') ? 'image/svg+xml' : 'text/plain')
            .header('Cache-Control', 'public, max-age=86400')
            .send(body),
        );
      }
    }

    /** The page for this request's path, language and viewer. */
    const buildPage = async (request: FastifyRequest): Promise<string> => {
      const { pathname, search } = new URL(request.url, 'http://x');
      const [meta, data, prefetched, more] = await Promise.all([
        shareMeta(app, request, pathname),
        app.pageData.global?.(request) ?? Promise.resolve('null'),
        prefetch(app, request, pathname, search),
        headTags(app, request, pathname),
      ]);
      const base = baseUrl(request);
      const linked = /[?&]lang=(ko|en)(?:&|$)/.exec(search)?.[1] ?? null;
      const site: unknown = JSON.parse(data);
      const images = `${(app.pageData.images?.(pathname, site) ?? []).map(preloadLink).join('')}${prefetched.images}`;
      let markup = '';
      if (renderer && pageModules(pathname).length) {
        markup = await renderer
          .render({ url: `${pathname}${search}`, origin: baseUrl(request), lang: request.lang, site, prefetched: prefetched.queries })
          .catch((err) => {
            // The browser renders the page itself, as it would without a server renderer.
            request.log.warn({ err, url: request.url }, 'server rendering failed');
            return '';
          });
      }
      // A page no feature titles (issue #21): its h1 as rendered, in the request's language, and the site's name.
      const heading = meta.title === app.config.SITE_NAME ? headingOf(markup) : '';
      const titled = heading ? { ...meta, title: pageTitle(heading, app.config.SITE_NAME) } : meta;
      const pagePreloads = preloads(pathname, request.lang);
      const head = `${pagePreloads.css}${scriptPreloads(pagePreloads, markup !== '')}${renderMetaTags(titled, `${base}${pathname}`, app.config.SITE_NAME)}${languageLinks(base, pathname, linked)}${more}<script id="__SITE_DATA__" type="application/json">${scriptJson(data)}</script>${prefetched.tags}`;
      // Replacer functions throughout: user content may hold `$&` or `$'`, which a replacement string would expand.
      const page = template
        .replace('<html lang="ko">', () => `<html lang="${request.lang}">`)
        // The largest paint's images before the scripts: on a slow link they must not queue behind them.
        .replace(/<script type="module"|<\/head>/, (first) => `${images}${first}`)
        .replace('</head>', () => `${head}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
      // A page the server rendered paints without its scripts (issue #14): they load after the largest paint's image
      // and the HTML on a slow link, not before them; a page the browser renders needs them first.
      return markup ? page.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"') : page;
    };

    app.decorate('sendSpa', async (request: FastifyRequest, reply: FastifyReply) => {
      // Guests' pages are the same for everyone of a host and language: rendered once per moment.
      const html = await (request.user
        ? buildPage(request)
        : app.guestAnswers.get('page', `${baseUrl(request)}|${request.lang}|${request.url}`, () => buildPage(request)));
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie').send(html);
    });
  },
  { name: 'spa', dependencies: ['db', 'sessions', 'i18n', 'guest-answers'] },
);

/**
 * The app's stylesheet (one file, about 11 KB compressed) goes inside the page: a server-rendered
 * page paints as soon as its HTML arrives, instead of after one more request that would share the
 * connection with the scripts.
 */
export function inlineStylesheets(html: string, dist: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const path = join(dist, file);
    return existsSync(path) ? `<style>${readFileSync(path, 'utf8')}</style>` : tag;
  });
}

/** A high-priority preload of the largest paint's image, with the `<img>`'s own srcset and sizes so it is the same fetch. */
const preloadLink = (i: PreloadImage) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(i.href)}"${i.srcset ? ` imagesrcset="${escapeHtml(i.srcset)}"` : ''}${i.sizes ? ` imagesizes="${escapeHtml(i.sizes)}"` : ''}>`;

/** The share-preview tags of a path: the first feature resolver that knows it, else the site's own. */
async function shareMeta(app: FastifyInstance, request: FastifyRequest, pathname: string): Promise<ShareMeta> {
  for (const resolveMeta of app.shareMeta) {
    const meta = await resolveMeta(pathname, request).catch((err) => {
      request.log.warn({ err }, 'share meta failed');
      return null;
    });
    if (meta) return meta;
  }
  return {
    title: app.config.SITE_NAME,
    description: request.lang === 'en' ? 'Portfolio gallery for artists, and open calls by brands.' : '아티스트의 포트폴리오 갤러리, 브랜드의 오픈콜.',
  };
}

/** Every feature's further head tags for the path, in registration order (a failing resolver adds nothing). */
async function headTags(app: FastifyInstance, request: FastifyRequest, pathname: string): Promise<string> {
  const tags = await Promise.all(
    app.headTags.map((resolveTags) =>
      resolveTags(pathname, request).catch((err) => {
        request.log.warn({ err }, 'head tags failed');
        return null;
      }),
    ),
  );
  return tags.filter(Boolean).join('');
}

/** Loads the web build's server renderer when the build has one; without it pages render in the browser. */
async function loadRenderer(file: string, app: FastifyInstance): Promise<Renderer | null> {
  if (!existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as Renderer;
  } catch (err) {
    app.log.warn({ err }, 'the server renderer did not load; pages render in the browser');
    return null;
  }
}

/**
 * Runs the page's first queries in-process, as the viewer: the answers for the server renderer, and
 * the inline script (plus image preloads) that hands them to the browser.
 */
async function prefetch(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
  search: string,
): Promise<{ queries: PrefetchedQuery[]; images: string; tags: string }> {
  const wanted = app.prefetch.map((resolve) => resolve(pathname, search)).filter((p): p is Prefetch => p !== null);
  if (!wanted.length) return { queries: [], images: '', tags: '' };
  const load = async (p: Prefetch): Promise<Prefetched[]> => {
    // As the viewer: their session and language, and their address and browser (an artwork's view is theirs).
    const res = await app.inject({
      method: 'GET',
      url: p.url,
      remoteAddress: request.ip,
      headers: {
        cookie: request.headers.cookie ?? '',
        'accept-language': request.headers['accept-language'] ?? '',
        'user-agent': request.headers['user-agent'] ?? '',
        host: request.headers.host ?? 'localhost',
      },
    });
    if (res.statusCode !== 200) return [];
    const data: unknown = JSON.parse(res.body);
    const next = p.next?.(data);
    const self: Prefetched = {
      query: { key: p.key, infinite: Boolean(p.infinite), data, ...(p.stale ? { stale: true } : {}) },
      entry: `{"key":${JSON.stringify(p.key)},"infinite":${Boolean(p.infinite)},${p.stale ? '"stale":true,' : ''}"data":${res.body}}`,
      images: p.images ? p.images(data) : [],
    };
    return [self, ...(next ? await load(next) : [])];
  };
  const ok = (await Promise.all(wanted.map(load))).flat();
  if (!ok.length) return { queries: [], images: '', tags: '' };
  return {
    queries: ok.map((a) => a.query),
    images: ok
      .flatMap((a) => a.images)
      .map(preloadLink)
      .join(''),
    tags: `<script id="__PREFETCH__" type="application/json">${scriptJson(`[${ok.map((a) => a.entry).join(',')}]`)}</script>`,
  };
}

/** Paths the SPA never owns: these 404 as JSON instead of answering with the page. */
export function isApiPath(pathname: string): boolean {
  return /^\/(api|media|assets|healthz|readyz)(\/|$)/.test(pathname);
}

/** The web build's page → module map (`apps/web/src/page-modules.ts`, written to `dist/page-modules.json`). */
interface PageModules {
  pages: { pattern: string; modules: string[] }[];
  profile: string[];
}

/**
 * Source modules each public page needs before it can paint, by the web build's map; these pages are also
 * the ones the server renders. `/<slug>/` is a profile unless the slug is a reserved route segment.
 */
export function pageModulesOf(file: string): (pathname: string) => string[] {
  if (!existsSync(file)) return () => [];
  const map = JSON.parse(readFileSync(file, 'utf8')) as PageModules;
  const pages = map.pages.map((p) => ({ pattern: new RegExp(p.pattern), modules: p.modules }));
  return (pathname) => {
    const page = pages.find((p) => p.pattern.test(pathname));
    if (page) return page.modules;
    return profileSlugOf(pathname) ? map.profile : [];
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * `<link>` tags that fetch, in parallel with the entry, the interface language's translations and
 * the page's own chunks: without them each is a further round trip after the entry runs.
 */
export function routePreloads(manifestFile: string, pageModules: (pathname: string) => string[]): (pathname: string, lang: string) => PagePreloads {
  const none: PagePreloads = { css: '', js: [] };
  if (!existsSync(manifestFile)) return () => none;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryFiles = new Set<string>();
  const collectEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    for (const i of chunk.imports ?? []) collectEntry(i);
  };
  collectEntry('index.html');
  const cache = new Map<string, PagePreloads>();
  return (pathname, lang) => {
    // The app's start (`main.tsx` imports it after the first frame, issue #14), the language, the page.
    const modules = ['src/boot.tsx', `src/i18n/bundle-${lang}.ts`, ...pageModules(pathname)];
    const cacheKey = modules.join('|');
    const hit = cache.get(cacheKey);
    if (hit !== undefined) return hit;
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file) || entryFiles.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const m of modules) visit(m);
    const found: PagePreloads = {
      css: [...css].map((f) => `<link rel="stylesheet" href="/${f}">`).join(''),
      js: [...js].map((f) => `/${f}`),
    };
    cache.set(cacheKey, found);
    return found;
  };
}

/** A page's stylesheets (tags) and the scripts it will import (paths), from the web build's manifest. */
export interface PagePreloads {
  css: string;
  js: string[];
}

/**
 * How the page's scripts are fetched early. A page the browser renders needs them at once (`modulepreload`); a page
 * the server rendered lists them for `apps/web/src/start.ts`, which preloads them after the largest image (issue #14).
 */
export function scriptPreloads(preloads: PagePreloads, rendered: boolean): string {
  if (rendered) return preloads.js.length ? `<script id="__CHUNKS__" type="application/json">${scriptJson(JSON.stringify(preloads.js))}</script>` : '';
  return preloads.js.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
}

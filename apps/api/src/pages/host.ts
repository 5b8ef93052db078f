import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageTitle } from '@axoo/contract';
import { scriptJson } from '../html/escape.ts';
import type { GlobalPageData, GlobalPageImages, HeadTagsResolver, PageLoaderEntry, PrefetchResolver, ShareMetaResolver } from '../html/page-hooks.ts';
import { baseUrl } from '../http/paging.ts';
import { headingOf, headTags, languageLinks, loadTemplate, renderMetaTags, shareMeta } from './document.ts';
import { prefetch } from './prefetch.ts';
import { pageModulesOf, preloadLink, routePreloads, scriptPreloads } from './preloads.ts';
import { loadRenderer, renderPage } from './render.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sendSpa(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

/** Paths the SPA never owns: these 404 as JSON instead of answering with the page. */
export function isApiPath(pathname: string): boolean {
  return /^\/(api|media|assets|healthz|readyz)(\/|$)/.test(pathname);
}

/** The built assets (precompressed beside each file) and the favicon. */
async function serveAssets(app: FastifyInstance, dist: string) {
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
  // Issue #34 (7): the installable app's manifest, icons and service worker sit at the site's root (a worker's scope
  // is its folder); the worker is asked again on each visit, so a new one takes over at once.
  const files: Record<string, [type: string, cache: string]> = {
    'favicon.svg': ['image/svg+xml', 'public, max-age=86400'],
    'manifest.webmanifest': ['application/manifest+json', 'public, max-age=3600'],
    'sw.js': ['text/javascript; charset=utf-8', 'no-cache'],
    'icons/icon-192.png': ['image/png', 'public, max-age=86400'],
    'icons/icon-512.png': ['image/png', 'public, max-age=86400'],
    'icons/maskable-512.png': ['image/png', 'public, max-age=86400'],
    'icons/apple-touch-icon.png': ['image/png', 'public, max-age=86400'],
  };
  for (const [file, [type, cache]] of Object.entries(files)) {
    const path = join(dist, file);
    if (existsSync(path)) {
      const body = readFileSync(path);
      app.get(`/${file}`, { schema: { hide: true } }, (_req, reply) => reply.type(type).header('Cache-Control', cache).send(body));
    }
  }
}

/**
 * Named plugin `spa`: serves the built web app. Every page answer is index.html (`document.ts`) with the global page
 * data inlined (first paint needs no request), share-preview and further head tags, the page's first queries
 * (`prefetch.ts`), its markup rendered on the server (`render.ts`) and the preloads of its images and chunks
 * (`preloads.ts`).
 */
export const spaPlugin = fp(
  async (app: FastifyInstance) => {
    const here = dirname(fileURLToPath(import.meta.url));
    const dist = resolve(app.config.WEB_DIST ?? join(here, '../../../web/dist'));
    const template = loadTemplate(dist);
    const pageModules = pageModulesOf(join(dist, 'page-modules.json'));
    const preloads = routePreloads(join(dist, '.vite', 'manifest.json'), pageModules);
    const renderer = await loadRenderer(join(dist, 'server', 'entry-server.js'), app);
    app.decorate('shareMeta', [] as ShareMetaResolver[]);
    app.decorate('prefetch', [] as PrefetchResolver[]);
    app.decorate('headTags', [] as HeadTagsResolver[]);
    app.decorate('pageLoaders', [] as PageLoaderEntry[]);
    app.decorate('pageData', { global: null as GlobalPageData | null, images: null as GlobalPageImages | null });
    await serveAssets(app, dist);

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
      const markup =
        renderer && pageModules(pathname).length
          ? await renderPage(renderer, request, { url: `${pathname}${search}`, origin: base, site, prefetched: prefetched.queries })
          : '';
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
      // A signed-in viewer's page is theirs: `private`, so no shared cache and no service worker keeps it (issue #34.7).
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', request.user ? 'private, no-cache' : 'no-cache')
        .header('Vary', 'Accept-Language, Cookie')
        .send(html);
    });
  },
  { name: 'spa', dependencies: ['db', 'sessions', 'i18n', 'guest-answers'] },
);

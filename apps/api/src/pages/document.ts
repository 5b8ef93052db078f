import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../html/escape.ts';
import type { ShareMeta } from '../html/page-hooks.ts';

/** The page without a web build (tests, the API alone). */
const FALLBACK = '<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>AXOO</title></head><body><div id="root"></div></body></html>';

/** The built `index.html` with its stylesheet inlined and its title left to each page, or a bare page without a build. */
export function loadTemplate(dist: string): string {
  const indexFile = join(dist, 'index.html');
  return existsSync(indexFile) ? inlineStylesheets(readFileSync(indexFile, 'utf8').replace(/<title>.*?<\/title>/s, ''), dist) : FALLBACK;
}

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

/** The share-preview tags of a path: the first feature resolver that knows it, else the site's own. */
export async function shareMeta(app: FastifyInstance, request: FastifyRequest, pathname: string): Promise<ShareMeta> {
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
export async function headTags(app: FastifyInstance, request: FastifyRequest, pathname: string): Promise<string> {
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

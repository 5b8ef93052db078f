import { existsSync, readFileSync } from 'node:fs';
import { profileSlugOf } from '@axoo/contract';
import { escapeHtml, scriptJson } from '../html/escape.ts';
import type { PreloadImage } from '../html/page-hooks.ts';

/** A high-priority preload of the largest paint's image, with the `<img>`'s own srcset and sizes so it is the same fetch. */
export const preloadLink = (i: PreloadImage) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(i.href)}"${i.srcset ? ` imagesrcset="${escapeHtml(i.srcset)}"` : ''}${i.sizes ? ` imagesizes="${escapeHtml(i.sizes)}"` : ''}>`;

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

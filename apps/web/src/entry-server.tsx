import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import i18next from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { createQueryClient, type PrefetchedQuery, seedQueries, shell } from './App.tsx';
import { NAMESPACES, translationsBackend } from './i18n/index.ts';
import { chunksLoading } from './lazy.ts';
import { OriginContext } from './origin.ts';
import type { SiteData } from './site.ts';

/**
 * Server rendering (DESIGN: first paint from the HTML). The API server calls `render` for a page
 * it serves and puts the markup into `#root`; the browser then hydrates it with the same global
 * page data and first queries, which the server inlines beside it.
 */
export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  /** The site's origin as the request reached it, for absolute links. */
  origin: string;
  lang: 'ko' | 'en';
  site: SiteData;
  prefetched: PrefetchedQuery[];
}

const instances = new Map<string, Promise<I18n>>();

/** One translation instance per language with every namespace loaded: rendering never waits for them again. */
function translations(lang: 'ko' | 'en'): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    const i18n = i18next.createInstance().use(translationsBackend);
    instance = i18n
      .init({ lng: lang, ns: NAMESPACES, defaultNS: 'common', fallbackLng: false, interpolation: { escapeValue: false }, returnNull: false })
      .then(() => i18n);
    instances.set(lang, instance);
  }
  return instance;
}

/** React's mark for a Suspense boundary the server left to the browser. */
const CLIENT_RENDERED = '<!--$!-->';
const PASSES = 4;

export async function render({ url, origin, lang, site, prefetched }: RenderInput): Promise<string> {
  const i18n = await translations(lang);
  const client = createQueryClient(site);
  seedQueries(client, prefetched);
  const page = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <OriginContext value={origin}>
            <StaticRouter location={url}>{shell}</StaticRouter>
          </OriginContext>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
  try {
    // A lazily loaded part suspends the first time it renders in this process (each nested one in
    // turn); once its chunk is in, it renders at once. So: render, and while a boundary was left to
    // the browser because a chunk was loading, wait for exactly those chunks and render again.
    for (let pass = 1; pass <= PASSES; pass++) {
      const html = renderToString(page);
      if (!html.includes(CLIENT_RENDERED)) return html;
      const loading = chunksLoading();
      if (!loading) break;
      await loading;
    }
    throw await failure(page, url);
  } finally {
    client.clear();
  }
}

/**
 * Why a page did not render whole. renderToString swallows errors inside Suspense boundaries, so
 * render once more in the mode that reports them (only on this rare path).
 */
async function failure(page: ReactNode, url: string): Promise<unknown> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(page, { onError: (error) => void errors.push(error), signal: AbortSignal.timeout(1000) });
  prelude.resume();
  return errors[0] ?? new Error(`${url} still suspends after ${PASSES} passes`);
}

/** The app's start (loaded by main.tsx): global page data, first queries, then hydration or the first render. */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient, createRouter, seedPrefetched } from './App.tsx';
import { i18nReady } from './i18n/index.ts';
import { fetchSite, readInlinedSiteData } from './site.ts';

/** Starts the app: hydrates the server's markup, or renders a page the browser draws itself. */
export async function start(): Promise<void> {
  // The server inlines the global page data; a static host without it costs one request.
  const [site] = await Promise.all([readInlinedSiteData() ?? fetchSite(), i18nReady]);
  const client = createQueryClient(site);
  seedPrefetched(client);
  const router = createRouter();

  const container = document.getElementById('root') as HTMLElement;
  const app = (
    <StrictMode>
      <App client={client} router={router} />
    </StrictMode>
  );
  // As a transition, the first render (or the hydration of the server's markup) yields to the
  // browser every few milliseconds instead of holding the main thread for the whole page.
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

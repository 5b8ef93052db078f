import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient, createRouter, seedPrefetched } from './App.tsx';
import { fetchSite, readInlinedSiteData } from './site.ts';
import { i18nReady } from './i18n/index.ts';
import './styles/global.css';

// The server inlines the global page data; a static host without it costs one request.
const [site] = await Promise.all([readInlinedSiteData() ?? fetchSite(), i18nReady]);
const client = createQueryClient(site);
seedPrefetched(client);
const router = createRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App client={client} router={router} />
  </StrictMode>,
);

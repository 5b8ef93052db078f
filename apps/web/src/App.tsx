import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Layout } from './shell/Layout.tsx';
import { type SiteData, siteQueryKey } from './site.ts';

export function createQueryClient(site: SiteData | undefined) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  if (site) client.setQueryData(siteQueryKey, site);
  return client;
}

/** The page's first queries the server inlined (`__PREFETCH__`), put in the cache under their keys. */
export function seedPrefetched(client: QueryClient) {
  const el = document.getElementById('__PREFETCH__');
  if (!el?.textContent) return;
  try {
    const entries = JSON.parse(el.textContent) as { key: unknown[]; infinite: boolean; data: unknown }[];
    for (const { key, infinite, data } of entries) client.setQueryData(key, infinite ? { pages: [data], pageParams: [0] } : data);
  } catch {
    // A broken inline script only costs the request it would have saved.
  }
}

/** One catch-all route: the shell renders the page routes itself (keep-alive, overlay). */
export function createRouter() {
  return createBrowserRouter([{ path: '*', element: <Layout /> }]);
}

export function App({ client, router }: { client: QueryClient; router: ReturnType<typeof createRouter> }) {
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

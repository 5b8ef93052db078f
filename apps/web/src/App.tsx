import type { PrefetchedQuery } from '@axoo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ArtworkSlotsProvider } from './features/artworks/slots.tsx';
import { ArtworkLevelButtons } from './features/curation/ArtworkLevelButtons.tsx';
import { ContactButton } from './features/inbox/components/ContactButton.tsx';
import { InboxLink } from './features/inbox/components/InboxLink.tsx';
import { FollowButton } from './features/follows/components/FollowButton.tsx';
import { AiTrainingControl } from './features/rights/AiTraining.tsx';
import { lazyComponent } from './lazy.ts';
import { pageRoutes } from './routes.tsx';
import { Layout } from './shell/Layout.tsx';
import { type SiteData, siteQueryKey } from './site.ts';

export function createQueryClient(site: SiteData | undefined) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  if (site) client.setQueryData(siteQueryKey, site);
  return client;
}

/** A page's first query as the server ran it (`__PREFETCH__`): its key and answer. */
export type { PrefetchedQuery };

export function seedQueries(client: QueryClient, entries: PrefetchedQuery[]) {
  for (const { key, infinite, data, stale } of entries) {
    // A stale one is drawn from the page's answer, then asked again (issue #14: an artwork page counts the view).
    client.setQueryData(key, infinite ? { pages: [data], pageParams: [0] } : data, stale ? { updatedAt: 0 } : undefined);
  }
}

/** The page's first queries the server inlined (`__PREFETCH__`), put in the cache under their keys. */
export function seedPrefetched(client: QueryClient) {
  const el = document.getElementById('__PREFETCH__');
  if (!el?.textContent) return;
  try {
    seedQueries(client, JSON.parse(el.textContent) as PrefetchedQuery[]);
  } catch {
    // A broken inline script only costs the request it would have saved.
  }
}

const ArtworkOverlay = lazyComponent(() => import('./features/artworks/ArtworkOverlay.tsx'));
// Loaded only for a logged-in user's top bar: a guest's first page carries no notifications code.
const NotificationBell = lazyComponent(() => import('./features/notifications/components/Bell.tsx'));

/**
 * What the app puts into the artwork kit: staff level buttons on cards and in the overlay (SPEC §4), the inbox's
 * contact button in the overlay and on profiles (issue #20), follow buttons (issue #17), and the AI-training badge
 * (issue #18).
 */
export const artworkSlots = {
  LevelControl: ArtworkLevelButtons,
  ContactControl: ContactButton,
  FollowControl: FollowButton,
  RightsControl: AiTrainingControl,
};

/**
 * One catch-all route: the shell renders the page routes itself (keep-alive, overlay). The screens that combine
 * features are composed here: the route table, the overlay from the artwork kit, and the kit's slots.
 */
export const shellRoutes = [
  {
    path: '*',
    element: (
      <ArtworkSlotsProvider slots={artworkSlots}>
        <Layout
          routes={pageRoutes}
          overlay={(id) => <ArtworkOverlay key={id} id={id} />}
          tools={
            <>
              <InboxLink />
              <NotificationBell />
            </>
          }
        />
      </ArtworkSlotsProvider>
    ),
  },
];

export function createRouter() {
  return createBrowserRouter(shellRoutes);
}

export function App({ client, router }: { client: QueryClient; router: ReturnType<typeof createRouter> }) {
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

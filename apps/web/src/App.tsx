import type { PrefetchedQuery } from '@axoo/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { ArtworkLevelButtons } from './features/curation/ArtworkLevelButtons.tsx';
import { guardHistory } from './kit/leave-guard.ts';
import { type ArtworkSlots, ArtworkSlotsProvider } from './kit/slots.tsx';
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

const ArtworkOverlay = lazyComponent(() => import('./kit/ArtworkOverlay.tsx'));
// Loaded only for a logged-in user's top bar: a guest's first page carries no notifications code.
const NotificationBell = lazyComponent(() => import('./features/notifications/components/Bell.tsx'));
const InboxLink = lazyComponent(() => import('./features/conversations/components/InboxLink.tsx').then((m) => ({ default: m.InboxLink })));

// The kit's slot controls load with the pages that draw them (the overlay, profiles: page-modules.ts preloads them
// there), not with every page (issue #29.7); each is its own boundary, so hydration waits for no more than the control.
const ContactButton = lazyComponent(() => import('./features/conversations/components/ContactButton.tsx').then((m) => ({ default: m.ContactButton })));
const FollowButton = lazyComponent(() => import('./features/follows/components/FollowButton.tsx').then((m) => ({ default: m.FollowButton })));
const AiTrainingControl = lazyComponent(() => import('./features/rights/AiTraining.tsx').then((m) => ({ default: m.AiTrainingControl })));

/** A lazily loaded control in a boundary of its own that shows nothing while its chunk arrives. */
function bounded<P extends object>(Control: ComponentType<P>) {
  return (props: P) => (
    <Suspense fallback={null}>
      <Control {...props} />
    </Suspense>
  );
}

const ContactControl = bounded(ContactButton);
const FollowControl = bounded(FollowButton);
const RightsControl = bounded(AiTrainingControl);

/**
 * What the app puts into the artwork kit: staff level buttons on cards and in the overlay (SPEC §4), the inbox's
 * contact button in the overlay and on profiles (issue #20), follow buttons (issue #17), and the AI-training badge
 * (issue #18). The level buttons stay in the first load (they render nothing for anyone but staff): a staff member's
 * tap made before hydration is given to them once the page hydrates (early-taps.ts), and a lazy part of their own
 * made it miss under a slowed CPU (issue #29.9's journey).
 */
export const artworkSlots: ArtworkSlots = { LevelControl: ArtworkLevelButtons, ContactControl, FollowControl, RightsControl };

/**
 * The whole app under a router: the shell renders the page routes itself (keep-alive, overlay). The screens that
 * combine features are composed here: the route table, the overlay from the artwork kit, and the kit's slots.
 */
export const shell = (
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
);

/** The shell as one catch-all route, for a data router (the tests' memory router). */
export const shellRoutes = [{ path: '*', element: shell }];

/**
 * The browser's history the app navigates with, guarded for screens that ask before leaving (kit/leave-guard.ts).
 * A plain router (no data router: none of its loaders or actions are used, and it is about 19 KB gzip of every
 * page's first load, issue #29.7); the server renders the same element in a static router (entry-server.tsx).
 */
export function createRouter() {
  return guardHistory(createBrowserHistory({ v5Compat: true }));
}

export function App({ client, router }: { client: QueryClient; router: ReturnType<typeof createRouter> }) {
  return (
    <QueryClientProvider client={client}>
      <HistoryRouter history={router}>{shell}</HistoryRouter>
    </QueryClientProvider>
  );
}

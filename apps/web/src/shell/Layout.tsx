import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, matchPath, Routes, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { Footer } from './Footer.tsx';
import styles from './Layout.module.css';
import { Spinner } from '../ui/Spinner.tsx';
import { UnderOverlay } from '../ui/under-overlay.ts';
import { TopBar } from './TopBar.tsx';
import { usePageViews } from './page-views.ts';
import { useRouteFocus } from './route-focus.ts';
import { useDocumentTitle } from './document-title.ts';
import { useSite } from '../site.ts';
import { uiState } from './ui-state.ts';
import { aliveKeyOf, keepsModalState } from './views.ts';

const HOME_UNDER_OVERLAY = { pathname: '/', search: '', hash: '', state: null, key: 'home-under-overlay' } as Location;
const MAX_ALIVE = 6;

/**
 * The shell (SPEC §2): fixed top bar, routed content, footer. Home, gallery and profile views
 * stay mounted while hidden so switching back keeps their state and scroll; the artwork overlay
 * is drawn over the page the user came from (or over home when opened directly).
 */
export interface LayoutProps {
  /** The page routes (the route table, composed by the app). */
  routes: ReactNode;
  /** The artwork overlay for an id (composed by the app from the artwork kit). */
  overlay: (id: number) => ReactNode;
  /** What a logged-in user gets in the top bar beside UPLOAD (the inbox link and the notifications bell, composed by the app). */
  tools?: ReactNode;
}

export function Layout({ routes, overlay, tools }: LayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const artworkMatch = matchPath('/artwork/:id/', location.pathname);
  const background: Location = artworkMatch ? ((location.state as { background?: Location } | null)?.background ?? HOME_UNDER_OVERLAY) : location;
  const aliveKey = aliveKeyOf(background.pathname);

  // Alive views and the location each last showed; updated during render so the active view
  // renders with the current location at once.
  const alive = useRef(new Map<string, Location>());
  if (aliveKey) {
    alive.current.delete(aliveKey);
    alive.current.set(aliveKey, background);
    while (alive.current.size > MAX_ALIVE) alive.current.delete(alive.current.keys().next().value as string);
  }

  // Scroll per alive view: saved when leaving it, restored when coming back.
  const scrolls = useRef(new Map<string, number>());
  const previousKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (artworkMatch) return;
    const prev = previousKey.current;
    if (prev === (aliveKey ?? background.pathname)) return;
    previousKey.current = aliveKey ?? background.pathname;
    window.scrollTo(0, aliveKey ? (scrolls.current.get(aliveKey) ?? 0) : 0);
  });
  useEffect(() => {
    if (!aliveKey || artworkMatch) return;
    const save = () => scrolls.current.set(aliveKey, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [aliveKey, artworkMatch]);

  useEffect(() => {
    uiState.onRouteChange(keepsModalState(location.pathname));
  }, [location.pathname]);
  usePageViews();
  const siteName = useSite().site_name;
  const announcement = useRouteFocus(siteName, Boolean(artworkMatch));
  useDocumentTitle(siteName);

  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#content">
        {t('nav.skip')}
      </a>
      <TopBar tools={tools} />
      {/* data-path: the address whose screen React has committed (a navigation in the page changes the URL first). */}
      <main id="content" className={styles.main} tabIndex={-1} data-path={location.pathname + location.search}>
        <UnderOverlay value={Boolean(artworkMatch)}>
          <Suspense fallback={<Spinner />}>
            {[...alive.current].map(([key, loc]) => (
              <div key={key} hidden={key !== aliveKey} data-alive={key}>
                <Routes location={loc}>{routes}</Routes>
              </div>
            ))}
            {!aliveKey && <Routes location={background}>{routes}</Routes>}
          </Suspense>
        </UnderOverlay>
      </main>
      <Footer />
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {artworkMatch && <Suspense fallback={null}>{overlay(Number(artworkMatch.params.id))}</Suspense>}
    </div>
  );
}

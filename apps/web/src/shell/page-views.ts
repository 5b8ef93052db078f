import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { api } from '../api/client.ts';
import { useSite } from '../site.ts';
import { trackPage } from './services.ts';

/** SPEC §2 Guard: every route change records a page view (and tells the optional outside services). */
export function usePageViews() {
  const { pathname } = useLocation();
  const site = useSite();
  // After the first page, the page a view came from is the previous page of this site (issue #17 insights group it).
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const referrer = previous.current ? `${window.location.origin}${previous.current}` : document.referrer;
    previous.current = pathname;
    api('/api/v1/page-views/', { body: { path: pathname.slice(0, 500), referrer: referrer.slice(0, 500) }, redirectOn403: false }).catch(() => {
      // A lost page view must never disturb the user.
    });
    trackPage(site.services, pathname);
  }, [pathname, site.services]);
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../api/client.ts';
import { useSite } from '../site.ts';
import { trackPage } from './services.ts';

/** SPEC §2 Guard: every route change records a page view (and tells the optional outside services). */
export function usePageViews() {
  const { pathname } = useLocation();
  const site = useSite();
  useEffect(() => {
    api('/api/v1/page-views/', { body: { path: pathname.slice(0, 500), referrer: document.referrer.slice(0, 500) }, redirectOn403: false }).catch(() => {
      // A lost page view must never disturb the user.
    });
    trackPage(site.services, pathname);
  }, [pathname, site.services]);
}

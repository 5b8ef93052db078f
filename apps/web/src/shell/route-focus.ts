import { pageTitle } from '@axoo/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Route changes for screen-reader and keyboard users (issue #21, WCAG 2.4.3 and 4.1.3): after a pushed or
 * popped navigation (not the first page, not a replaced route such as a gallery category, not the artwork
 * overlay, which moves focus into its own dialog and back to its card when it closes) focus goes to the new page's heading, or to the content
 * area when it has none, and the live region announces the page by its title (its heading and the site name).
 * Returns the text for the shell's live region.
 */
export function useRouteFocus(siteName: string, skip: boolean): string {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const [announcement, setAnnouncement] = useState('');
  // The page shown last: a change of query only (a gallery filter, a tab) or of navigation type is no new page.
  const shown = useRef(pathname);
  // Closing the overlay gives focus back to the card that opened it (the dialog does): leave it there.
  const wasSkipped = useRef(skip);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const fromOverlay = wasSkipped.current;
    wasSkipped.current = skip;
    if (skip || fromOverlay || type === 'REPLACE') return;
    let tries = 0;
    // The page may still be loading (a lazy screen, its first query): look for its heading for up to 2 s.
    const timer = window.setInterval(() => {
      tries += 1;
      const main = document.getElementById('content');
      // The page gave a field the focus itself (the gallery's search box opened from the phone menu's Search, issue
      // #29): taking it away would close the phone's keyboard.
      if (ownFocus(main)) {
        window.clearInterval(timer);
        return;
      }
      const heading = [...(main?.querySelectorAll<HTMLElement>('h1') ?? [])].find((h) => h.offsetParent !== null);
      if (!heading && tries < 20) return;
      window.clearInterval(timer);
      const target = heading ?? main;
      if (!target) return;
      if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      // The title itself is shell/document-title.ts's; the announcement says the same.
      setAnnouncement(pageTitle(heading?.textContent ?? '', siteName));
    }, 100);
    return () => window.clearInterval(timer);
  }, [pathname, type, skip, siteName]);
  return announcement;
}

/** A field inside the content area has the focus: the page put it there (a hidden view's field loses it). */
function ownFocus(main: HTMLElement | null): boolean {
  const active = document.activeElement as HTMLElement | null;
  if (!main || !active || active === main || !main.contains(active)) return false;
  return active.matches('input, textarea, select, [contenteditable="true"]');
}

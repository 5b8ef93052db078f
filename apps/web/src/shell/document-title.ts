import { pageTitle } from '@axoo/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The heading that names what is on screen: an open dialog's (the artwork overlay), else the shown page's h1. */
export function visibleHeading(): string {
  const dialog = document.querySelector<HTMLElement>('[role="dialog"] h1');
  if (dialog) return dialog.textContent ?? '';
  // Pages kept alive in the shell stay mounted, hidden.
  const heading = [...document.querySelectorAll<HTMLElement>('#content h1')].find((h) => !h.closest('[hidden]'));
  return heading?.textContent ?? '';
}

/**
 * The one owner of `document.title` in the browser (issue #21, WCAG 2.4.2): after a navigation or a language
 * switch the title is the heading on screen and the site's name (`pageTitle`, shared with the server), kept up
 * while the page loads (a lazy screen, its first query, the overlay's artwork). The first page keeps the title
 * the server gave it (its heading, or the artwork's, profile's or call's share title) until one of those happens;
 * a page the server did not render (titled by the site's name only) takes its heading's once it shows.
 */
export function useDocumentTitle(siteName: string) {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname or language is what the effect answers to.
  useEffect(() => {
    // The first page keeps a title the server gave it beyond the site's name (a share title, a rendered heading).
    const keep = first.current && document.title !== siteName;
    first.current = false;
    if (keep) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = visibleHeading();
      if (!heading) return;
      const title = pageTitle(heading, siteName);
      if (document.title !== title) document.title = title;
    };
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(update);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    update();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [pathname, i18n.language, siteName]);
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** SPEC §9: anchors land 132 px below the top (fixed top bar plus the sticky about menu). */
export const ANCHOR_OFFSET = 132;

/** Scrolls to the element named by the URL hash, leaving room for the fixed bars above it. */
export function useAnchorScroll() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same hash on another page scrolls again.
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    // After the shell's own scroll-to-top on route change and after the target has rendered.
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}

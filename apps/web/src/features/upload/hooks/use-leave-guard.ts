import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * SPEC §8 leave confirmation while there are unsaved changes, plus the browser's unload warning; a navigation
 * whose state carries `force` (the page's own redirects) passes.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const state = nextLocation.state as { force?: boolean } | null;
    return dirty && !state?.force && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

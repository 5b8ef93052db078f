import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLeaveBlocker } from '../../../kit/leave-guard.ts';

/**
 * SPEC §8 leave confirmation while there are unsaved changes, plus the browser's unload warning; a navigation
 * whose state carries `force` (the page's own redirects) passes.
 */
export function useLeaveGuard(dirty: boolean) {
  const { pathname } = useLocation();
  const blocker = useLeaveBlocker((next) => dirty && pathname !== next.pathname);
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

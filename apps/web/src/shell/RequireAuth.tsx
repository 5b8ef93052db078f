import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../site.ts';

/** SPEC §2 Guard: a guest on a login-required route goes to /login/ with the original path. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/login/?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <>{children}</>;
}

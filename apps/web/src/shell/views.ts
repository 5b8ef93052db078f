import { profileSlugOf } from '@axoo/contract';

/**
 * Views that stay alive when the user switches between them (SPEC §2 Shell): home, the gallery,
 * and each profile. Returns the keep-alive key of a path, or null.
 */
export function aliveKeyOf(pathname: string): string | null {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/gallery/') && pathname !== '/gallery/') return 'gallery';
  const slug = profileSlugOf(pathname);
  return slug ? `profile:${slug}` : null;
}

/** Routes whose modal state survives navigation (SPEC §2 Guard). */
export function keepsModalState(pathname: string): boolean {
  return pathname.startsWith('/artwork/') || (aliveKeyOf(pathname)?.startsWith('profile:') ?? false);
}

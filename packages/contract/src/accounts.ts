import { PASSWORD_MIN } from './limits.ts';

/** Issue #33.7: how long a mailed e-mail confirmation link works. */
export const EMAIL_CONFIRM_TTL_HOURS = 72;
/** Issue #33.7: the page a confirmation link opens (its script confirms; a GET alone changes nothing). */
export const emailConfirmPath = (token: string) => `/accounts/confirm-email/${token}/`;
/** Where an account confirms its e-mail or asks for the link again. */
export const ACCOUNT_SETTINGS_PATH = '/accounts/';

/** SPEC §5: letters, numbers, dot, at sign, underscore, hyphen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9.@_-]+$/;
/** SPEC §5 profile edit: word characters, dot, plus, minus ('English only'). */
export const PROFILE_USERNAME_PATTERN = /^[\w.+-]+$/;

/**
 * Paths at the site root that a profile slug must never shadow (DESIGN: profile URLs live at /{slug}/).
 */
export const RESERVED_SLUGS = new Set([
  'gallery',
  'upload',
  'about',
  'goodluck',
  'accounts',
  'login',
  'logout',
  'signup',
  'artwork',
  'artworks',
  'api',
  'media',
  'admin',
  'assets',
  'static',
  'healthz',
  'readyz',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  // Issue #18: sitemap pages and feeds.
  'sitemaps',
  'feeds',
  'manifest.json',
  'index.html',
  'edition',
  'search',
  'help',
  'settings',
  'staff',
  'docs',
  'www',
  'following',
  'notifications',
  // Issue #31: the owner's moderation decisions and appeals.
  'moderation',
  // Issue #31: a repost hold's page and an artwork's takedown notices.
  'holds',
  'notices',
  'mail',
  'profile',
  'users',
  'artists',
  'invites',
  'inbox',
  'collections',
  'new',
  'me',
  'null',
  'undefined',
]);

/** SPEC §5: slug lookup lowercases and removes dots. */
export function slugify(username: string): string {
  return username.toLowerCase().replaceAll('.', '');
}

/**
 * The profile slug a site path names (`/<username>/`, DESIGN: profile URLs live at the site root), or null when
 * the path is another page: more than one segment, or a reserved route segment. The one rule for the web's
 * routes, the server's page host and share previews.
 */
export function profileSlugOf(pathname: string): string | null {
  const segment = /^\/([^/]+)\/$/.exec(pathname)?.[1];
  if (!segment) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  const slug = slugify(decoded);
  return slug && !RESERVED_SLUGS.has(slug) ? slug : null;
}

/** Message keys for each password rule the value breaks (SPEC §5, server-enforced). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) problems.push('password.too_short');
  if (!/[A-Z]/.test(password)) problems.push('password.no_upper');
  if (!/[a-z]/.test(password)) problems.push('password.no_lower');
  if (!/[0-9]/.test(password)) problems.push('password.no_digit');
  return problems;
}

export const SOCIAL_KINDS = ['website', 'instagram', 'facebook', 'twitter', 'pinterest', 'tumblr', 'youtube', 'vimeo'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

const PROFILE_BASE: Record<Exclude<SocialKind, 'website' | 'youtube'>, (handle: string) => string> = {
  instagram: (h) => `https://www.instagram.com/${h}/`,
  facebook: (h) => `https://www.facebook.com/${h}`,
  twitter: (h) => `https://twitter.com/${h}`,
  pinterest: (h) => `https://www.pinterest.com/${h}/`,
  tumblr: (h) => `https://www.tumblr.com/${h}`,
  vimeo: (h) => `https://vimeo.com/${h}`,
};

/** Only web links: a stored value can never become a javascript: or data: link. */
function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * SPEC §2 Profile social links: artists type a handle ('@kim', 'kim') or paste a whole address;
 * either becomes a proper link. Returns null for an empty or unusable value.
 */
export function socialUrl(kind: SocialKind, raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return httpUrl(value);
  // A pasted address without the scheme: 'www.instagram.com/kim', 'kim.com'.
  if (kind === 'website' || /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+\//i.test(value)) return httpUrl(`https://${value}`);
  const handle = value.replace(/^@/, '').replace(/\/+$/, '');
  if (!handle || /[\s/?#]/.test(handle)) return null;
  const safe = encodeURIComponent(handle);
  if (kind === 'youtube') return /^UC[\w-]{22}$/.test(handle) ? `https://www.youtube.com/channel/${safe}` : `https://www.youtube.com/@${safe}`;
  return PROFILE_BASE[kind](safe);
}

/** What the link shows: the handle as typed, without the scheme. */
export const socialLabel = (raw: string) =>
  raw
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/+$/, '');

import { AVATAR_WIDTH, mediaSrcSet, mediaUrl } from '@axoo/contract';

/** The avatar shown when a user has none (SPEC §2 artist cards: "default if none"). */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e6e6e6"/><circle cx="32" cy="25" r="11" fill="#bdbdbd"/><path d="M12 58c2-12 10-18 20-18s18 6 20 18" fill="#bdbdbd"/></svg>',
  );

/**
 * `src` and `srcSet` of a user's avatar at avatar width: the cropped image, else the original, else
 * the default. Spread into an `<img>`.
 */
export function avatarImage(user: { cropped_avatar?: string | null; avatar?: string | null } | null | undefined): { src: string; srcSet?: string } {
  const key = user?.cropped_avatar || user?.avatar;
  return key ? { src: mediaUrl(key, AVATAR_WIDTH), srcSet: mediaSrcSet(key, AVATAR_WIDTH) } : { src: DEFAULT_AVATAR };
}

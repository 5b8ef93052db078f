import { mediaUrl } from '../api/media.ts';

/** The avatar shown when a user has none (SPEC §2 artist cards: "default if none"). */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e6e6e6"/><circle cx="32" cy="25" r="11" fill="#bdbdbd"/><path d="M12 58c2-12 10-18 20-18s18 6 20 18" fill="#bdbdbd"/></svg>',
  );

/** A user's cropped avatar at avatar width, or the default. */
export const avatarSrc = (user: { cropped_avatar: string }) => (user.cropped_avatar ? mediaUrl(user.cropped_avatar, 156) : DEFAULT_AVATAR);

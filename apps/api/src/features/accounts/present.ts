import type { UserRow } from '../../http/sessions.ts';
import { presentUserPage } from '../profiles/present.ts';

/** The logged-in user as the SPA holds it (global page data, /api/v1/users/me/, PUT answers). */
export function presentCurrentUser(user: UserRow, categories: { category: string; name: string }[] = []) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    slug: user.slug,
    name: user.name,
    phone: user.phone,
    date_of_birth: user.dateOfBirth,
    gender: user.gender,
    is_staff: user.isStaff,
    is_premium: user.isPremium,
    level: user.level,
    ...presentUserPage(user, categories),
    raw_avatar: user.rawAvatar,
    raw_banner: user.rawBanner,
    language: user.language,
  };
}
export type CurrentUser = ReturnType<typeof presentCurrentUser>;

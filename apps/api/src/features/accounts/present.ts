import type { UserRow } from '../../http/sessions.ts';

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
    avatar: user.avatar,
    raw_avatar: user.rawAvatar,
    cropped_avatar: user.croppedAvatar,
    banner: user.banner,
    raw_banner: user.rawBanner,
    cropped_banner: user.croppedBanner,
    categories,
    website: user.website,
    instagram: user.instagram,
    facebook: user.facebook,
    twitter: user.twitter,
    pinterest: user.pinterest,
    tumblr: user.tumblr,
    youtube: user.youtube,
    vimeo: user.vimeo,
    biography: user.biography,
    about: user.about,
    show_contact: user.showContact,
    public_collection: user.publicCollection,
    fixed_layout: user.fixedLayout,
    language: user.language,
  };
}
export type CurrentUser = ReturnType<typeof presentCurrentUser>;

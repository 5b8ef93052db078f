import type { Lang } from '@axoo/contract';
import type { UserRow } from '../../http/sessions.ts';
import type { UserCategory } from './queries.ts';

const nameIn = (lang: Lang, r: { nameKo: string; nameEn: string }) => (lang === 'en' ? r.nameEn : r.nameKo);

export const presentCategories = (rows: UserCategory[], lang: Lang) => rows.map((c) => ({ category: c.code, name: nameIn(lang, c) }));

/**
 * What a user's page shows (SPEC §3): images, categories, links, texts and page settings; the same
 * in the public profile and in the current user.
 */
export function presentUserPage(user: UserRow, categories: { category: string; name: string }[]) {
  return {
    avatar: user.avatar,
    cropped_avatar: user.croppedAvatar,
    banner: user.banner,
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
  };
}

/**
 * SPEC §3 public profile. Never the password, date of birth, gender or staff flag; e-mail and
 * phone only when `showContact` allows (null otherwise, so the page can tell "hidden" from "empty").
 */
export function presentProfile(user: UserRow, categories: UserCategory[], lang: Lang, options: { contact: boolean; owner: boolean }) {
  return {
    id: user.id,
    slug: user.slug,
    username: user.username,
    name: user.name,
    email: options.contact ? user.email : null,
    phone: options.contact ? user.phone : null,
    is_premium: user.isPremium,
    level: user.level,
    ...presentUserPage(user, presentCategories(categories, lang)),
    is_owner: options.owner,
  };
}
export type PresentedProfile = ReturnType<typeof presentProfile>;

import { type Lang, PROFILE_USERNAME_PATTERN, translate } from '@axoo/contract';
import type { CurrentUser } from '../../site.ts';
import type { UserUpdate } from './api/profiles.ts';
import { SOCIAL_KINDS } from './social.ts';

/**
 * The profile edit form's values (SPEC §4 Profile edit): every field the modal edits, images as keys or blob: URLs.
 * `show_mature` (issue #31) and `max_public_width_default` (issue #34) are settings of the account page, saved on their own.
 */
export type ProfileValues = Required<Omit<UserUpdate, 'date_of_birth' | 'gender' | 'show_mature' | 'max_public_width_default'>>;

export const IMAGE_FIELDS = ['avatar', 'raw_avatar', 'cropped_avatar', 'banner', 'raw_banner', 'cropped_banner'] as const;
export type ImageSlot = 'avatar' | 'banner';

/** Fields whose messages show under their own input; anything else goes in the box at the end. */
export const RENDERED_FIELDS = new Set<string>([
  'username',
  'name',
  'email',
  'phone',
  'categories',
  'biography',
  'about',
  'available_for_hire',
  'hire_note',
  'hire_rates',
  ...SOCIAL_KINDS,
  ...IMAGE_FIELDS,
]);

export function valuesOf(user: CurrentUser): ProfileValues {
  return {
    username: user.username,
    name: user.name,
    email: user.email,
    phone: user.phone,
    categories: user.categories.map((c) => c.category),
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
    show_contact: user.show_contact,
    public_collection: user.public_collection,
    fixed_layout: user.fixed_layout,
    available_for_hire: user.available_for_hire,
    hire_note: user.hire_note,
    hire_rates: user.hire_rates,
    avatar: user.avatar,
    raw_avatar: user.raw_avatar,
    cropped_avatar: user.cropped_avatar,
    banner: user.banner,
    raw_banner: user.raw_banner,
    cropped_banner: user.cropped_banner,
    avatar_alt: user.avatar_alt,
    banner_alt: user.banner_alt,
  };
}

/** The form's own checks before anything is sent (SPEC §5 profile username; the server checks the same). */
export function profileProblems(v: ProfileValues, t: (key: string) => string, lang: Lang): Partial<Record<keyof ProfileValues, string>> {
  const out: Partial<Record<keyof ProfileValues, string>> = {};
  const required = t('form.required');
  // The server's rule and message (contract: PROFILE_USERNAME_PATTERN, 'username.english_only'), checked here first.
  if (!v.username.trim()) out.username = required;
  else if (!PROFILE_USERNAME_PATTERN.test(v.username.trim())) out.username = translate(lang, 'username.english_only');
  if (!v.name.trim()) out.name = required;
  if (!v.email.trim()) out.email = required;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) out.email = t('form.invalidEmail');
  if (!v.phone.trim()) out.phone = required;
  return out;
}

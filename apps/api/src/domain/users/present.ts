import { type Author, type CurrentUser, type InviteOwner, type Lang, localisedName, type Profile } from '@axoo/contract';
import type { UserRow } from '../../db/schema/index.ts';

/**
 * The one user presenter, with named variants (issue #12 A; model: outline's `presentUser` with
 * `includeDetails`). Each variant is a superset or a cut of the same card, so a field is spelled once:
 * - `card`: who made something, as cards and the overlay show them (id, names, slug, avatar, membership, level);
 * - `author`: the card with the author's categories (artwork cards, overlay);
 * - `artist`: the author plus the original avatar (the gallery's Artists tab);
 * - `owner`: the invite owner's small card;
 * - `member`: a row of the staff console (with e-mail, staff flag and sign-up date);
 * - `page`: the public profile (contact details only when shown; never date of birth, gender or staff flag);
 * - `current`: the logged-in user as the SPA holds it (everything the account page edits).
 */
export type Named = { code: string; nameKo: string; nameEn: string };
type Card = Pick<UserRow, 'id' | 'username' | 'name' | 'slug' | 'croppedAvatar'>;
type Ranked = Card & Pick<UserRow, 'isPremium' | 'level' | 'availableForHire'>;

const categoriesIn = (lang: Lang, categories: Named[]) => categories.map((c) => ({ category: c.code, name: localisedName(lang, c) }));

function owner(user: Card) {
  return { id: user.id, username: user.username, name: user.name, slug: user.slug, cropped_avatar: user.croppedAvatar } satisfies InviteOwner;
}

function card(user: Ranked) {
  return { ...owner(user), is_premium: user.isPremium, level: user.level, available_for_hire: user.availableForHire ?? null };
}

function author(user: Ranked, lang: Lang, categories: Named[]) {
  return { ...card(user), categories: categoriesIn(lang, categories) } satisfies Author;
}

function artist(user: Ranked & Pick<UserRow, 'avatar'>, lang: Lang, categories: Named[]) {
  return { ...author(user, lang, categories), avatar: user.avatar };
}

function member(user: Ranked & Pick<UserRow, 'email' | 'isStaff' | 'created'>) {
  return { ...card(user), email: user.email, is_staff: user.isStaff, created: user.created.toISOString() };
}

/** What a user's page shows (SPEC §3): images, categories, links, texts and page settings. */
function pageFields(user: UserRow, lang: Lang, categories: Named[]) {
  return {
    avatar: user.avatar,
    cropped_avatar: user.croppedAvatar,
    banner: user.banner,
    cropped_banner: user.croppedBanner,
    categories: categoriesIn(lang, categories),
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
    hire_note: user.hireNote,
    hire_rates: user.hireRates,
    avatar_alt: user.avatarAlt,
    banner_alt: user.bannerAlt,
  };
}

/** SPEC §3 public profile: e-mail and phone only when `contact` allows (null otherwise, so "hidden" differs from "empty"). */
function page(user: UserRow, lang: Lang, categories: Named[], options: { contact: boolean; owner: boolean }) {
  return {
    ...card(user),
    email: options.contact ? user.email : null,
    phone: options.contact ? user.phone : null,
    ...pageFields(user, lang, categories),
    is_owner: options.owner,
    followers_count: user.followersCount,
    following_count: user.followingCount,
    ai_opt_out: user.aiOptOut,
  } satisfies Profile;
}

/** The logged-in user (global page data, /api/v1/users/me/, PUT answers). */
function current(user: UserRow, lang: Lang, categories: Named[]) {
  return {
    ...card(user),
    email: user.email,
    phone: user.phone,
    date_of_birth: user.dateOfBirth,
    gender: user.gender,
    is_staff: user.isStaff,
    ...pageFields(user, lang, categories),
    raw_avatar: user.rawAvatar,
    raw_banner: user.rawBanner,
    language: user.language,
    ai_opt_out_default: user.aiOptOut,
    show_mature: user.showMature,
    max_public_width_default: user.maxPublicWidth,
    email_confirmed: user.emailConfirmed !== null,
  } satisfies CurrentUser;
}

export const presentUser = { card, owner, author, artist, member, page, current };

export type PresentedProfile = ReturnType<typeof page>;

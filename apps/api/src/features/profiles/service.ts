import { type Lang, slugify } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { badRequest, type FieldErrors, notFound } from '../../http/errors.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { createPresignedUpload, foreignMedia } from '../../media/service.ts';
import { presentUser } from '../../domain/users/present.ts';
import { listUserCategories } from '../../domain/users/user.ts';
import { queueEmailConfirmation } from '../../domain/users/email-confirmation.ts';
import { canSeeContact } from './policy.ts';
import * as q from './queries.ts';
import { IMAGE_FIELDS, type UserUpdateInput } from './schemas.ts';

/** SPEC §5: the slug lookup lowercases and removes dots, so /Kim.Artist/ finds 'kimartist'. */
export async function getProfile(deps: Deps, viewer: UserRow | null, rawSlug: string, lang: Lang) {
  const slug = slugify(rawSlug);
  if (!slug) throw notFound();
  const user = await q.findUserBySlug(deps.db, slug);
  if (!user) throw notFound();
  const categories = await listUserCategories(deps.db, user.id);
  return presentUser.page(user, lang, categories, { contact: canSeeContact(viewer, user), owner: viewer?.id === user.id });
}

/** Column names for the plain fields (same value, camelCase column). */
const PLAIN_FIELDS = {
  name: 'name',
  phone: 'phone',
  date_of_birth: 'dateOfBirth',
  gender: 'gender',
  website: 'website',
  instagram: 'instagram',
  facebook: 'facebook',
  twitter: 'twitter',
  pinterest: 'pinterest',
  tumblr: 'tumblr',
  youtube: 'youtube',
  vimeo: 'vimeo',
  biography: 'biography',
  about: 'about',
  show_contact: 'showContact',
  public_collection: 'publicCollection',
  fixed_layout: 'fixedLayout',
  show_mature: 'showMature',
  max_public_width_default: 'maxPublicWidth',
  available_for_hire: 'availableForHire',
  hire_note: 'hireNote',
  hire_rates: 'hireRates',
  avatar: 'avatar',
  raw_avatar: 'rawAvatar',
  cropped_avatar: 'croppedAvatar',
  banner: 'banner',
  raw_banner: 'rawBanner',
  cropped_banner: 'croppedBanner',
  avatar_alt: 'avatarAlt',
  banner_alt: 'bannerAlt',
} as const satisfies Partial<Record<keyof UserUpdateInput, keyof q.UserUpdate>>;

/** Unique violations that slipped past the checks (two saves racing) still answer per field. */
function uniqueViolationField(error: unknown): 'email' | 'username' | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (code !== '23505') return null;
  if (constraint.includes('email')) return 'email';
  if (constraint.includes('slug')) return 'username';
  return null;
}

/**
 * Partial update of a user (SPEC §4 Profile edit, account update). Only the owner; the user row and
 * the main fields change in one transaction; the answer is the new current user.
 */
/** The owner only: the route checks (policy canEditProfile). */
export async function updateUser(deps: Deps, id: number, input: UserUpdateInput, lang: Lang, siteUrl: string) {
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await q.findUserById(tx, id, true);
      if (!current) throw notFound();
      const errors: FieldErrors = {};
      const changes: q.UserUpdate = {};

      for (const [field, column] of Object.entries(PLAIN_FIELDS) as [keyof typeof PLAIN_FIELDS, keyof q.UserUpdate][]) {
        const value = input[field];
        if (value !== undefined) (changes as Record<string, unknown>)[column] = value;
      }

      // The profile form always sends e-mail (the account page shows it read-only and never does);
      // there phone is required too (SPEC §5 "Profile name, e-mail and phone required").
      if (input.email !== undefined && input.phone !== undefined && input.phone === '') errors.phone = 'profile.phone_required';

      if (input.username !== undefined && input.username !== current.username) {
        const slug = slugify(input.username);
        if (slug !== current.slug && (await q.slugTakenByOther(tx, slug, id))) errors.username = 'username.taken';
        changes.username = input.username;
        changes.slug = slug;
      }

      // Issue #33.7: a new address (not merely a change of case) is unconfirmed, and is mailed a link below.
      const newAddress = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase();
      if (input.email !== undefined && input.email !== current.email) {
        if (await q.emailTakenByOther(tx, input.email, id)) errors.email = 'email.taken';
        changes.email = input.email;
        if (newAddress) changes.emailConfirmed = null;
      }

      // Image fields: unchanged, cleared, or media this user uploaded (never someone else's key).
      const newImages = IMAGE_FIELDS.filter((f) => {
        const value = input[f];
        return value !== undefined && value !== '' && value !== current[PLAIN_FIELDS[f]];
      });
      if (newImages.length) {
        const foreign = new Set(
          await foreignMedia(
            tx,
            id,
            newImages.map((f) => input[f] as string),
          ),
        );
        for (const f of newImages) if (foreign.has(input[f] as string)) errors[f] = 'profile.image_invalid';
      }

      let categoryIds: number[] | undefined;
      if (input.categories !== undefined) {
        const codes = input.categories;
        if (new Set(codes).size !== codes.length) errors.categories = 'profile.category_duplicate';
        else {
          const found = new Map((await q.findCategories(tx, codes)).map((c) => [c.code, c.id]));
          const unknown = codes.filter((c) => !found.has(c));
          if (unknown.length) errors.categories = unknown.map((code) => ({ key: 'profile.category_invalid', params: { code } }));
          else categoryIds = codes.map((c) => found.get(c) as number);
        }
      }

      if (Object.keys(errors).length) throw badRequest(errors);
      const row = Object.keys(changes).length ? await q.updateUser(tx, id, changes) : current;
      if (newAddress) await queueEmailConfirmation(tx, deps.config, row, siteUrl);
      if (categoryIds) await q.replaceUserCategories(tx, id, categoryIds);
      const categories = await listUserCategories(tx, id);
      return presentUser.current(row, lang, categories);
    });
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field) throw badRequest({ [field]: field === 'email' ? 'email.taken' : 'username.taken' });
    throw error;
  }
}

/** Staff set an artist's level (SPEC §4, §6); it shows on cards, so the cached site data is rebuilt. */
export async function setArtistLevel(deps: Deps, viewer: UserRow | null, id: number, level: number, lang: Lang) {
  const current = await q.findUserById(deps.db, id);
  if (!current) throw notFound();
  const row = await q.updateUser(deps.db, id, { level });
  const categories = await listUserCategories(deps.db, id);
  return presentUser.page(row, lang, categories, { contact: canSeeContact(viewer, row), owner: viewer?.id === row.id });
}

/** SPEC §4 Image upload for the profile's avatar and banner: only the owner, stored under their folder. */
export async function presignProfileImage(
  deps: Deps,
  id: number,
  file: { filename: string; type: string; width?: number | null; height?: number | null; size?: number | null },
) {
  return createPresignedUpload(deps, {
    ownerId: id,
    filename: file.filename,
    contentType: file.type,
    width: file.width,
    height: file.height,
    size: file.size,
    prefix: `users/${id}`,
  });
}

import { ALT_MAX, HIRE_AVAILABILITIES, HIRE_NOTE_MAX, HIRE_RATES_MAX, maxPublicWidthSchema, PROFILE_TEXT_MAX, SOCIAL_MAX } from '@axoo/contract';
import {
  dateOfBirthSchema,
  emailSchema,
  genderSchema,
  nameSchema,
  phoneSchema,
  profileUsernameSchema,
  userCategoriesSchema,
} from '@axoo/contract/accounts-schema';
import { z } from 'zod';

const social = z.string().trim().max(SOCIAL_MAX).optional();
const text = z.string().max(PROFILE_TEXT_MAX).optional();
/** A storage key from the presign answer, or '' to remove the image. */
const image = z.string().trim().max(300).optional();
/** Alt text of the avatar or banner (issue #18). */
const alt = z.string().trim().max(ALT_MAX).optional();

/**
 * PUT /api/v1/users/{id}/: one endpoint for the account page (name, phone, username, date of birth,
 * gender) and the profile edit modal (SPEC §2, §4, §7). Every field is optional: only the fields
 * sent change. Unknown fields (is_staff, level, password ...) are dropped.
 */
export const userUpdateSchema = z.object({
  username: profileUsernameSchema.optional(),
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  date_of_birth: dateOfBirthSchema.optional(),
  gender: genderSchema.optional(),
  categories: userCategoriesSchema.optional(),
  website: social,
  instagram: social,
  facebook: social,
  twitter: social,
  pinterest: social,
  tumblr: social,
  youtube: social,
  vimeo: social,
  biography: text,
  about: text,
  show_contact: z.boolean().optional(),
  public_collection: z.boolean().optional(),
  fixed_layout: z.boolean().optional(),
  /** Issue #31: see mature work unblurred (off by default). */
  show_mature: z.boolean().optional(),
  /** Issue #34 (6): the cap on public renditions new projects start with (1280, 1920, 2560 or null). */
  max_public_width_default: maxPublicWidthSchema.optional(),
  /** Issue #20: open to commissions, freelance or full-time work, or null (not available). */
  available_for_hire: z.enum(HIRE_AVAILABILITIES, { error: 'field.invalid_choice' }).nullable().optional(),
  hire_note: z.string().trim().max(HIRE_NOTE_MAX).optional(),
  hire_rates: z.string().trim().max(HIRE_RATES_MAX).optional(),
  avatar: image,
  raw_avatar: image,
  cropped_avatar: image,
  banner: image,
  raw_banner: image,
  cropped_banner: image,
  avatar_alt: alt,
  banner_alt: alt,
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const IMAGE_FIELDS = ['avatar', 'raw_avatar', 'cropped_avatar', 'banner', 'raw_banner', 'cropped_banner'] as const;

/** Staff: PATCH /api/v1/users/{id}/ with the artist level (SPEC §4, §9: 0-5). */
export const levelSchema = z.object({
  level: z.number().int().min(0, 'profile.level_range').max(5, 'profile.level_range'),
});

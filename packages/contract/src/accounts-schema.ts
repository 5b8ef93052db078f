import { z } from 'zod';
import { PROFILE_USERNAME_PATTERN, passwordProblems, RESERVED_SLUGS, slugify, USERNAME_PATTERN } from './accounts.ts';
import { GENDERS } from './choices.ts';
import { MULTI_SELECT_MAX, NAME_MAX, PHONE_MAX, USERNAME_MAX } from './limits.ts';

/**
 * Account fields as the server validates them (SPEC §5 Sign up / account). Messages are keys of
 * `messages/accounts.ts`; the API translates them per request. Shared so every endpoint that
 * accepts these fields (sign up, account update) applies the same rules.
 */
export const PASSWORD_MAX = 256;

/** A new password: every broken rule becomes its own message under the field. */
export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX)
  .superRefine((value, ctx) => {
    for (const key of passwordProblems(value)) ctx.addIssue({ code: 'custom', message: key });
  });

export const emailSchema = z.string().trim().min(1).max(254).pipe(z.email());

/** A username by one of the two SPEC §5 patterns, never one whose slug is empty or a reserved route segment. */
const usernameBy = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(USERNAME_MAX)
    .superRefine((value, ctx) => {
      if (!pattern.test(value) || slugify(value) === '') ctx.addIssue({ code: 'custom', message });
      else if (RESERVED_SLUGS.has(slugify(value))) ctx.addIssue({ code: 'custom', message: 'username.reserved' });
    });

/** Sign up (SPEC §5): letters, numbers, dot, at sign, underscore, hyphen. */
export const usernameSchema = usernameBy(USERNAME_PATTERN, 'username.invalid');
/** A change of username, from the profile editor or the account page (SPEC §5 profile username: word characters, dot, plus, minus). */
export const profileUsernameSchema = usernameBy(PROFILE_USERNAME_PATTERN, 'username.english_only');

export const nameSchema = z.string().trim().min(1).max(NAME_MAX);

/** Optional; digits with the usual separators. */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX)
  .regex(/^[0-9+\-() .]*$/, 'phone.invalid');

/** A real calendar date, not in the future and not before 1900. */
export const dateOfBirthSchema = z.iso.date().refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && value >= '1900-01-01' && date.getTime() <= Date.now();
}, 'date_of_birth.invalid');

/** A missing gender is 'required', not 'invalid choice' (zod reports both as invalid_value). */
export const genderSchema = z.enum(GENDERS, {
  error: (issue) => (issue.input === undefined || issue.input === null ? 'field.required' : 'field.invalid_choice'),
});

/** Main fields: category codes of the taxonomy, up to 2. */
export const userCategoriesSchema = z.array(z.string().min(1).max(50)).max(MULTI_SELECT_MAX);

export const signupSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  name: nameSchema,
  phone: phoneSchema.optional().default(''),
  username: usernameSchema,
  date_of_birth: dateOfBirthSchema,
  gender: genderSchema,
  categories: userCategoriesSchema.optional().default([]),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(PASSWORD_MAX) });
export const passwordChangeSchema = z.object({ old_password: z.string().min(1).max(PASSWORD_MAX), password: newPasswordSchema });
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetSchema = z.object({
  uidb64: z.string().min(1).max(64),
  token: z.string().min(1).max(100),
  password: newPasswordSchema,
});

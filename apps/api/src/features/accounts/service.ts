import { asLang, type Lang, RESERVED_SLUGS, slugify } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import type { SignupInput } from '@axoo/contract/accounts-schema';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest, type FieldErrors, forbidden, notFound } from '../../http/errors.ts';
import { endOtherSessions } from '../../http/sessions.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { queueMail } from '../../mail/queue.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { CleanupDeps } from '../../media/cleanup.ts';
import { deleteUserAndFiles } from '../../domain/moderation/removal.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { canManageAccount, canSelfDelete } from './policy.ts';
import { presentUser } from '../../domain/users/present.ts';
import { listUserCategories } from '../../domain/users/user.ts';
import * as q from './queries.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from './tokens.ts';
import { checkEmailToken, markEmailConfirmed, queueEmailConfirmation, tokenUserId } from '../../domain/users/email-confirmation.ts';

/** The current user as the SPA holds it, with the main fields named in the request language. */
export async function loadCurrentUser(db: Executor, user: UserRow, lang: Lang) {
  return presentUser.current(user, lang, await listUserCategories(db, user.id));
}

/** Maps a unique-index violation raised by a concurrent insert to the field it concerns. */
function uniqueViolation(err: unknown): FieldErrors | null {
  let e = err as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (e.code === '23505') {
      const name = e.constraint ?? e.constraint_name ?? '';
      if (name.includes('email')) return { email: 'email.taken' };
      if (name.includes('slug')) return { username: 'username.taken' };
    }
    e = e.cause as typeof e;
  }
  return null;
}

/**
 * SPEC §7 POST /api/v1/users/: every rule the schema cannot see (uniqueness, known categories). The new account is
 * logged in at once (SPEC) with its address unconfirmed; the confirmation mail (issue #33.7) is queued in the same
 * transaction.
 */
export async function signUp(deps: Pick<Deps, 'db' | 'config'>, input: SignupInput, lang: Lang, siteUrl: string): Promise<UserRow> {
  const { db } = deps;
  const slug = slugify(input.username);
  const codes = [...new Set(input.categories)];
  const password = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [emailUsed, slugUsed, cats] = await Promise.all([q.emailTaken(tx, input.email), q.slugTaken(tx, slug), q.categoriesByCode(tx, codes)]);
      const errors: FieldErrors = {};
      if (emailUsed) errors.email = 'email.taken';
      if (slugUsed) errors.username = 'username.taken';
      if (cats.length !== codes.length) errors.categories = 'field.invalid_choice';
      if (Object.keys(errors).length) throw badRequest(errors);
      const user = await q.insertUser(tx, {
        email: input.email,
        password,
        username: input.username,
        slug,
        name: input.name,
        phone: input.phone,
        dateOfBirth: input.date_of_birth,
        gender: input.gender,
        language: lang,
        lastLogin: new Date(),
      });
      const byCode = new Map(cats.map((c) => [c.category, c.id]));
      await q.insertUserCategories(
        tx,
        user.id,
        codes.map((c) => byCode.get(c) as number),
      );
      await queueEmailConfirmation(tx, deps.config, user, siteUrl);
      return user;
    });
  } catch (err) {
    const fields = uniqueViolation(err);
    if (fields) throw badRequest(fields);
    throw err;
  }
}

/**
 * The user whose e-mail and password match, or null. An unknown e-mail still runs one argon2
 * verification so both failures take the same time.
 */
export async function authenticate(db: Executor, email: string, password: string): Promise<UserRow | null> {
  const user = await q.findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(user.password, password)) ? user : null;
}

export const recordLogin = (db: Executor, userId: number) => q.setLastLogin(db, userId, new Date());

/** SPEC §7 password_change: the owner's old password, then the new one; other sessions end. */
export async function changePassword(
  db: Db,
  viewer: UserRow,
  accountId: number,
  input: { old_password: string; password: string },
  keepSession: string | null,
): Promise<'ok' | 'wrong_old'> {
  if (!canManageAccount(viewer, accountId)) throw forbidden();
  if (!(await verifyPassword(viewer.password, input.old_password))) return 'wrong_old';
  const hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await q.updateUser(tx, viewer.id, { password: hash });
    await endOtherSessions(tx, viewer.id, keepSession);
  });
  return 'ok';
}

/**
 * SPEC §7 password_reset: when the address belongs to a user, mail them a link in their language.
 * The mail is queued (issue #13), so the answer takes about the same time whether or not the address exists.
 */
/** The job that mails a reset link (issue #36). */
export const PASSWORD_RESET_JOB = 'accounts.password-reset';

/**
 * A reset request queues the same one job whether or not the address exists (issue #36): the answer's timing says
 * nothing about which addresses have accounts; the job looks the address up and mails the link when there is one.
 */
export async function requestPasswordReset(deps: Deps, email: string, origin: string): Promise<void> {
  await enqueue(deps.db, PASSWORD_RESET_JOB, { email, origin });
}

/** The job of `requestPasswordReset`: a link to the address when it has an account, nothing otherwise. */
export async function sendPasswordReset(deps: Deps, { email, origin }: { email: string; origin: string }): Promise<void> {
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) return;
  const link = `${origin}/accounts/reset/${encodeUid(user.id)}/${makeResetToken(deps.config.SECRET_KEY, user)}/`;
  const lang = asLang(user.language);
  const mail = passwordResetMail(lang, {
    site: deps.config.SITE_NAME,
    name: user.name,
    email: user.email,
    link,
    minutes: Math.round(deps.config.RESET_TOKEN_TTL_SECONDS / 60),
  });
  await queueMail(deps.db, { to: user.email, ...mail });
}

/** SPEC §7 reset: a valid token sets the password and ends every session of the user. */
export async function resetPassword(deps: Deps, input: { uidb64: string; token: string; password: string }): Promise<void> {
  const id = decodeUid(input.uidb64);
  const user = id ? await q.findUserById(deps.db, id) : null;
  if (!user || !checkResetToken(deps.config.SECRET_KEY, user, input.token, deps.config.RESET_TOKEN_TTL_SECONDS)) {
    throw badRequest({ token: 'reset.invalid_token' });
  }
  const hash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    // Re-check inside the transaction: two concurrent uses of one token must not both succeed.
    const current = await q.lockUserPassword(tx, user.id);
    if (current !== user.password) throw badRequest({ token: 'reset.invalid_token' });
    await q.updateUser(tx, user.id, { password: hash });
    await endOtherSessions(tx, user.id);
  });
}

/** Issue #33.7: the account asks for another confirmation link (the route limits how often); 400 once confirmed. */
export async function resendEmailConfirmation(deps: Pick<Deps, 'db' | 'config'>, viewer: UserRow, siteUrl: string) {
  if (viewer.emailConfirmed) throw badRequest({ non_field_errors: 'email_confirm.already' });
  await queueEmailConfirmation(deps.db, deps.config, viewer, siteUrl);
  return { key: 'email_confirm.sent', params: { email: viewer.email } };
}

/**
 * Issue #33.7: the mailed link's token confirms the address it was made for, if that is still the account's
 * address, the link is not older than its lifetime, and the address is not confirmed yet (a second use: `used`).
 * No login needed: the link is opened wherever the mail is read.
 */
export async function confirmEmail(deps: Pick<Deps, 'db' | 'config'>, token: string): Promise<void> {
  const id = tokenUserId(token);
  const user = id ? await q.findUserById(deps.db, id) : null;
  if (!user || !checkEmailToken(deps.config.SECRET_KEY, user, token)) throw badRequest({ token: 'email_confirm.invalid' });
  if (user.emailConfirmed || !(await markEmailConfirmed(deps.db, user))) throw badRequest({ token: 'email_confirm.used' });
}

/** SPEC §7 DELETE /api/v1/users/{id}/: the owner's account with everything it owns, in one transaction. */
export async function deleteAccount(deps: { db: Db } & CleanupDeps, viewer: UserRow, accountId: number): Promise<void> {
  if (!canManageAccount(viewer, accountId)) throw forbidden();
  if (!canSelfDelete(viewer)) throw new AppError(400, { detail: 'account.premium_delete' });
  await deps.db.transaction(async (tx) => {
    // Artworks (with their tags, collections, applications), collections, invites, subscriptions and
    // sessions cascade from the user row; page views keep their rows without an owner. Every stored object that
    // goes with it is queued for deletion (with renditions) in the same transaction (issue #13): every file the user
    // uploaded, their data-export archives, and what goes with their invites (juror packs, the images only the
    // frozen submissions to them still keep): each feature that stores something registers it.
    // The one deletion path, which staff's `remove` also takes (issue #31).
    if (!(await deleteUserAndFiles(tx, deps, viewer.id))) throw notFound();
  });
}

export interface StaffOptions {
  email: string;
  password?: string;
  premium?: boolean;
  name?: string;
}

/** `npm run create-staff`: creates a staff user, or promotes an existing one; --premium grants membership. */
export async function createOrPromoteStaff(db: Db, o: StaffOptions): Promise<{ user: UserRow; created: boolean }> {
  const password = o.password ? await hashPassword(o.password) : undefined;
  return db.transaction(async (tx) => {
    const existing = await q.findUserByEmail(tx, o.email);
    if (existing) {
      const user = await q.updateUser(tx, existing.id, {
        isStaff: true,
        ...(o.premium ? { isPremium: true } : {}),
        ...(password ? { password } : {}),
        ...(o.name ? { name: o.name } : {}),
      });
      return { user, created: false };
    }
    if (!password) throw new Error('--password is required to create a new user');
    const base =
      o.email
        .split('@')[0]
        .replace(/[^A-Za-z0-9_-]/g, '')
        .slice(0, 30) || 'staff';
    let username = base;
    for (let n = 2; (await q.slugTaken(tx, slugify(username))) || RESERVED_SLUGS.has(slugify(username)); n++) username = `${base}${n}`;
    const user = await q.insertUser(tx, {
      email: o.email,
      password,
      username,
      slug: slugify(username),
      name: o.name ?? base,
      isStaff: true,
      isPremium: Boolean(o.premium),
    });
    return { user, created: true };
  });
}

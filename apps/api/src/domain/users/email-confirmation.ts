import { asLang, EMAIL_CONFIRM_TTL_HOURS, emailConfirmPath } from '@axoo/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { signParts, verifyParts } from '../../http/signed.ts';
import { queueMail } from '../../mail/queue.ts';
import { catalogueMail } from '../../mail/templates.ts';
import type { UserRow } from './user.ts';

/**
 * E-mail confirmation (issue #33.7: only accounts with a confirmed address vote). The mailed link carries a token
 * `<user id>-<issued, base 36 seconds>-<HMAC>` signed (http/signed.ts) over the user, the address in lower case and
 * the issue time: it dies when the address changes (the signature no longer matches), when it is older than
 * EMAIL_CONFIRM_TTL_HOURS, and once the address is confirmed (`users.email_confirmed` set: a second use is refused
 * as used). Nothing is stored but the confirmation time. Sign-up and an address change mail one; the account
 * settings ask for another (rate limited by the accounts feature).
 */
const PURPOSE = 'email-confirm';
const TOKEN = /^([1-9]\d{0,9})-([0-9a-z]{1,10})-([\w-]{43})$/;
const CLOCK_SKEW_SECONDS = 60;

type Addressed = Pick<UserRow, 'id' | 'email'>;

export function makeEmailToken(secret: string, user: Addressed, now = Date.now()): string {
  const issued = Math.floor(now / 1000);
  return `${user.id}-${issued.toString(36)}-${signParts(secret, PURPOSE, user.id, user.email.toLowerCase(), issued)}`;
}

/** The user a token names, or null when it is not one of ours in shape. */
export function tokenUserId(token: string): number | null {
  const match = TOKEN.exec(token);
  const id = match ? Number(match[1]) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Whether the token was made for this user at their current address and is still young enough. */
export function checkEmailToken(secret: string, user: Addressed, token: string, now = Date.now()): boolean {
  const match = TOKEN.exec(token);
  if (!match || Number(match[1]) !== user.id) return false;
  const issued = Number.parseInt(match[2], 36);
  if (!verifyParts(secret, match[3], PURPOSE, user.id, user.email.toLowerCase(), issued)) return false;
  const age = Math.floor(now / 1000) - issued;
  return age <= EMAIL_CONFIRM_TTL_HOURS * 3600 && age >= -CLOCK_SKEW_SECONDS;
}

/** Queues the confirmation mail to the user's current address, in their language, in the caller's transaction. */
export async function queueEmailConfirmation(
  db: Executor,
  config: Pick<Config, 'SECRET_KEY' | 'SITE_NAME'>,
  user: Addressed & Pick<UserRow, 'name' | 'language'>,
  siteUrl: string,
) {
  const mail = catalogueMail(asLang(user.language), 'accounts.mail.confirm', {
    site: config.SITE_NAME,
    name: user.name,
    hours: String(EMAIL_CONFIRM_TTL_HOURS),
    url: `${siteUrl}${emailConfirmPath(makeEmailToken(config.SECRET_KEY, user))}`,
  });
  await queueMail(db, { to: user.email, ...mail });
}

/** Marks the address confirmed if it still is the one the token was checked against; false when it already was. */
export async function markEmailConfirmed(db: Executor, user: Addressed, at = new Date()): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailConfirmed: at })
    .where(and(eq(users.id, user.id), isNull(users.emailConfirmed), sql`lower(${users.email}) = lower(${user.email})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

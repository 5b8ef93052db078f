import { invitePath, asLang } from '@axoo/contract';
import type { Db, Executor } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import { AppError, badRequest, notAuthenticated, notFound } from '../../../http/errors.ts';
import { isHiddenFrom } from '../../../domain/open-calls/policy.ts';
import { signParts, verifyParts } from '../../../http/signed.ts';
import { queueMail } from '../../../mail/queue.ts';
import { oneClickHeaders } from '../../../mail/one-click.ts';
import { notify } from '../../../domain/notifications/notify.ts';
import { dateIn, inviteMail } from '../mail.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import * as q from '../calls/queries.ts';
import type { InviteRow } from '../calls/queries.ts';

// Subscriptions to a call (SPEC §4: the heart toggles; issue #19: the mails and notices subscribers get).

/** The query of a link that ends one subscription without a login (signed for that user and invite). */
const unsubscribeQuery = (secret: string, userId: number, inviteId: number) =>
  `u=${userId}&i=${inviteId}&t=${signParts(secret, UNSUBSCRIBE, userId, inviteId)}`;

/** The page a subscriber's mail links to: it ends the subscription and says so. */
export const unsubscribeLink = (secret: string, siteUrl: string, userId: number, inviteId: number) =>
  `${siteUrl}/goodluck/unsubscribe/?${unsubscribeQuery(secret, userId, inviteId)}`;

/** The mail's List-Unsubscribe address (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` to it. */
export const oneClickLink = (secret: string, siteUrl: string, userId: number, inviteId: number) =>
  `${siteUrl}${ONE_CLICK_PATH}?${unsubscribeQuery(secret, userId, inviteId)}`;

export const ONE_CLICK_PATH = '/api/v1/invite-subscriptions/one-click/';

const UNSUBSCRIBE = 'invite-unsubscribe';

/**
 * Tells every subscriber of the invite, in their language and in the transaction of the change: a mail and a
 * notice, each at most once per invite and kind (issue #19: opened, closing in 3 days, selection published).
 */
export async function tellSubscribers(tx: Executor, deps: Deps, invite: InviteRow, kind: 'opened' | 'closing' | 'selection', siteUrl: string) {
  const type = ({ opened: 'invite_opened', closing: 'invite_closing', selection: 'invite_selection' } as const)[kind];
  for (const user of await q.listSubscribers(tx, invite.id)) {
    const key = `${type}:${invite.id}`;
    await notify(tx, { userId: user.id, type, inviteId: invite.id, key });
    const lang = asLang(user.language);
    const unsubscribe = unsubscribeLink(deps.config.SECRET_KEY, siteUrl, user.id, invite.id);
    const oneClick = oneClickLink(deps.config.SECRET_KEY, siteUrl, user.id, invite.id);
    const mail = inviteMail(lang, kind, {
      site: deps.config.SITE_NAME,
      name: user.name,
      invite: invite.title,
      closed: dateIn(lang, invite.closed),
      url: `${siteUrl}${invitePath(invite.id)}${kind === 'selection' ? '?tab=selected' : ''}`,
      unsubscribe,
    });
    await queueMail(tx, { to: user.email, ...mail, headers: oneClickHeaders(oneClick) }, { key: `mail:${key}:${user.id}` });
  }
}

/** How long before its closing date a subscriber hears that a call is closing. */
export const CLOSING_NOTICE_MS = 3 * 86_400_000;

/** The periodic reminder: every open call closing within 3 days tells its subscribers once (keys make it once). */
export async function remindClosingInvites(deps: Deps, siteUrl: string, now = new Date()) {
  const closing = await q.invitesClosingWithin(deps.db, now, CLOSING_NOTICE_MS);
  for (const invite of closing) await deps.db.transaction((tx) => tellSubscribers(tx, deps, invite, 'closing', siteUrl));
  return closing.length;
}

/** One click from the mail, no login: the signature names the user and the invite, so it ends that subscription only. */
export async function unsubscribeWithToken(deps: Deps, input: { user: number; invite: number; token: string }) {
  if (!verifyParts(deps.config.SECRET_KEY, input.token, UNSUBSCRIBE, input.user, input.invite))
    throw new AppError(403, { detail: 'invite.unsubscribe_invalid' });
  await q.deleteSubscriptionOf(deps.db, input.invite, input.user);
  const invite = await q.findInvite(deps.db, input.invite);
  return { invite: input.invite, title: invite?.title ?? '' };
}

export async function subscribe(db: Db, viewer: UserRow | null, inviteId: number) {
  if (!viewer) throw notAuthenticated();
  const invite = await q.findInvite(db, inviteId);
  if (!invite || isHiddenFrom(viewer, invite)) throw badRequest({ invite: 'invite.not_found' });
  const row = await q.upsertSubscription(db, invite.id, viewer.id);
  if (!row) throw notFound();
  return { id: row.id, invite: invite.id };
}

export async function unsubscribe(db: Db, viewer: UserRow | null, id: number) {
  if (!viewer) throw notAuthenticated();
  // Only one's own subscription: anyone else's id is simply not found.
  if (!(await q.deleteSubscription(db, id, viewer.id))) throw notFound();
}

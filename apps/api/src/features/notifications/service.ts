import { asLang, MAIL_NOTICE_TYPES, type NotificationType, translate } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import { signParts, verifyParts } from '../../http/signed.ts';
import { defang } from '../../mail/defang.ts';
import { oneClickHeaders } from '../../mail/one-click.ts';
import { queueMail } from '../../mail/queue.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { escapeHtml } from '../../html/escape.ts';
import { presentGroup } from './present.ts';
import * as q from './queries.ts';

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

/** Issue #17: the user's notices, grouped, newest first, with the unread count. */
export async function listNotifications(deps: Deps, user: UserRow, page: Page) {
  const [count, groups, state] = await Promise.all([
    q.countGroups(deps.db, user.id),
    q.pageOfGroups(deps.db, user.id, page.limit, page.offset),
    q.unreadState(deps.db, user.id),
  ]);
  const [actors, artworks, invites] = await Promise.all([
    q.actorCards(deps.db, [...new Set(groups.flatMap((g) => (g.actorIds ?? []).map(Number)))]),
    q.artworkCards(deps.db, [...new Set(groups.flatMap((g) => (g.artworkId === null ? [] : [g.artworkId])))]),
    q.inviteCards(deps.db, [...new Set(groups.flatMap((g) => (g.inviteId === null ? [] : [g.inviteId])))]),
  ]);
  const results = groups.map((g) => presentGroup(g, byId(actors), byId(artworks), byId(invites)));
  return { count, unread: state.unread, results };
}

/** The bell's state and its validator: it changes whenever a notice arrives or is read. */
export async function unreadState(deps: Deps, user: UserRow) {
  const state = await q.unreadState(deps.db, user.id);
  return { ...state, etag: `W/"n${user.id}-${state.latest}-${state.unread}"` };
}

export async function markRead(deps: Deps, user: UserRow, ids: number[] | 'all') {
  await q.markRead(deps.db, user.id, ids);
  return { unread: await q.countUnread(deps.db, user.id) };
}

/** Per type: whether it goes into the daily digest mail. */
export async function mailPreferences(deps: Deps, user: UserRow) {
  const off = new Set(await q.mailOffTypes(deps.db, user.id));
  return Object.fromEntries(MAIL_NOTICE_TYPES.map((type) => [type, !off.has(type)])) as Record<(typeof MAIL_NOTICE_TYPES)[number], boolean>;
}

export async function setMailPreferences(deps: Deps, user: UserRow, changes: Partial<Record<(typeof MAIL_NOTICE_TYPES)[number], boolean>>) {
  await deps.db.transaction(async (tx) => {
    for (const [type, on] of Object.entries(changes)) await q.setMailOff(tx, user.id, type as NotificationType, !on);
  });
  return mailPreferences(deps, user);
}

const UNSUBSCRIBE = 'notifications-unsubscribe';
/** 'all' turns off every type. */
export type UnsubscribeScope = (typeof MAIL_NOTICE_TYPES)[number] | 'all';

/** The query of a link that stops a user's mails of a type without a login (signed for that user and type). */
const unsubscribeQuery = (secret: string, userId: number, type: UnsubscribeScope) =>
  `u=${userId}&type=${type}&t=${signParts(secret, UNSUBSCRIBE, userId, type)}`;
/** The digest's link for a user and a type: the page that stops those mails and says so. */
export const unsubscribeLink = (secret: string, siteUrl: string, userId: number, type: UnsubscribeScope) =>
  `${siteUrl}/notifications/unsubscribe/?${unsubscribeQuery(secret, userId, type)}`;
/** The digest's List-Unsubscribe address (RFC 8058, mail/one-click.ts): a mail client POSTs to it to stop every digest. */
export const ONE_CLICK_PATH = '/api/v1/notifications/one-click/';
const oneClickLink = (secret: string, siteUrl: string, userId: number) => `${siteUrl}${ONE_CLICK_PATH}?${unsubscribeQuery(secret, userId, 'all')}`;

/** No login: the signature names the user and the type, so a token changes nothing else. */
export async function unsubscribeWithToken(deps: Deps, input: { user: number; type: UnsubscribeScope; token: string }) {
  if (!verifyParts(deps.config.SECRET_KEY, input.token, UNSUBSCRIBE, input.user, input.type))
    throw new AppError(403, { detail: 'notifications.unsubscribe_invalid' });
  const types = input.type === 'all' ? MAIL_NOTICE_TYPES : [input.type];
  await deps.db.transaction(async (tx) => {
    for (const type of types) await q.setMailOff(tx, input.user, type, true);
  });
  return { type: input.type };
}

export const parseIds = (ids: unknown): number[] | 'all' => {
  if (ids === 'all') return 'all';
  if (Array.isArray(ids) && ids.length <= 500 && ids.every((id) => Number.isSafeInteger(id) && id > 0)) return ids as number[];
  throw badRequest({ ids: 'notifications.ids_invalid' });
};

/** The digest's period: its index since the epoch, in NOTIFICATION_DIGEST_MS (a UTC day by default). */
export const digestPeriod = (now: Date, periodMs = 86_400_000) => Math.floor(now.getTime() / periodMs);

/** Thrown inside a user's digest transaction to roll it back: their mail of this period exists already. */
const MAILED_THIS_PERIOD = new Error('digest mailed this period');

/**
 * The daily digest (issue #17): for each user, the notices no digest took yet; the unread ones of the types they
 * mail go into one mail in their language, with a one-click unsubscribe per type. Taking the notices and queueing the
 * mail happen in one transaction, so a notice is mailed at most once and never lost between the two. At most one
 * digest per user and period: the mail's key names the period, and when a second run in the same period (another
 * process, a retried or manual run) finds that mail queued, its transaction rolls back, so the notices it took wait
 * for the next period's digest. One user's failure does not stop the others' (it is thrown after the pass).
 */
export async function sendDigests(deps: Pick<Deps, 'db' | 'config'>, siteUrl: string, only?: number[], now = new Date()) {
  let sent = 0;
  let failure: unknown = null;
  const period = digestPeriod(now, deps.config.NOTIFICATION_DIGEST_MS);
  const users = (await q.usersWithUndigested(deps.db)).filter((id) => !only || only.includes(id));
  for (const userId of users) {
    const mailed = await deps.db
      .transaction(async (tx) => {
        const user = await q.lockMailUser(tx, userId);
        const taken = await q.takeUndigested(tx, userId);
        if (!user || !taken.length) return false;
        const off = new Set(await q.mailOffTypes(tx, userId));
        const wanted = taken.filter((n) => !n.readAt && (MAIL_NOTICE_TYPES as readonly string[]).includes(n.type) && !off.has(n.type));
        if (!wanted.length) return false;
        const lang = asLang(user.language);
        const [actors, artworks, invites] = await Promise.all([
          q.actorCards(tx, [...new Set(wanted.flatMap((n) => (n.actorId ? [n.actorId] : [])))]),
          q.artworkCards(tx, [...new Set(wanted.flatMap((n) => (n.artworkId ? [n.artworkId] : [])))]),
          q.inviteCards(tx, [...new Set(wanted.flatMap((n) => (n.inviteId ? [n.inviteId] : [])))]),
        ]);
        const names = byId(actors);
        const titles = byId(artworks);
        const calls = byId(invites);
        // One line per type and subject, with how many.
        const groups = new Map<string, { type: NotificationType; count: number; actor: string; artwork: string; invite: string }>();
        for (const n of wanted) {
          const key = `${n.type}:${n.artworkId ?? ''}:${n.inviteId ?? ''}`;
          const g = groups.get(key) ?? {
            type: n.type,
            count: 0,
            actor: (n.actorId && names.get(n.actorId)?.name) || '',
            artwork: (n.artworkId && titles.get(n.artworkId)?.title) || '',
            invite: (n.inviteId && calls.get(n.inviteId)?.title) || '',
          };
          g.count++;
          groups.set(key, g);
        }
        const lines = [...groups.values()].map((g) =>
          // Names and titles are users' text: quoted with their links not live (mail clients link them otherwise).
          translate(lang, g.count > 1 ? `notifications.mail.${g.type}_many` : `notifications.mail.${g.type}`, {
            actor: defang(g.actor),
            others: g.count - 1,
            count: g.count,
            artwork: defang(g.artwork),
            invite: defang(g.invite),
          }),
        );
        const types = [...new Set(wanted.map((n) => n.type))] as (typeof MAIL_NOTICE_TYPES)[number][];
        const offLinks = types.map((type) => ({
          label: translate(lang, 'notifications.mail.stop', { type: translate(lang, `notifications.type.${type}`) }),
          href: unsubscribeLink(deps.config.SECRET_KEY, siteUrl, userId, type),
        }));
        const all = unsubscribeLink(deps.config.SECRET_KEY, siteUrl, userId, 'all');
        const v = { site: deps.config.SITE_NAME, name: defang(user.name), count: wanted.length, url: `${siteUrl}/notifications/` };
        const subject = translate(lang, 'notifications.mail.subject', v);
        const intro = translate(lang, 'notifications.mail.intro', v);
        const footer = translate(lang, 'notifications.mail.footer', v);
        const stopAll = translate(lang, 'notifications.mail.stop_all');
        const text = [intro, lines.map((l) => `- ${l}`).join('\n'), v.url, footer, ...offLinks.map((l) => `${l.label}: ${l.href}`), `${stopAll}: ${all}`].join(
          '\n\n',
        );
        const html = `<!doctype html><html lang="${lang}"><body style="font-family:-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;color:#111;line-height:1.6;max-width:560px;margin:0 auto;padding:24px"><p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(v.url)}">${escapeHtml(v.url)}</a></p><p style="font-size:13px;color:#6b6b6b">${escapeHtml(footer)}<br>${offLinks.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join('<br>')}<br><a href="${escapeHtml(all)}">${escapeHtml(stopAll)}</a></p></body></html>`;
        const queued = await queueMail(
          tx,
          { to: user.email, subject, text, html, headers: oneClickHeaders(oneClickLink(deps.config.SECRET_KEY, siteUrl, userId)) },
          { key: `mail:digest:${userId}:${period}` },
        );
        if (!queued) throw MAILED_THIS_PERIOD;
        return true;
      })
      .catch((err: unknown) => {
        if (err === MAILED_THIS_PERIOD) return false;
        failure ??= err;
        return false;
      });
    if (mailed) sent++;
  }
  if (failure) throw failure;
  return sent;
}

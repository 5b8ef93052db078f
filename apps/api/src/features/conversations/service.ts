import { createHash } from 'node:crypto';
import { CONTACT_LIMITS, normaliseMessage } from '@axoo/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { queueMail } from '../../mail/queue.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { canViewArtwork } from '../../domain/artworks/scope.ts';
import { notify } from '../../domain/notifications/notify.ts';
import { fileReport, openReport, reportedMessages } from '../../domain/moderation/reports.ts';
import { messageMail } from './mail.ts';
import { canContact, canReadConversation, sideOf } from './policy.ts';
import { type ConversationExtras, presentConversation, presentDetail, presentMessage, presentReport, shownBody } from './present.ts';
import * as q from './queries.ts';

const DAY_MS = 86_400_000;
const hashOf = (body: string) => createHash('sha256').update(normaliseMessage(body)).digest('hex');
const refused = (key: string) => new AppError(403, { detail: key });

export interface StartInput {
  artist: number;
  subject: string;
  body: string;
  artwork?: number | null;
  budget?: string;
  timeline?: string;
}

/** The figures that apply to the sender (contract CONTACT_LIMITS: a "new account" is younger than newAccountDays). */
export function limitsFor(sender: Pick<UserRow, 'created'>, now = new Date()) {
  const young = now.getTime() - sender.created.getTime() < CONTACT_LIMITS.newAccountDays * DAY_MS;
  return young ? CONTACT_LIMITS.newAccount : CONTACT_LIMITS.established;
}

/** 429 with Retry-After when the sender started their allowance of conversations in the last day or week. */
async function checkStartLimits(db: Executor, sender: UserRow, now: Date) {
  const limits = limitsFor(sender, now);
  for (const [window, days, max] of [
    ['day', 1, limits.day],
    ['week', 7, limits.week],
  ] as const) {
    const { n, oldest } = await q.startedSince(db, sender.id, new Date(now.getTime() - days * DAY_MS));
    if (n >= max) {
      const seconds = Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + days * DAY_MS - now.getTime()) / 1000));
      throw new AppError(429, { detail: { key: `conversation.limit_${window}`, params: { max, seconds } } }, { 'Retry-After': String(seconds) });
    }
  }
}

/** Tells the other person of a new message: a notice and a mail in their language with the link to reply (issue #20). */
async function tellRecipient(deps: Deps, tx: Executor, c: q.ConversationRow, message: q.MessageRow, author: UserRow, recipient: UserRow, siteUrl: string) {
  const url = `${siteUrl}/inbox/${c.id}/`;
  await notify(tx, {
    userId: recipient.id,
    type: 'message',
    actorId: author.id,
    data: { conversation: c.id, subject: c.subject },
    key: `message:${message.id}`,
  });
  const mail = messageMail(recipient.language, {
    site: deps.config.SITE_NAME,
    recipient: recipient.name,
    name: author.name,
    subject: c.subject,
    body: message.body,
    url,
  });
  await queueMail(tx, { to: recipient.email, ...mail }, { key: `mail:message:${message.id}` });
}

/**
 * POST /api/v1/conversations/: a member writes to an artist. In one transaction, with the sender's row locked so
 * that two requests at once are counted one after the other: the checks (suspension, the artist, oneself, a
 * block, the artwork, the day and week allowances, the same text to many artists), the conversation and its
 * first message, the artist's notice and mail.
 */
export async function startConversation(deps: Deps, viewer: UserRow, input: StartInput, siteUrl: string) {
  return deps.db.transaction(async (tx) => {
    const sender = await q.lockUser(tx, viewer.id);
    if (!sender) throw notFound();
    if (!canContact(sender)) throw refused('conversation.suspended');
    const artist = await q.findUser(tx, input.artist);
    if (!artist) throw badRequest({ artist: 'conversation.artist_not_found' });
    if (artist.id === sender.id) throw badRequest({ artist: 'conversation.self' });
    if (await q.isBlocked(tx, artist.id, sender.id)) throw refused('conversation.blocked');
    let artworkId: number | null = null;
    if (input.artwork != null) {
      const artwork = await q.findArtwork(tx, input.artwork);
      if (!artwork || artwork.authorId !== artist.id || !canViewArtwork(sender, artwork)) throw badRequest({ artwork: 'conversation.artwork_invalid' });
      artworkId = artwork.id;
    }
    const now = new Date();
    await checkStartLimits(tx, sender, now);
    const bodyHash = hashOf(input.body);
    const since = new Date(now.getTime() - CONTACT_LIMITS.identicalWindowDays * DAY_MS);
    if ((await q.artistsWithSameFirstMessage(tx, sender.id, bodyHash, since, artist.id)) >= CONTACT_LIMITS.identicalArtistsMax) {
      throw badRequest({ body: 'conversation.identical' });
    }

    const c = await q.insertConversation(tx, {
      artistId: artist.id,
      senderId: sender.id,
      subject: input.subject,
      artworkId,
      budget: input.budget ?? '',
      timeline: input.timeline ?? '',
    });
    const message = await q.insertMessage(tx, { conversationId: c.id, authorId: sender.id, body: input.body, bodyHash });
    await tellRecipient(deps, tx, c, message, sender, artist, siteUrl);
    return detailOf(tx, sender.id, c);
  });
}

/** A conversation the viewer is in, or a 404 (for anyone else it does not exist). */
async function ownConversation(db: Executor, viewer: UserRow, id: number) {
  const c = await q.findConversation(db, id);
  if (!c || !canReadConversation(viewer, c)) throw notFound();
  return c;
}

/** The extras of a page of conversations, in five statements whatever its size. */
async function extrasOf(db: Executor, viewerId: number, rows: q.ConversationRow[]): Promise<Map<number, ConversationExtras>> {
  const ids = rows.map((c) => c.id);
  const others = rows.map((c) => sideOf(viewerId, c).otherId);
  const [people, works, last, unread, blocked] = await Promise.all([
    q.usersByIds(db, [...new Set(others)]),
    q.artworksByIds(db, [...new Set(rows.flatMap((c) => (c.artworkId ? [c.artworkId] : [])))]),
    q.lastMessages(db, ids),
    q.unreadCounts(db, viewerId, ids),
    q.blockedAmong(db, viewerId, [...new Set(others)]),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const work = new Map(works.map((a) => [a.id, a]));
  const preview = new Map(last.map((m) => [m.conversationId, shownBody(viewerId, m)]));
  const unreadOf = new Map(unread.map((u) => [u.conversationId, Number(u.n)]));
  return new Map(
    rows.map((c) => {
      const otherId = sideOf(viewerId, c).otherId;
      return [
        c.id,
        {
          other: person.get(otherId),
          artwork: c.artworkId ? work.get(c.artworkId) : undefined,
          preview: preview.get(c.id) ?? '',
          unread: unreadOf.get(c.id) ?? 0,
          blocked: blocked.has(otherId),
        },
      ];
    }),
  );
}

async function detailOf(db: Executor, viewerId: number, c: q.ConversationRow) {
  const [extras, messages] = await Promise.all([extrasOf(db, viewerId, [c]), q.messagesOf(db, c.id)]);
  const reported = await reportedMessages(
    db,
    viewerId,
    messages.map((m) => m.id),
  );
  return presentDetail(viewerId, c, extras.get(c.id) as ConversationExtras, messages, reported);
}

/** GET /api/v1/conversations/: the viewer's inbox (or archive), the latest conversation first. */
export async function listConversations(deps: Deps, viewer: UserRow, archived: boolean, page: { limit: number; offset: number }) {
  const { rows, count } = await q.pageOfConversations(deps.db, viewer.id, archived, page.limit, page.offset);
  const extras = await extrasOf(deps.db, viewer.id, rows);
  return { count, results: rows.map((c) => presentConversation(viewer.id, c, extras.get(c.id) as ConversationExtras)) };
}

export async function unreadCount(deps: Deps, viewer: UserRow) {
  return { unread: await q.unreadConversations(deps.db, viewer.id) };
}

/** GET /api/v1/conversations/{id}/: the messages, oldest first; opening it marks the other person's messages read. */
export async function getConversation(deps: Deps, viewer: UserRow, id: number) {
  return deps.db.transaction(async (tx) => {
    const c = await ownConversation(tx, viewer, id);
    await q.markRead(tx, c.id, viewer.id);
    return detailOf(tx, viewer.id, c);
  });
}

/**
 * POST /api/v1/conversations/{id}/messages/: a reply. Refused to a suspended writer and to someone the other person
 * blocked (403, the same words whoever asks). The artist's first reply makes the sender's links live; the
 * conversation comes back out of the recipient's archive.
 */
export async function postMessage(deps: Deps, viewer: UserRow, id: number, body: string, siteUrl: string) {
  return deps.db.transaction(async (tx) => {
    const c = await ownConversation(tx, viewer, id);
    const author = await q.lockUser(tx, viewer.id);
    if (!author) throw notFound();
    if (!canContact(author)) throw refused('conversation.suspended');
    const side = sideOf(viewer.id, c);
    if (await q.isBlocked(tx, side.otherId, viewer.id)) throw refused('conversation.blocked');
    const recipient = await q.findUser(tx, side.otherId);
    if (!recipient) throw notFound();
    const message = await q.insertMessage(tx, { conversationId: c.id, authorId: viewer.id, body, bodyHash: hashOf(body) });
    const updated = await q.updateConversation(tx, c.id, {
      lastMessageAt: message.created,
      ...(side.role === 'artist' ? { artistReplied: true, senderArchived: false } : { artistArchived: false }),
    });
    await tellRecipient(deps, tx, updated, message, author, recipient, siteUrl);
    return presentMessage(viewer.id, updated, message, false);
  });
}

/** POST .../archive/: the viewer's side only. */
export async function archiveConversation(deps: Deps, viewer: UserRow, id: number, archived: boolean) {
  return deps.db.transaction(async (tx) => {
    const c = await ownConversation(tx, viewer, id);
    const updated = await q.updateConversation(tx, c.id, sideOf(viewer.id, c).role === 'artist' ? { artistArchived: archived } : { senderArchived: archived });
    return detailOf(tx, viewer.id, updated);
  });
}

/** POST .../block/: the viewer stops (or, with false, allows again) messages from the other person; they are not told. */
export async function blockInConversation(deps: Deps, viewer: UserRow, id: number, blocked: boolean) {
  return deps.db.transaction(async (tx) => {
    const c = await ownConversation(tx, viewer, id);
    await q.setBlock(tx, viewer.id, sideOf(viewer.id, c).otherId, blocked);
    return detailOf(tx, viewer.id, c);
  });
}

/**
 * POST .../report/ (issue #20's path): a message of the other person goes to staff (by default their first in the
 * conversation), as a report of target 'message' of issue #31's model; the free text is its detail.
 */
export async function reportMessage(deps: Deps, viewer: UserRow, id: number, input: { message?: number; reason?: string }) {
  return deps.db.transaction(async (tx) => {
    const c = await ownConversation(tx, viewer, id);
    const otherId = sideOf(viewer.id, c).otherId;
    const messages = await q.messagesOf(tx, c.id);
    const target = input.message === undefined ? messages.find((m) => m.authorId === otherId) : messages.find((m) => m.id === input.message);
    if (!target || target.authorId !== otherId) throw badRequest({ message: 'conversation.not_theirs' });
    const report = await fileReport(tx, viewer, { target: 'message', targetId: target.id, reporterId: viewer.id, reason: 'other', detail: input.reason ?? '' });
    return { id: report.id, message: target.id };
  });
}

/** Console: a page of reports, open ones first. */
export async function pageReports(deps: { db: Db }, search: string, limit: number, offset: number) {
  const { rows, count } = await q.pageOfReports(deps.db, search, limit, offset);
  return { count, results: rows.map(presentReport) };
}

/** Console: resolve a report (or reopen it), and suspend (or restore) the contacting of the reported message's author. */
export async function changeReport(deps: { db: Db }, id: number, change: { resolved?: boolean; suspend_sender?: boolean }) {
  return deps.db.transaction(async (tx) => {
    const { rows } = await q.pageOfReports(tx, '', 1, 0, id);
    const row = rows[0];
    if (!row) throw notFound();
    // Issue #31: one open report per reporter and target; a resolved one is not reopened beside a newer open one.
    if (change.resolved === false && row.report.status === 'resolved' && (await openReport(tx, row.report)))
      throw badRequest({ resolved: 'report.already_open' });
    if (change.suspend_sender !== undefined) await q.setContactSuspended(tx, row.sender.id, change.suspend_sender);
    if (change.resolved !== undefined)
      await q.updateReport(tx, id, change.resolved ? { status: 'resolved', resolvedAt: new Date() } : { status: 'open', resolvedAt: null });
    const { rows: after } = await q.pageOfReports(tx, '', 1, 0, id);
    return presentReport(after[0]);
  });
}

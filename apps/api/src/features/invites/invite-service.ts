import type { Lang } from '@axoo/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, type FieldErrors, forbidden, notAuthenticated, notFound } from '../../http/errors.ts';
import { signParts, verifyParts } from '../../http/signed.ts';
import { queueMail } from '../../mail/queue.ts';
import { oneClickHeaders } from '../../mail/one-click.ts';
import { type CleanupDeps, enqueueMediaDelete } from '../../media/cleanup.ts';
import { notify } from '../notifications/notify.ts';
import { noticeNotSelected } from '../judging/notices.ts';
import { inviteMail } from './mail.ts';
import { canEditInvite, isInviteStaff } from './policy.ts';
import type { Page } from '../../http/paging.ts';
import type { UserRow } from '../accounts/user.ts';
import { presentInvite, presentInviteDetail } from './present.ts';
import * as q from './invite-queries.ts';
import * as questions from './question-queries.ts';
import type { InviteRow } from './invite-queries.ts';

/**
 * Reads an invite after applying the automatic status rule (SPEC §4: an ongoing invite past its
 * closed date is under examination), so no caller ever sees a stale "ongoing".
 */
export async function loadInvite(db: Executor, id: number): Promise<InviteRow> {
  await q.closeExpiredInvites(db);
  const invite = await q.findInvite(db, id);
  if (!invite) throw notFound();
  return invite;
}

// Invites.

export async function listInvites(db: Db, viewer: UserRow | null, page: Page, mine = false) {
  await q.closeExpiredInvites(db);
  const where = q.listedInvites(viewer, mine);
  const [total, rows] = await Promise.all([q.countInvites(db, where), q.listInvites(db, page.limit, page.offset, where)]);
  const owners = await q.findOwners(db, [...new Set(rows.map((r) => r.ownerId))]);
  return { count: total, results: rows.map((r) => presentInvite(r, owners.get(r.ownerId))) };
}

/**
 * The invite `viewer` may edit (issue #19: its owner or staff): 404 when there is none, 403 when it is not theirs. `missing` is what a body that names an unknown invite answers.
 */
export async function editableInvite(db: Executor, viewer: UserRow | null, id: number, missing?: () => Error, lock = false): Promise<InviteRow> {
  if (!viewer) throw notAuthenticated();
  const invite = lock ? await q.lockInvite(db, id, 'update') : await q.closeExpiredInvites(db).then(() => q.findInvite(db, id));
  if (!invite) throw missing ? missing() : notFound();
  if (!canEditInvite(viewer, invite)) throw forbidden();
  return invite;
}

/** An owner changes the questions only until the first application (staff may still correct them). */
export async function assertQuestionsOpen(db: Executor, viewer: UserRow, invite: InviteRow) {
  if (!isInviteStaff(viewer) && (await q.hasApplications(db, invite.id))) throw badRequest({ question: 'invite.questions_locked' });
}

export async function getInvite(db: Db, id: number, viewer: UserRow | null) {
  const invite = await loadInvite(db, id);
  const [owners, content, subscription] = await Promise.all([
    q.findOwners(db, [invite.ownerId]),
    q.loadPages(db, invite.id),
    viewer ? q.findSubscription(db, invite.id, viewer.id) : Promise.resolve(undefined),
  ]);
  return presentInviteDetail(invite, owners.get(invite.ownerId), content, subscription?.id ?? null, canEditInvite(viewer, invite));
}

export interface InviteInput {
  owner?: number | string;
  title: string;
  subtitle?: string;
  description?: string;
  logo?: string;
  background?: string;
  status?: InviteRow['status'];
  closed?: string | null;
  selected?: string | null;
  questions?: { id?: number; question: string }[];
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : new Date(v));
const sameTime = (a: Date | null | undefined, b: Date | null | undefined) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * The stored values of an invite as `viewer` may write them (issue #19). Staff set anything, owner and status
 * included. Anyone else creates a call of their own in review, and afterwards edits its texts, pages and dates
 * without shortening an open call, publishes the selection once it is under examination, and changes the questions
 * only until the first application. Every refusal is a 400 under its field.
 */
async function inviteValues(db: Executor, viewer: UserRow, input: InviteInput, current?: InviteRow, now = new Date()) {
  const staff = isInviteStaff(viewer);
  const errors: FieldErrors = {};
  let ownerId = current?.ownerId ?? viewer.id;
  if (input.owner !== undefined && input.owner !== '') {
    const owner = await q.findUserByIdOrEmail(db, input.owner);
    if (!owner) errors.owner = 'invite.owner_not_found';
    else if (!staff && owner.id !== ownerId) errors.owner = 'invite.owner_not_allowed';
    else ownerId = owner.id;
  }
  const status = input.status ?? current?.status ?? 'review';
  if (!staff && status !== (current?.status ?? 'review') && !(current?.status === 'examination' && status === 'selection')) {
    errors.status = 'invite.status_not_allowed';
  }
  const closed = input.closed === undefined ? (current?.closed ?? null) : (toDate(input.closed) ?? null);
  const selected = input.selected === undefined ? (current?.selected ?? null) : (toDate(input.selected) ?? null);
  if (!staff && current && current.status !== 'review' && !sameTime(closed, current.closed)) {
    // An open call may run longer, never shorter; once closed, its dates are history.
    const longer = current.status === 'ongoing' && closed !== null && (current.closed === null || closed > current.closed);
    if (!longer) errors.closed = current.status === 'ongoing' ? 'invite.closed_shortened' : 'invite.closed_locked';
  }
  if (!staff && status === 'review' && !closed) errors.closed = 'invite.closed_required';
  // A call that is to take entries closes in the future: a closing date set or moved into the past is a mistake
  // (staff may still record the dates of a call already judged).
  const closedChanged = closed !== null && (!current || !sameTime(closed, current.closed));
  if (!errors.closed && closedChanged && closed <= now && (status === 'review' || status === 'ongoing')) errors.closed = 'invite.closed_past';
  if (closed && selected && selected < closed) errors.selected = 'invite.dates_order';
  if (!staff && current && input.questions && (await q.hasApplications(db, current.id))) {
    const existing = await questions.listQuestions(db, current.id);
    const same =
      existing.length === input.questions.length &&
      existing.every((row, i) => row.id === input.questions?.[i].id && row.question === input.questions?.[i].question);
    if (!same) errors.questions = 'invite.questions_locked';
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    ownerId,
    title: input.title,
    subtitle: input.subtitle ?? current?.subtitle ?? '',
    description: input.description ?? current?.description ?? '',
    logo: input.logo ?? current?.logo ?? '',
    background: input.background ?? current?.background ?? '',
    status,
    closed,
    selected,
    ...(current ? {} : { selfService: !staff }),
  };
}

/** Any logged-in user starts a call (issue #19): theirs, under review until staff approve it; staff as before. */
export async function createInvite(deps: Deps, viewer: UserRow, input: InviteInput) {
  const values = await inviteValues(deps.db, viewer, input);
  const id = await deps.db.transaction(async (tx) => {
    const row = await q.insertInvite(tx, values);
    if (input.questions) await syncQuestions(tx, row.id, input.questions);
    return row.id;
  });
  return getInvite(deps.db, id, viewer);
}

/** The owner within the rules of `inviteValues`, staff freely; publishing the selection tells the subscribers. */
export async function updateInvite(deps: Deps, viewer: UserRow, id: number, input: InviteInput, siteUrl: string) {
  await deps.db.transaction(async (tx) => {
    // The row is locked while the rules read it (issue #19): a concurrent entry, approval or edit waits for this one.
    const current = await editableInvite(tx, viewer, id, undefined, true);
    const values = await inviteValues(tx, viewer, input, current);
    const row = await q.updateInvite(tx, id, values);
    if (input.questions) await syncQuestions(tx, id, input.questions);
    if (row.status === 'selection' && current.status !== 'selection') {
      await tellSubscribers(tx, deps, row, 'selection', siteUrl);
      // Issue #16: every applicant not selected hears it once, when the selection is out.
      await noticeNotSelected(tx, deps, row, siteUrl);
    }
    if (row.status === 'ongoing' && current.status === 'review') await tellSubscribers(tx, deps, row, 'opened', siteUrl);
  });
  return getInvite(deps.db, id, viewer);
}

/** Staff open a call under review: it takes entries now; its owner and its subscribers are told (issue #19). */
export async function approveInvite(deps: Deps, viewer: UserRow, id: number, siteUrl: string) {
  if (!isInviteStaff(viewer)) throw forbidden();
  await deps.db.transaction(async (tx) => {
    await reviewedInvite(tx, id);
    const row = await q.updateInvite(tx, id, { status: 'ongoing', reviewNote: '' });
    await tellOwner(tx, deps, row, 'approved', siteUrl);
    await tellSubscribers(tx, deps, row, 'opened', siteUrl);
  });
  return getInvite(deps.db, id, viewer);
}

/** Staff send a call under review back to its owner with a note the owner sees and is mailed. */
export async function returnInvite(deps: Deps, viewer: UserRow, id: number, note: string, siteUrl: string) {
  if (!isInviteStaff(viewer)) throw forbidden();
  await deps.db.transaction(async (tx) => {
    await reviewedInvite(tx, id);
    const row = await q.updateInvite(tx, id, { reviewNote: note });
    await tellOwner(tx, deps, row, 'returned', siteUrl, { note });
  });
  return getInvite(deps.db, id, viewer);
}

/** The call under review that staff approve or return, locked: two approvals at once open it once. */
async function reviewedInvite(tx: Executor, id: number) {
  const invite = await q.lockInvite(tx, id, 'update');
  if (!invite) throw notFound();
  if (invite.status !== 'review') throw badRequest({ non_field_errors: 'invite.not_in_review' });
  return invite;
}

const langOf = (language: string): Lang => (language === 'en' ? 'en' : 'ko');
const dateIn = (lang: Lang, date: Date | null) =>
  date ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ko-KR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(date) : '';

async function tellOwner(tx: Executor, deps: Deps, invite: InviteRow, kind: 'approved' | 'returned', siteUrl: string, extra: Record<string, string> = {}) {
  const [owner] = await q.findUsersForMail(tx, [invite.ownerId]);
  if (!owner) return;
  const lang = langOf(owner.language);
  const url = kind === 'approved' ? `${siteUrl}/goodluck/${invite.id}/` : `${siteUrl}/goodluck/${invite.id}/edit/`;
  const mail = inviteMail(lang, kind, { site: deps.config.SITE_NAME, name: owner.name, invite: invite.title, url, ...extra });
  await queueMail(tx, { to: owner.email, ...mail });
}

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
    const lang = langOf(user.language);
    const unsubscribe = unsubscribeLink(deps.config.SECRET_KEY, siteUrl, user.id, invite.id);
    const oneClick = oneClickLink(deps.config.SECRET_KEY, siteUrl, user.id, invite.id);
    const mail = inviteMail(lang, kind, {
      site: deps.config.SITE_NAME,
      name: user.name,
      invite: invite.title,
      closed: dateIn(lang, invite.closed),
      url: `${siteUrl}/goodluck/${invite.id}/${kind === 'selection' ? '?tab=selected' : ''}`,
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

/**
 * Makes the invite's questions exactly the given list, in its order: kept ones (by id) are
 * updated, missing ones deleted, new ones added. An id of another invite is a 400.
 */
async function syncQuestions(tx: Executor, inviteId: number, wanted: { id?: number; question: string }[]) {
  const existing = await questions.listQuestions(tx, inviteId);
  const known = new Set(existing.map((row) => row.id));
  for (const [i, item] of wanted.entries()) {
    if (item.id !== undefined && !known.has(item.id)) throw badRequest({ [`questions.${i}.id`]: 'field.not_found' });
  }
  const kept = new Set(wanted.map((w) => w.id).filter((v) => v !== undefined));
  for (const row of existing) if (!kept.has(row.id)) await questions.deleteQuestion(tx, row.id);
  for (const [order, item] of wanted.entries()) {
    if (item.id === undefined) await questions.insertQuestion(tx, { inviteId, question: item.question, order });
    else await questions.updateQuestion(tx, item.id, { question: item.question, order });
  }
}

/** Deletes the invite, and queues its stored objects (images, frozen submissions' images, juror pack) in the same transaction. */
export async function deleteInvite(deps: { db: Db } & CleanupDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    const keys = await deps.mediaCleanup.keysOf('invite', tx, id);
    if (!(await q.deleteInvite(tx, id))) throw notFound();
    await enqueueMediaDelete(tx, keys);
  });
}

// Subscriptions (SPEC §4: the heart toggles; a guest is sent to login).

export async function subscribe(db: Db, viewer: UserRow | null, inviteId: number) {
  if (!viewer) throw notAuthenticated();
  const invite = await q.findInvite(db, inviteId);
  if (!invite) throw badRequest({ invite: 'invite.not_found' });
  const row = await q.upsertSubscription(db, invite.id, viewer.id);
  if (!row) throw notFound();
  return { id: row.id, invite: invite.id };
}

export async function unsubscribe(db: Db, viewer: UserRow | null, id: number) {
  if (!viewer) throw notAuthenticated();
  // Only one's own subscription: anyone else's id is simply not found.
  if (!(await q.deleteSubscription(db, id, viewer.id))) throw notFound();
}

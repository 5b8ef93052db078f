import { invitePath, asLang } from '@axoo/contract';
import type { Db, Executor } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import { badRequest, type FieldErrors, forbidden, notAuthenticated, notFound } from '../../../http/errors.ts';
import { queueMail } from '../../../mail/queue.ts';
import type { CleanupDeps } from '../../../media/cleanup.ts';
import { deleteInviteAndFiles } from '../../../domain/moderation/removal.ts';
import { noticeNotSelected } from '../../../domain/open-calls/notices.ts';
import { inviteMail } from '../mail.ts';
import { canEditInvite, isHiddenFrom, isInviteStaff } from '../../../domain/open-calls/policy.ts';
import type { Page } from '../../../http/paging.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import { presentInvite, presentInviteDetail } from './present.ts';
import * as q from './queries.ts';
import { tellSubscribers } from '../subscriptions/service.ts';
import * as questions from '../questions/queries.ts';
import type { InviteRow } from './queries.ts';
import { type QuestionKindInput, questionKind } from '../questions/kind.ts';
import { graceError } from './grace.ts';

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
  if (isHiddenFrom(viewer, invite)) throw notFound();
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
  grace_minutes?: number;
  jury_statement?: string;
  questions?: ({ id?: number; question: string } & QuestionKindInput)[];
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
  const graceMinutes = input.grace_minutes ?? current?.graceMinutes ?? 0;
  const grace = staff ? undefined : graceError(current, closed, graceMinutes);
  if (grace && !errors.closed) errors.grace_minutes = grace;
  if (!staff && current && input.questions && (await q.hasApplications(db, current.id))) {
    const existing = await questions.listQuestions(db, current.id);
    const same =
      existing.length === input.questions.length &&
      existing.every((row, i) => {
        const wanted = input.questions?.[i];
        if (!wanted || row.id !== wanted.id || row.question !== wanted.question) return false;
        const kind = questionKind(wanted, `questions.${i}.required_answer`, row);
        return kind.kind === row.kind && kind.requiredAnswer === row.requiredAnswer;
      });
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
    graceMinutes,
    juryStatement: input.jury_statement ?? current?.juryStatement ?? '',
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

async function tellOwner(tx: Executor, deps: Deps, invite: InviteRow, kind: 'approved' | 'returned', siteUrl: string, extra: Record<string, string> = {}) {
  const [owner] = await q.findUsersForMail(tx, [invite.ownerId]);
  if (!owner) return;
  const lang = asLang(owner.language);
  const url = kind === 'approved' ? `${siteUrl}${invitePath(invite.id)}` : `${siteUrl}${invitePath(invite.id)}edit/`;
  const mail = inviteMail(lang, kind, { site: deps.config.SITE_NAME, name: owner.name, invite: invite.title, url, ...extra });
  await queueMail(tx, { to: owner.email, ...mail });
}

/**
 * Makes the invite's questions exactly the given list, in its order: kept ones (by id) are
 * updated, missing ones deleted, new ones added. An id of another invite is a 400.
 */
async function syncQuestions(tx: Executor, inviteId: number, wanted: ({ id?: number; question: string } & QuestionKindInput)[]) {
  const existing = await questions.listQuestions(tx, inviteId);
  const known = new Map(existing.map((row) => [row.id, row]));
  const kinds = wanted.map((item, i) => {
    if (item.id !== undefined && !known.has(item.id)) throw badRequest({ [`questions.${i}.id`]: 'field.not_found' });
    // Issue #33.1: an eligibility question carries the answer that passes.
    return questionKind(item, `questions.${i}.required_answer`, item.id === undefined ? undefined : known.get(item.id));
  });
  const kept = new Set(wanted.map((w) => w.id).filter((v) => v !== undefined));
  for (const row of existing) if (!kept.has(row.id)) await questions.deleteQuestion(tx, row.id);
  for (const [order, item] of wanted.entries()) {
    if (item.id === undefined) await questions.insertQuestion(tx, { inviteId, question: item.question, order, ...kinds[order] });
    else await questions.updateQuestion(tx, item.id, { question: item.question, order, ...kinds[order] });
  }
}

/** Deletes the invite, and queues its stored objects (images, frozen submissions' images, juror pack) in the same transaction. */
export async function deleteInvite(deps: { db: Db } & CleanupDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    // The one deletion path, which staff's `remove` also takes (issue #31).
    if (!(await deleteInviteAndFiles(tx, deps, id))) throw notFound();
  });
}

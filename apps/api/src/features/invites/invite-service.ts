import type { Db, Executor } from '../../db/client.ts';
import { badRequest, notAuthenticated, notFound } from '../../http/errors.ts';
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

export async function listInvites(db: Db, page: Page) {
  await q.closeExpiredInvites(db);
  const [total, rows] = await Promise.all([q.countInvites(db), q.listInvites(db, page.limit, page.offset)]);
  const owners = await q.findOwners(db, [...new Set(rows.map((r) => r.ownerId))]);
  return { count: total, results: rows.map((r) => presentInvite(r, owners.get(r.ownerId))) };
}

export async function getInvite(db: Db, id: number, viewer: UserRow | null) {
  const invite = await loadInvite(db, id);
  const [owners, content, subscription] = await Promise.all([
    q.findOwners(db, [invite.ownerId]),
    q.loadPages(db, invite.id),
    viewer ? q.findSubscription(db, invite.id, viewer.id) : Promise.resolve(undefined),
  ]);
  return presentInviteDetail(invite, owners.get(invite.ownerId), content, subscription?.id ?? null);
}

export interface InviteInput {
  owner: number | string;
  title: string;
  subtitle?: string;
  description?: string;
  logo?: string;
  background?: string;
  status: InviteRow['status'];
  closed?: string | null;
  selected?: string | null;
  questions?: { id?: number; question: string }[];
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : new Date(v));

async function inviteValues(db: Executor, input: InviteInput) {
  const owner = await q.findUserByIdOrEmail(db, input.owner);
  if (!owner) throw badRequest({ owner: 'invite.owner_not_found' });
  return {
    ownerId: owner.id,
    title: input.title,
    subtitle: input.subtitle ?? '',
    description: input.description ?? '',
    logo: input.logo ?? '',
    background: input.background ?? '',
    status: input.status,
    closed: toDate(input.closed) ?? null,
    selected: toDate(input.selected) ?? null,
  };
}

/** Staff only: the route checks (policy canEditInviteContent). */
export async function createInvite(db: Db, viewer: UserRow, input: InviteInput) {
  const values = await inviteValues(db, input);
  const id = await db.transaction(async (tx) => {
    const row = await q.insertInvite(tx, values);
    if (input.questions) await syncQuestions(tx, row.id, input.questions);
    return row.id;
  });
  return getInvite(db, id, viewer);
}

export async function updateInvite(db: Db, viewer: UserRow, id: number, input: InviteInput) {
  await loadInvite(db, id);
  const values = await inviteValues(db, input);
  await db.transaction(async (tx) => {
    await q.updateInvite(tx, id, values);
    if (input.questions) await syncQuestions(tx, id, input.questions);
  });
  return getInvite(db, id, viewer);
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

export async function deleteInvite(db: Db, id: number) {
  if (!(await q.deleteInvite(db, id))) throw notFound();
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

import type { Lang } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notAuthenticated, notFound } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import type { UserRow } from '../accounts/user.ts';
import { visibleScope } from '../artworks/scope.ts';
import { presentArtwork } from '../artworks/present.ts';
import { relationsOf } from '../artworks/read-model.ts';
import { selectionMail } from './mail.ts';
import { acceptsApplications, canEditInviteContent, canManageInvite, canSeeSelected, canSeeSubmissions, canSelectApplication } from './policy.ts';
import { presentColumn, presentInvite, presentInviteDetail, presentPage, presentQuestion } from './present.ts';
import * as q from './queries.ts';
import type { InviteRow } from './queries.ts';

/** Sanitizes a column's HTML before it is stored (DESIGN: every stored HTML field). */
export type HtmlCleaner = (html: string) => string;

function requireStaffUser(viewer: UserRow | null): UserRow {
  if (!viewer) throw notAuthenticated();
  if (!canEditInviteContent(viewer)) throw forbidden();
  return viewer;
}

/**
 * Reads an invite after applying the automatic status rule (SPEC §4: an ongoing invite past its
 * closed date is under examination), so no caller ever sees a stale "ongoing".
 */
async function loadInvite(db: Executor, id: number): Promise<InviteRow> {
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

export async function createInvite(db: Db, viewer: UserRow | null, input: InviteInput) {
  requireStaffUser(viewer);
  const values = await inviteValues(db, input);
  const id = await db.transaction(async (tx) => {
    const row = await q.insertInvite(tx, values);
    if (input.questions) await syncQuestions(tx, row.id, input.questions);
    return row.id;
  });
  return getInvite(db, id, viewer);
}

export async function updateInvite(db: Db, viewer: UserRow | null, id: number, input: InviteInput) {
  requireStaffUser(viewer);
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
  const existing = await q.listQuestions(tx, inviteId);
  const known = new Set(existing.map((row) => row.id));
  for (const [i, item] of wanted.entries()) {
    if (item.id !== undefined && !known.has(item.id)) throw badRequest({ [`questions.${i}.id`]: 'field.not_found' });
  }
  const kept = new Set(wanted.map((w) => w.id).filter((v) => v !== undefined));
  for (const row of existing) if (!kept.has(row.id)) await q.deleteQuestion(tx, row.id);
  for (const [order, item] of wanted.entries()) {
    if (item.id === undefined) await q.insertQuestion(tx, { inviteId, question: item.question, order });
    else await q.updateQuestion(tx, item.id, { question: item.question, order });
  }
}

export async function deleteInvite(db: Db, viewer: UserRow | null, id: number) {
  requireStaffUser(viewer);
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

// Pages and columns (staff).

export interface ColumnInput {
  content?: string;
  width?: 6 | 12;
  order?: number;
}

export async function createPage(
  db: Db,
  viewer: UserRow | null,
  clean: HtmlCleaner,
  input: { invite: number; background_color?: string; order?: number; columns?: ColumnInput[] },
) {
  requireStaffUser(viewer);
  return db.transaction(async (tx) => {
    const invite = await q.findInvite(tx, input.invite);
    if (!invite) throw badRequest({ invite: 'invite.not_found' });
    const page = await q.insertPage(tx, { inviteId: invite.id, backgroundColor: input.background_color, order: input.order ?? 0 });
    const columns = await q.insertColumns(
      tx,
      (input.columns ?? []).map((c, i) => ({ pageId: page.id, content: clean(c.content ?? ''), width: c.width ?? 6, order: c.order ?? i })),
    );
    return presentPage(page, columns);
  });
}

export async function updatePage(db: Db, viewer: UserRow | null, id: number, input: { background_color?: string; order?: number }) {
  requireStaffUser(viewer);
  const page = await q.findPage(db, id);
  if (!page) throw notFound();
  const row = await q.updatePage(db, id, {
    ...(input.background_color !== undefined ? { backgroundColor: input.background_color } : {}),
    ...(input.order !== undefined ? { order: input.order } : {}),
  });
  const { columns } = await q.loadPages(db, page.inviteId);
  return presentPage(row, columns);
}

export async function deletePage(db: Db, viewer: UserRow | null, id: number) {
  requireStaffUser(viewer);
  if (!(await q.deletePage(db, id))) throw notFound();
}

export async function createColumn(db: Db, viewer: UserRow | null, clean: HtmlCleaner, input: ColumnInput & { page: number }) {
  requireStaffUser(viewer);
  const page = await q.findPage(db, input.page);
  if (!page) throw badRequest({ page: 'invite.page_not_found' });
  const [row] = await q.insertColumns(db, [{ pageId: page.id, content: clean(input.content ?? ''), width: input.width ?? 6, order: input.order ?? 0 }]);
  return presentColumn(row);
}

export async function updateColumn(db: Db, viewer: UserRow | null, clean: HtmlCleaner, id: number, input: ColumnInput & { page?: number }) {
  requireStaffUser(viewer);
  const column = await q.findColumn(db, id);
  if (!column) throw notFound();
  if (input.page !== undefined && !(await q.findPage(db, input.page))) throw badRequest({ page: 'invite.page_not_found' });
  const row = await q.updateColumn(db, id, {
    ...(input.page !== undefined ? { pageId: input.page } : {}),
    ...(input.content !== undefined ? { content: clean(input.content) } : {}),
    ...(input.width !== undefined ? { width: input.width } : {}),
    ...(input.order !== undefined ? { order: input.order } : {}),
  });
  return presentColumn(row);
}

export async function deleteColumn(db: Db, viewer: UserRow | null, id: number) {
  requireStaffUser(viewer);
  if (!(await q.deleteColumn(db, id))) throw notFound();
}

// Questions.

export async function listQuestions(db: Db, inviteId: number) {
  const rows = await q.listQuestions(db, inviteId);
  return rows.map(presentQuestion);
}

export async function createQuestion(db: Db, viewer: UserRow | null, input: { invite: number; question: string; order?: number }) {
  requireStaffUser(viewer);
  const invite = await q.findInvite(db, input.invite);
  if (!invite) throw badRequest({ invite: 'invite.not_found' });
  return presentQuestion(await q.insertQuestion(db, { inviteId: invite.id, question: input.question, order: input.order ?? 0 }));
}

export async function updateQuestion(db: Db, viewer: UserRow | null, id: number, input: { question: string; order?: number }) {
  requireStaffUser(viewer);
  if (!(await q.findQuestion(db, id))) throw notFound();
  return presentQuestion(await q.updateQuestion(db, id, { question: input.question, ...(input.order !== undefined ? { order: input.order } : {}) }));
}

export async function deleteQuestion(db: Db, viewer: UserRow | null, id: number) {
  requireStaffUser(viewer);
  if (!(await q.deleteQuestion(db, id))) throw notFound();
}

// Applications and answers.

export interface ApplicationInput {
  invite: number;
  artwork: number;
  answers?: { question: number; answer: string }[];
}

/**
 * SPEC §4/§7: save (invite, artwork) only while ongoing, only the applicant's own published artwork,
 * once per pair; the application and its answers are one transaction, so a failing answer leaves
 * no application behind.
 */
export async function applyToInvite(db: Db, viewer: UserRow | null, input: ApplicationInput) {
  if (!viewer) throw notAuthenticated();
  const invite = await q.closeExpiredInvites(db).then(() => q.findInvite(db, input.invite));
  if (!invite) throw badRequest({ invite: 'invite.not_found' });
  if (!acceptsApplications(invite)) throw badRequest({ invite: 'invite.not_ongoing' });
  const artwork = await q.findArtworkForApplication(db, input.artwork);
  if (!artwork) throw badRequest({ artwork: 'invite.artwork_not_found' });
  if (artwork.authorId !== viewer.id) throw badRequest({ artwork: 'invite.artwork_not_own' });
  if (!artwork.published || artwork.draft) throw badRequest({ artwork: 'invite.artwork_not_published' });
  const answers = input.answers ?? [];
  const seen = new Set<number>();
  for (const [i, a] of answers.entries()) {
    if (seen.has(a.question)) throw badRequest({ [`answers.${i}.question`]: 'invite.question_repeated' });
    seen.add(a.question);
  }
  return db.transaction(async (tx) => {
    const application = await q.insertApplication(tx, invite.id, artwork.id);
    if (!application) throw badRequest({ non_field_errors: 'invite.already_applied' });
    const saved: { id: number; question: number; answer: string }[] = [];
    for (const [i, a] of answers.entries()) {
      // Written one per question; an answer to a question of another invite aborts everything.
      const row = await q.insertAnswer(tx, application, a.question, a.answer);
      if (!row) throw badRequest({ [`answers.${i}.question`]: 'invite.question_not_found' });
      saved.push({ id: row.id, question: a.question, answer: a.answer });
    }
    return { id: application.id, invite: invite.id, artwork: artwork.id, selected: application.selected, answers: saved };
  });
}

/** SPEC §7 Answers: one per question, by the applicant, while the invite is ongoing. */
export async function saveAnswer(db: Db, viewer: UserRow | null, input: { application: number; question: number; answer: string }) {
  if (!viewer) throw notAuthenticated();
  await q.closeExpiredInvites(db);
  const found = await q.findApplication(db, input.application);
  if (!found || found.authorId !== viewer.id) throw badRequest({ application: 'invite.application_not_found' });
  const invite = await q.findInvite(db, found.application.inviteId);
  if (!invite || !acceptsApplications(invite)) throw badRequest({ application: 'invite.not_ongoing' });
  if (await q.answerExists(db, found.application.id, input.question)) throw badRequest({ question: 'invite.answer_exists' });
  const row = await q.insertAnswer(db, found.application, input.question, input.answer);
  if (!row) {
    // Either the question is not this invite's, or a concurrent request answered it first.
    if (await q.answerExists(db, found.application.id, input.question)) throw badRequest({ question: 'invite.answer_exists' });
    throw badRequest({ question: 'invite.question_not_found' });
  }
  return { id: row.id, application: found.application.id, question: input.question, answer: input.answer };
}

/**
 * SPEC §4: the owner or staff toggles selected. When an application becomes selected, its applicant
 * gets a mail in their language; the answer does not wait for the mail.
 */
export async function selectApplication(deps: Deps, viewer: UserRow | null, id: number, selected: boolean, siteUrl: string) {
  if (!viewer) throw notAuthenticated();
  const found = await q.findApplication(deps.db, id);
  if (!found) throw notFound();
  const invite = await q.findInvite(deps.db, found.application.inviteId);
  if (!invite) throw notFound();
  if (!canSelectApplication(viewer, invite)) throw forbidden();
  const row = await q.setApplicationSelected(deps.db, id, selected);
  if (selected && !found.application.selected) {
    const applicant = await q.findUserForMail(deps.db, found.authorId);
    if (applicant) {
      const lang: Lang = applicant.language === 'en' ? 'en' : 'ko';
      const mail = selectionMail(lang, {
        site: deps.config.SITE_NAME,
        name: applicant.name,
        invite: invite.title,
        artwork: found.artworkTitle,
        url: `${siteUrl}/goodluck/${invite.id}/`,
      });
      deps.mail.send({ to: applicant.email, ...mail }).catch((err) => deps.log.error({ err, application: id }, 'selection mail failed'));
    }
  }
  return { id: row.id, invite: row.inviteId, artwork: row.artworkId, selected: row.selected };
}

/**
 * SPEC §7 GET /api/v1/invites/{id}/artworks/: `selected` lists the selected submissions (status
 * selection, or owner/staff); without it, every submission (owner and staff only). Each item
 * carries its application for the selection toggle.
 */
export async function listInviteArtworks(db: Db, viewer: UserRow | null, inviteId: number, selectedOnly: boolean, page: Page, lang: Lang) {
  const invite = await loadInvite(db, inviteId);
  const allowed = selectedOnly ? canSeeSelected(viewer, invite) : canSeeSubmissions(viewer, invite);
  if (!allowed) throw viewer ? new AppError(403, { detail: 'invite.selection_list_closed' }) : notAuthenticated();
  // Hidden work (non-member, draft, private) stays hidden from everyone but its author and staff.
  const visibility = visibleScope(viewer, { drafts: true, staffSeesAll: true });
  const { count, rows } = await q.listSubmissions(db, invite.id, { selectedOnly, visibility }, page.limit, page.offset);
  const artworks = rows.map((r) => r.artwork);
  const [rel, answers] = await Promise.all([
    relationsOf(db, artworks, viewer?.id ?? null),
    canManageInvite(viewer, invite)
      ? q.listAnswers(
          db,
          rows.map((r) => r.application.id),
        )
      : Promise.resolve([]),
  ]);
  return {
    count,
    results: rows.map((r) => ({
      ...presentArtwork(r.artwork, rel, lang),
      application: {
        id: r.application.id,
        selected: r.application.selected,
        ...(canManageInvite(viewer, invite)
          ? { answers: answers.filter((a) => a.applicationId === r.application.id).map((a) => ({ id: a.id, question: a.question, answer: a.answer })) }
          : {}),
      },
    })),
  };
}

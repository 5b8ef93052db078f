import { asLang, invitePath } from '@axoo/contract';
import type { Lang } from '@axoo/contract';
import type { Deps } from '../../../deps.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest, forbidden, notAuthenticated, notFound } from '../../../http/errors.ts';
import type { Page } from '../../../http/paging.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import { visibleScope } from '../../../domain/artworks/scope.ts';
import { presentArtwork } from '../../../domain/artworks/present.ts';
import { seesMature } from '../../../domain/artworks/rating.ts';
import { relationsOf } from '../../../domain/artworks/read-model.ts';
import { queueMail } from '../../../mail/queue.ts';
import { notify } from '../../../domain/notifications/notify.ts';
import { selectionMail } from '../mail.ts';
import {
  acceptsApplications,
  canManageInvite,
  canSeeSelected,
  canSeeSubmissions,
  canSelectApplication,
  isHiddenFrom,
} from '../../../domain/open-calls/policy.ts';
import * as q from '../calls/queries.ts';
import * as applications from './queries.ts';
import { loadInvite } from '../calls/service.ts';
import { findSnapshots, insertSnapshot, prepareSnapshot, presentSnapshot, type SnapshotRow } from '../../../domain/open-calls/snapshot.ts';
import { noticeReceived } from '../../../domain/open-calls/notices.ts';
import { assertEligible } from '../fair/eligibility.ts';

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
export async function applyToInvite(deps: Pick<Deps, 'db' | 'config' | 'storage'>, viewer: UserRow | null, input: ApplicationInput, siteUrl: string) {
  const { db } = deps;
  if (!viewer) throw notAuthenticated();
  const invite = await q.closeExpiredInvites(db).then(() => q.findInvite(db, input.invite));
  if (!invite || isHiddenFrom(viewer, invite)) throw badRequest({ invite: 'invite.not_found' });
  if (!acceptsApplications(invite)) throw badRequest({ invite: 'invite.not_ongoing' });
  const artwork = await applications.findArtworkForApplication(db, input.artwork);
  if (!artwork) throw badRequest({ artwork: 'invite.artwork_not_found' });
  if (artwork.authorId !== viewer.id) throw badRequest({ artwork: 'invite.artwork_not_own' });
  if (!artwork.published || artwork.draft) throw badRequest({ artwork: 'invite.artwork_not_published' });
  const answers = input.answers ?? [];
  const seen = new Set<number>();
  for (const [i, a] of answers.entries()) {
    if (seen.has(a.question)) throw badRequest({ [`answers.${i}.question`]: 'invite.question_repeated' });
    seen.add(a.question);
  }
  // Issue #16: the entry is frozen as it is now, its images copied to anonymous keys before the transaction.
  const prepared = await prepareSnapshot(db, deps.storage, artwork.id);
  try {
    return await db.transaction(async (tx) => {
      // The invite is held (shared) to the commit: an owner's edit of its questions or status waits, or is waited for,
      // and the entry is judged against the invite as it is now (issue #19).
      const held = await q.lockInvite(tx, invite.id, 'share');
      if (!held || !acceptsApplications(held)) throw badRequest({ invite: held ? 'invite.not_ongoing' : 'invite.not_found' });
      // Issue #33.1: only who passed the call's eligibility questions (as they are now) may enter.
      await assertEligible(tx, invite.id, viewer.id);
      // Issue #33.6: after the closing date, within the grace minutes, the entry is taken and marked late.
      const late = held.closed !== null && held.closed.getTime() < Date.now();
      const application = await applications.insertApplication(tx, invite.id, artwork.id, viewer.id, late);
      if (!application) throw badRequest({ non_field_errors: 'invite.already_applied' });
      const saved: { id: number; question: number; answer: string }[] = [];
      for (const [i, a] of answers.entries()) {
        // Written one per question; an answer to a question of another invite aborts everything.
        const row = await applications.insertAnswer(tx, application, a.question, a.answer);
        if (!row) throw badRequest({ [`answers.${i}.question`]: 'invite.question_not_found' });
        saved.push({ id: row.id, question: a.question, answer: a.answer });
      }
      // The applicant gets a receipt of the frozen copy, at most once.
      const snapshot = await insertSnapshot(tx, application, prepared);
      await noticeReceived(tx, deps, { invite, application, snapshot, siteUrl });
      return { id: application.id, invite: invite.id, artwork: artwork.id, selected: application.selected, late: application.late, answers: saved };
    });
  } catch (error) {
    // Nothing was applied: the copies show nothing.
    await Promise.all(prepared.copies.map((key) => deps.storage.delete(key)));
    throw error;
  }
}

/** SPEC §7 Answers: one per question, by the applicant, while the invite is ongoing. */
export async function saveAnswer(db: Db, viewer: UserRow | null, input: { application: number; question: number; answer: string }) {
  if (!viewer) throw notAuthenticated();
  await q.closeExpiredInvites(db);
  const found = await applications.findApplication(db, input.application);
  if (!found || found.authorId !== viewer.id) throw badRequest({ application: 'invite.application_not_found' });
  const invite = await q.findInvite(db, found.application.inviteId);
  if (!invite || !acceptsApplications(invite)) throw badRequest({ application: 'invite.not_ongoing' });
  if (await applications.answerExists(db, found.application.id, input.question)) throw badRequest({ question: 'invite.answer_exists' });
  const row = await applications.insertAnswer(db, found.application, input.question, input.answer);
  if (!row) {
    // Either the question is not this invite's, or a concurrent request answered it first.
    if (await applications.answerExists(db, found.application.id, input.question)) throw badRequest({ question: 'invite.answer_exists' });
    throw badRequest({ question: 'invite.question_not_found' });
  }
  return { id: row.id, application: found.application.id, question: input.question, answer: input.answer };
}

/**
 * SPEC §4: the owner or staff toggles selected. The first time an application becomes selected, its applicant is
 * told in the same transaction: a notice, and a mail in their language through the queue (issue #13: the answer
 * never waits on SMTP, and the mail survives the process).
 */
export async function selectApplication(deps: Deps, viewer: UserRow | null, id: number, selected: boolean, siteUrl: string) {
  if (!viewer) throw notAuthenticated();
  const found = await applications.findApplication(deps.db, id);
  if (!found) throw notFound();
  const invite = await q.findInvite(deps.db, found.application.inviteId);
  if (!invite) throw notFound();
  if (!canSelectApplication(viewer, invite)) throw forbidden();
  const row = await deps.db.transaction(async (tx) => {
    const updated = await applications.setApplicationSelected(tx, id, selected);
    // An applicant whose account is gone has no one to tell.
    if (!selected || found.application.selected || found.authorId === null) return updated;
    const [applicant] = await q.findUsersForMail(tx, [found.authorId]);
    if (!applicant) return updated;
    const key = `selected:${id}`;
    await notify(tx, { userId: found.authorId, type: 'selected', inviteId: invite.id, artworkId: found.application.artworkId, applicationId: id, key });
    const lang: Lang = asLang(applicant.language);
    const mail = selectionMail(lang, {
      site: deps.config.SITE_NAME,
      name: applicant.name,
      invite: invite.title,
      artwork: found.artworkTitle,
      url: `${siteUrl}${invitePath(invite.id)}`,
    });
    await queueMail(tx, { to: applicant.email, ...mail }, { key: `mail:${key}` });
    return updated;
  });
  return { id: row.id, invite: row.inviteId, artwork: row.artworkId, selected: row.selected };
}

/**
 * SPEC §7 GET /api/v1/invites/{id}/artworks/: `selected` lists the selected submissions (status
 * selection, or owner/staff); without it, every submission (owner and staff only). Each item
 * carries its application for the selection toggle.
 */
export async function listInviteArtworks(
  db: Db,
  viewer: UserRow | null,
  inviteId: number,
  selectedOnly: boolean,
  page: Page,
  lang: Lang,
  filters?: applications.SubmissionFilters,
) {
  const invite = await loadInvite(db, inviteId);
  if (isHiddenFrom(viewer, invite)) throw notFound();
  const allowed = selectedOnly ? canSeeSelected(viewer, invite) : canSeeSubmissions(viewer, invite);
  if (!allowed) throw viewer ? new AppError(403, { detail: 'invite.selection_list_closed' }) : notAuthenticated();
  // An entry sent to a call belongs to the call (issue #19): its owner and staff see every one, whatever the
  // artist's membership or the artwork's later visibility. Shown publicly (SELECTED in selection), hidden work
  // stays hidden from everyone but its author.
  const visibility = canManageInvite(viewer, invite) ? undefined : visibleScope(viewer, { drafts: true });
  // The owner's filters narrow their own view; the public SELECTED list is the selection, newest first.
  const own = canManageInvite(viewer, invite) ? filters : undefined;
  const { count, rows } = await applications.listSubmissions(db, invite.id, { selectedOnly, visibility, filters: own }, page.limit, page.offset);
  const artworks = rows.flatMap((r) => (r.artwork ? [r.artwork] : []));
  const manage = canManageInvite(viewer, invite);
  const ids = rows.map((r) => r.application.id);
  const [rel, answers, snapshots] = await Promise.all([
    relationsOf(db, artworks, viewer?.id ?? null),
    manage ? applications.listAnswers(db, ids) : Promise.resolve([]),
    // The brand judges what was sent (issue #16): the card shows the frozen title and cover, the live artwork opens on click.
    manage ? findSnapshots(db, ids) : Promise.resolve([]),
  ]);
  const frozen = new Map(snapshots.map((s) => [s.applicationId, s]));
  return {
    count,
    results: rows.map((r) => {
      const snapshot = frozen.get(r.application.id);
      const application = {
        id: r.application.id,
        selected: r.application.selected,
        // Issue #33.6: sent within the grace window (shown to the owner).
        ...(manage ? { late: r.application.late } : {}),
        // Issue #29: the artist deleted the project after applying; the entry stays, frozen.
        artwork_deleted: r.artwork === null,
        ...(manage
          ? {
              answers: answers.filter((a) => a.applicationId === r.application.id).map((a) => ({ id: a.id, question: a.question, answer: a.answer })),
              snapshot: snapshot ? presentSnapshot(snapshot, lang) : null,
            }
          : {}),
      };
      // Only owner and staff reach an entry without its artwork (the public's scope needs a visible artwork).
      if (!r.artwork) return { ...presentDeletedEntry(snapshot, lang), application };
      // Issue #31: the call's owner and staff judge what was sent as it is; others see mature work by their opt-in.
      const card = presentArtwork(r.artwork, rel, lang, { showMature: manage || seesMature(viewer) });
      return { ...card, ...(snapshot ? { title: snapshot.title, cover: snapshot.cover, cropped_cover: snapshot.croppedCover } : {}), application };
    }),
  };
}

/** The card of an entry whose artwork was deleted: what its frozen copy holds, no artwork to open, no author. */
function presentDeletedEntry(snapshot: SnapshotRow | undefined, lang: Lang) {
  const frozen = snapshot ? presentSnapshot(snapshot, lang) : null;
  return {
    id: null,
    title: frozen?.title ?? '',
    author: null,
    categories: frozen?.categories ?? [],
    fields: frozen?.fields ?? [],
    concepts: frozen?.concepts ?? [],
    tags: frozen?.tags ?? [],
    background_color: frozen?.background_color ?? '#FFFFFF',
    cover: frozen?.cover ?? '',
    cropped_cover: frozen?.cropped_cover ?? '',
    width: frozen?.width ?? null,
    height: frozen?.height ?? null,
  };
}

import type { Invite, InviteColumn, InviteDetail, InvitePage, InviteQuestion } from '@axoo/contract';
import { presentUser } from '../../../domain/users/present.ts';
import type { InviteColumnRow, InvitePageRow, InviteQuestionRow, InviteRow, OwnerRow } from './queries.ts';

/** SPEC §3 Invite as the list shows it (no pages). */
export function presentInvite(row: InviteRow, owner: OwnerRow | undefined) {
  return {
    id: row.id,
    owner: owner ? presentUser.owner(owner) : null,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    logo: row.logo,
    background: row.background,
    status: row.status,
    closed: row.closed ? row.closed.toISOString() : null,
    selected: row.selected ? row.selected.toISOString() : null,
    created: row.created.toISOString(),
    grace_minutes: row.graceMinutes,
  } satisfies Invite;
}

export function presentColumn(row: InviteColumnRow) {
  return { id: row.id, page: row.pageId, content: row.content, width: row.width, order: row.order } satisfies InviteColumn;
}

export function presentPage(row: InvitePageRow, columns: InviteColumnRow[]) {
  return {
    id: row.id,
    invite: row.inviteId,
    background_color: row.backgroundColor,
    order: row.order,
    columns: columns.filter((c) => c.pageId === row.id).map(presentColumn),
  } satisfies InvitePage;
}

/** SPEC §3 Invite detail: pages with their ordered columns, and the viewer's subscription id or null. */
export function presentInviteDetail(
  row: InviteRow,
  owner: OwnerRow | undefined,
  content: { pages: InvitePageRow[]; columns: InviteColumnRow[] },
  subscription: number | null,
  canEdit: boolean,
) {
  return {
    ...presentInvite(row, owner),
    pages: content.pages.map((p) => presentPage(p, content.columns)),
    subscription,
    review_note: canEdit ? row.reviewNote : '',
    jury_statement: row.juryStatement,
    can_edit: canEdit,
    moderation_state: row.moderationState,
    moderation_reason: canEdit ? row.moderationReason : '',
  } satisfies InviteDetail;
}

export function presentQuestion(row: InviteQuestionRow) {
  return {
    id: row.id,
    invite: row.inviteId,
    question: row.question,
    order: row.order,
    kind: row.kind,
    required_answer: row.kind === 'eligibility' ? row.requiredAnswer : null,
  } satisfies InviteQuestion;
}

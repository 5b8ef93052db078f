import type { UserRow } from '../users/user.ts';
import type { invites } from '../../db/schema/index.ts';

type InviteRow = typeof invites.$inferSelect;

type InviteAccess = Pick<InviteRow, 'ownerId' | 'status' | 'moderationState'>;

/** SPEC §6: the invite's owner and staff manage its submissions. */
export function canManageInvite(viewer: UserRow | null, invite: Pick<InviteRow, 'ownerId'>): boolean {
  return viewer !== null && (viewer.isStaff || viewer.id === invite.ownerId);
}

/**
 * Issue #31: a call staff hid is for its owner (who reads the reason) and staff only; to anyone else it does not
 * exist (its page, its API answer, its public SELECTED list, subscribing and applying answer as for no call).
 */
export function isHiddenFrom(viewer: UserRow | null, invite: Pick<InviteRow, 'ownerId' | 'moderationState'>): boolean {
  return invite.moderationState === 'hidden' && !canManageInvite(viewer, invite);
}

/** SPEC §6: selected submissions load when the status is selection, or for the owner and staff. */
export function canSeeSelected(viewer: UserRow | null, invite: InviteAccess): boolean {
  return (invite.status === 'selection' && invite.moderationState === 'none') || canManageInvite(viewer, invite);
}

/** SPEC §2: the SUBMISSIONS tab (every application) is for the owner and staff. */
export const canSeeSubmissions = canManageInvite;

/** SPEC §4 Invite application selection: owner or staff toggles selected. */
export const canSelectApplication = canManageInvite;

/** SPEC §4 Invite status: applications only while ongoing. */
export function acceptsApplications(invite: Pick<InviteRow, 'status'>): boolean {
  return invite.status === 'ongoing';
}

/** SPEC §6 Staff, and since issue #19 the owner: an invite's texts, pages, columns, questions and dates (within the rules). */
export const canEditInvite = canManageInvite;

/** Staff approve a brand's call or send it back, and may set any owner and status. */
export function isInviteStaff(viewer: UserRow | null): boolean {
  return viewer?.isStaff === true;
}

/** SPEC §4: an open call takes entries until its closing date; after the first one its questions are fixed. */
export const isOpenCall = (invite: Pick<InviteRow, 'status'>) => invite.status !== 'review';

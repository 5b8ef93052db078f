import type { UserRow } from '../accounts/user.ts';
import { canEditInvite } from '../invites/policy.ts';
import type { InviteRow, JurorRow, RoundRow } from './queries.ts';

/**
 * Who may do what in an invite's judging (issue #16), in one place:
 * - `manage`: the rubric, the jurors, the rounds, the ranking, the juror pack and the dashboard: the owner and staff.
 * - `judge`: the blind queue and scoring: an accepted juror of this invite, not removed, while judging is open.
 * - `view`: the rubric and the rounds (what a juror needs to score): a manager or an accepted juror.
 */
export type JudgingPermission = 'manage' | 'judge' | 'view';

/** A juror who accepted and was not removed. */
export const isActiveJuror = (juror: JurorRow | undefined): juror is JurorRow =>
  juror !== undefined && juror.accepted !== null && juror.removed === null && juror.userId !== null;

/** Jurors score while the invite is under examination, or while a later round the owner started is open. */
export function judgingOpen(invite: Pick<InviteRow, 'status'>, round: Pick<RoundRow, 'number' | 'closed'> | undefined): boolean {
  if (round?.closed) return false;
  return invite.status === 'examination' || (round !== undefined && round.number > 1 && invite.status !== 'selection');
}

export const canManageJudging = (viewer: UserRow | null, invite: Pick<InviteRow, 'ownerId'>) => canEditInvite(viewer, invite);

/** A juror sees another juror's scores (the ranking) once the round is closed; managers always. */
export const canSeeRanking = (viewer: UserRow | null, invite: Pick<InviteRow, 'ownerId'>, juror: JurorRow | undefined, round: Pick<RoundRow, 'closed'>) =>
  canManageJudging(viewer, invite) || (isActiveJuror(juror) && round.closed !== null);

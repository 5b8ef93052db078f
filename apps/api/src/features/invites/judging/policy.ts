import type { UserRow } from '../../../domain/users/user.ts';
import { canEditInvite } from '../../../domain/open-calls/policy.ts';
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

/**
 * Jurors see their queue while the invite is under examination, or while a later round the owner started is open
 * (a closed round's queue stays readable; scoring in it is refused under its field).
 */
export function judgingOpen(invite: Pick<InviteRow, 'status'>, round: Pick<RoundRow, 'number' | 'closed'> | undefined): boolean {
  return invite.status === 'examination' || (round !== undefined && round.number > 1 && round.closed === null && invite.status !== 'selection');
}

export const canManageJudging = (viewer: UserRow | null, invite: Pick<InviteRow, 'ownerId'>) => canEditInvite(viewer, invite);

/** A juror sees another juror's scores (the ranking) once the round is closed; managers always. */
export const canSeeRanking = (viewer: UserRow | null, invite: Pick<InviteRow, 'ownerId'>, juror: JurorRow | undefined, round: Pick<RoundRow, 'closed'>) =>
  canManageJudging(viewer, invite) || (isActiveJuror(juror) && round.closed !== null);

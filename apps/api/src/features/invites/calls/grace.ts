import type { InviteRow } from './queries.ts';

/**
 * Issue #33.6: an owner sets a call's grace minutes (0 to a day) while it is under review, and may lengthen an open
 * call's last moment for entries (closing date plus grace) but never shorten it; once closed, it is history. Staff
 * are not asked. Answers the message key of the refusal, or undefined.
 */
export function graceError(current: InviteRow | undefined, closed: Date | null, graceMinutes: number): string | undefined {
  if (!current || current.status === 'review' || graceMinutes === current.graceMinutes) return undefined;
  if (current.status !== 'ongoing') return 'invite.closed_locked';
  const last = (closed?.getTime() ?? Number.POSITIVE_INFINITY) + graceMinutes * 60_000;
  const before = (current.closed?.getTime() ?? Number.POSITIVE_INFINITY) + current.graceMinutes * 60_000;
  return last < before ? 'invite.closed_shortened' : undefined;
}

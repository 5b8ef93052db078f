import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { invites, type UserRow } from '../../db/schema/index.ts';
import { canManageInvite } from '../../domain/open-calls/policy.ts';
import { isSubmissionKey, mediaAccessOfSubmission, type SubmissionProtectionRow, snapshotOfSubmissionKey } from '../../domain/open-calls/protection.ts';
import { type Memo, remember } from '../../http/memo.ts';
import { findJurorOf } from './judging/queries.ts';
import { isActiveJuror } from './judging/policy.ts';

/** How long an entry's media answer is remembered per process (any write clears it at once). */
const ACCESS_TTL_MS = 60_000;

/**
 * Issue #34 (6) on the call's public pages: a protected entry's frozen copies as sent go to the call's owner and
 * staff, its active jurors and the applicant (who see the entry as sent in the judging room, the submissions tab and
 * the juror pack); nobody else.
 */
export async function seesEntryAsSent(db: Executor, user: UserRow, row: SubmissionProtectionRow): Promise<boolean> {
  if (user.isStaff || row.applicantId === user.id) return true;
  const [invite] = await db.select({ ownerId: invites.ownerId }).from(invites).where(eq(invites.id, row.inviteId));
  if (!invite) return false;
  return canManageInvite(user, invite) || isActiveJuror(await findJurorOf(db, row.inviteId, user.id));
}

/** Issue #34 (6): tells `/media/` how to serve the keys of the submissions' folder (remembered, cleared by any write). */
export function registerSubmissionAccess(app: FastifyInstance) {
  const rows: Memo<SubmissionProtectionRow | null> = new Map();
  app.changes.subscribe(() => rows.clear());
  app.mediaAccess.push(async (key) => {
    if (!isSubmissionKey(key)) return null;
    const row = await remember(rows, key, ACCESS_TTL_MS, () => snapshotOfSubmissionKey(app.db, key));
    return mediaAccessOfSubmission(row, key, (user, entry) => seesEntryAsSent(app.db, user, entry));
  });
}

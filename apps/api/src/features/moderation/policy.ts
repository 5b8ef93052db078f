import type { ReportTarget } from '@axoo/contract';
import type { Executor } from '../../db/client.ts';
import { canViewArtwork } from '../../domain/artworks/scope.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { badRequest } from '../../http/errors.ts';
import * as q from './queries.ts';

/**
 * Who may report what (issue #31): a target the reporter can see (an artwork by the visibility rule; a message only
 * by the other person of its conversation), never their own. Anything else names nothing: a field error.
 */
export async function checkReportable(db: Executor, viewer: UserRow, target: ReportTarget, id: number) {
  const owner = await ownerOf(db, viewer, target, id);
  if (owner === null) throw badRequest({ target_id: 'report.target_not_found' });
  if (owner === viewer.id) throw badRequest({ target_id: 'report.self' });
}

/** The owner of a target the viewer may see, or null. */
async function ownerOf(db: Executor, viewer: UserRow, target: ReportTarget, id: number): Promise<number | null> {
  switch (target) {
    case 'artwork': {
      const a = await q.findArtwork(db, id);
      return a && canViewArtwork(viewer, a) ? a.authorId : null;
    }
    case 'user':
      return (await q.findUser(db, id))?.id ?? null;
    case 'invite':
      return (await q.findInvite(db, id))?.ownerId ?? null;
    case 'message': {
      const m = await q.findMessage(db, id);
      if (!m || (viewer.id !== m.artistId && viewer.id !== m.senderId)) return null;
      return m.authorId;
    }
  }
}

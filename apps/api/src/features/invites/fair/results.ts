import type { InviteResults } from '@axoo/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { publicSubmissionKeyOf } from '../../../domain/open-calls/protection.ts';
import { presentUser } from '../../../domain/users/present.ts';
import { loadInvite } from '../calls/service.ts';
import * as q from './queries.ts';

/**
 * Issue #33.8 `GET /api/v1/invites/{id}/results/`: once a call reaches selection, anyone reads its results — the
 * selected entries as they were sent (frozen title and cover) with a link to each artist, the owner's jury statement,
 * and how many entries and jurors there were. Before that, a 403 that says the results are not out.
 */
export async function getResults(db: Db, inviteId: number): Promise<InviteResults> {
  const invite = await loadInvite(db, inviteId);
  if (invite.status !== 'selection') throw new AppError(403, { detail: 'invite.results_not_published' });
  const [figures, rows] = await Promise.all([q.callFigures(db, invite.id), q.selectedEntries(db, invite.id)]);
  return {
    invite: invite.id,
    title: invite.title,
    subtitle: invite.subtitle,
    background: invite.background,
    statement: invite.juryStatement,
    selected_at: invite.selected ? invite.selected.toISOString() : null,
    entries: figures.entries,
    jurors: figures.jurors,
    // Issue #34 (6): a protected entry's frozen cover by its public copy, capped and watermarked.
    results: rows.map((r) => ({
      application: r.application,
      title: r.title,
      cover: publicSubmissionKeyOf({ applicationId: r.application, protectionSalt: r.salt }, r.cover),
      cropped_cover: publicSubmissionKeyOf({ applicationId: r.application, protectionSalt: r.salt }, r.croppedCover),
      max_public_width: r.maxPublicWidth,
      artwork: r.artwork,
      artist: r.artist ? presentUser.owner(r.artist) : null,
    })),
  };
}

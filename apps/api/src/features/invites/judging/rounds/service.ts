import type { Db, Executor } from '../../../../db/client.ts';
import type { Deps } from '../../../../deps.ts';
import { badRequest, forbidden, notFound } from '../../../../http/errors.ts';
import type { UserRow } from '../../../../domain/users/user.ts';
import { noticeShortlisted } from '../../../../domain/open-calls/notices.ts';
import { canSeeRanking } from '../policy.ts';
import { presentRound } from '../present.ts';
import * as shared from '../queries.ts';
import * as q from './queries.ts';
import type { InviteRow, RoundRow } from '../queries.ts';
import { requireAccess } from '../service.ts';
import { type RankingOrder, rankSubmissions } from '../ranking.ts';

export async function getRanking(db: Db, viewer: UserRow | null, inviteId: number, roundNumber: number | undefined, by: RankingOrder = 'mean') {
  const access = await requireAccess(db, viewer, inviteId, 'view');
  const rounds = await shared.listRounds(db, access.invite.id);
  const chosen = rounds.find((r) => r.round.number === (roundNumber ?? access.round.number));
  if (!chosen) throw notFound();
  if (!canSeeRanking(viewer, access.invite, access.juror, chosen.round)) throw forbidden();
  return rankingOf(db, access.invite, chosen.round, chosen.shortlist, by);
}

export async function rankingOf(db: Executor, invite: InviteRow, round: RoundRow, shortlist: number, by: RankingOrder = 'mean') {
  const [criteria, apps, scores, conflicts, shortlisted] = await Promise.all([
    shared.listCriteria(db, invite.id),
    shared.roundApplications(db, round),
    shared.roundScores(db, round.id),
    shared.conflictsOf(db, invite.id),
    q.shortlistedIds(db, invite.id),
  ]);
  const ranked = rankSubmissions(
    apps.map((a) => a.id),
    criteria,
    scores,
    invite.scoreScale,
    by,
  );
  const byId = new Map(apps.map((a) => [a.id, a]));
  return {
    round: presentRound(round, shortlist),
    by,
    results: ranked.map((r) => {
      const app = byId.get(r.applicationId);
      return {
        application: r.applicationId,
        title: app?.title ?? '',
        cover: app?.cover ?? '',
        mean: r.mean,
        normalized: r.normalized,
        sd: r.sd,
        jurors: r.jurors,
        scores: r.scores,
        agreement: r.agreement,
        removed_scores: r.removedScores,
        conflicts: conflicts.filter((c) => c.applicationId === r.applicationId).length,
        shortlisted: shortlisted.has(r.applicationId),
        selected: app?.selected ?? false,
        criteria: r.criteria,
      };
    }),
  };
}

export async function closeRound(db: Db, viewer: UserRow | null, roundId: number) {
  const round = await q.findRound(db, roundId);
  if (!round) throw notFound();
  await requireAccess(db, viewer, round.inviteId, 'manage');
  const closed = round.closed ? round : await q.closeRound(db, round.id);
  return presentRound(closed ?? round, 0);
}

/**
 * Opens the next round with a shortlist of the closed one: its top N by the ranking, or hand-picked. The
 * shortlisted applicants are told, each once; all in one transaction.
 */
export async function startRound(deps: Deps, viewer: UserRow | null, input: { invite: number; top?: number; applications?: number[] }, siteUrl: string) {
  const { invite, round } = await requireAccess(deps.db, viewer, input.invite, 'manage');
  if ((input.top === undefined) === (input.applications === undefined)) throw badRequest({ non_field_errors: 'judging.shortlist_choice' });
  if (!round.closed) throw badRequest({ invite: 'judging.round_open' });
  const ranking = await rankingOf(deps.db, invite, round, 0);
  const inClosed = new Set(ranking.results.map((r) => r.application));
  let chosen: number[];
  if (input.top !== undefined) chosen = ranking.results.slice(0, input.top).map((r) => r.application);
  else {
    const picked = [...new Set(input.applications)];
    const unknown = picked.findIndex((id) => !inClosed.has(id));
    if (unknown >= 0) throw badRequest({ [`applications.${unknown}`]: 'judging.shortlist_unknown' });
    chosen = picked;
  }
  if (!chosen.length) throw badRequest({ [input.top !== undefined ? 'top' : 'applications']: 'judging.shortlist_empty' });
  return deps.db.transaction(async (tx) => {
    const next = await q.insertRound(tx, invite.id, round.number + 1, chosen);
    if (!next) throw badRequest({ invite: 'judging.round_open' });
    await noticeShortlisted(tx, deps, invite, chosen, siteUrl);
    return presentRound(next, chosen.length);
  });
}

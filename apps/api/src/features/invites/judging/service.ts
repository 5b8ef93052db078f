import { type Lang, localisedName } from '@axoo/contract';
import type { Db, Executor } from '../../../db/client.ts';
import { AppError, badRequest, forbidden, notAuthenticated, notFound } from '../../../http/errors.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import { canManageJudging, isActiveJuror, type JudgingPermission, judgingOpen } from './policy.ts';
import { presentCriterion, presentJuror, presentRound } from './present.ts';
import * as q from './queries.ts';
import type { InviteRow, JurorRow, RoundRow } from './queries.ts';

// Access, checked once at the top of every service (immich's requireAccess).

export interface Access {
  invite: InviteRow;
  /** The viewer's juror row on this invite, when they have one (removed or not). */
  juror: JurorRow | undefined;
  round: RoundRow;
  manager: boolean;
}

/**
 * Loads the invite and answers who the viewer is to its judging, or refuses: a guest is asked to log in (403 as
 * everywhere in this API), a removed juror is told so, anyone else gets 403; an invite that does not exist is 404.
 */
export async function requireAccess(db: Executor, viewer: UserRow | null, inviteId: number, permission: JudgingPermission): Promise<Access> {
  const invite = await q.findInvite(db, inviteId);
  if (!invite) throw notFound();
  if (!viewer) throw notAuthenticated();
  const manager = canManageJudging(viewer, invite);
  const juror = await q.findJurorOf(db, invite.id, viewer.id);
  const round = await q.currentRound(db, invite.id);
  if (permission === 'manage') {
    if (!manager) throw forbidden();
  } else {
    const active = isActiveJuror(juror);
    const removed = juror?.removed != null;
    if (removed && !manager) throw new AppError(403, { detail: 'judging.juror_removed' });
    if (permission === 'view' && !active && !manager) throw forbidden();
    if (permission === 'judge') {
      if (!active) throw removed ? new AppError(403, { detail: 'judging.juror_removed' }) : forbidden();
      if (!judgingOpen(invite, round)) throw new AppError(403, { detail: 'judging.not_open' });
    }
  }
  return { invite, juror, round, manager };
}

// The overview: rubric, scale, jurors, rounds.

export async function getJudging(db: Db, viewer: UserRow | null, inviteId: number, lang: Lang) {
  const { invite, juror, round, manager } = await requireAccess(db, viewer, inviteId, 'view');
  const [criteria, jurors, rounds, locked] = await Promise.all([
    q.listCriteria(db, invite.id),
    manager ? jurorProgress(db, invite, round) : Promise.resolve([]),
    q.listRounds(db, invite.id),
    q.hasScores(db, invite.id),
  ]);
  const current = rounds.find((r) => r.round.id === round.id);
  return {
    invite: invite.id,
    title: invite.title,
    status: invite.status,
    scale: invite.scoreScale,
    reveal_names: invite.revealNames,
    locked,
    criteria: criteria.map((c) => presentCriterion(c, lang)),
    jurors,
    rounds: rounds.map((r) => presentRound(r.round, r.shortlist)),
    round: current ? presentRound(current.round, current.shortlist) : null,
    can_manage: manager,
    juror: isActiveJuror(juror) ? juror.id : null,
  };
}

/** Each juror with how many of the round's submissions they have scored on every criterion. */
async function jurorProgress(db: Executor, invite: InviteRow, round: RoundRow) {
  const [jurors, criteria, scores, apps] = await Promise.all([
    q.listJurors(db, invite.id),
    q.listCriteria(db, invite.id),
    q.roundScores(db, round.id),
    q.roundApplications(db, round),
  ]);
  const conflicts = await q.conflictsOf(db, invite.id);
  return jurors.map(({ juror, name }) => {
    const perApp = new Map<number, number>();
    for (const s of scores) if (s.jurorId === juror.id) perApp.set(s.applicationId, (perApp.get(s.applicationId) ?? 0) + 1);
    const scored = criteria.length ? [...perApp.values()].filter((n) => n >= criteria.length).length : 0;
    const total = apps.length - conflicts.filter((c) => c.jurorId === juror.id && apps.some((a) => a.id === c.applicationId)).length;
    return presentJuror(juror, name, scored, total);
  });
}

export async function updateSettings(db: Db, viewer: UserRow | null, inviteId: number, input: { scale?: number; reveal_names?: boolean }) {
  const { invite } = await requireAccess(db, viewer, inviteId, 'manage');
  if (input.scale === undefined && input.reveal_names === undefined)
    throw badRequest({ non_field_errors: { key: 'judging.nothing_to_change', params: { fields: 'scale, reveal_names' } } });
  if (input.scale !== undefined && input.scale !== invite.scoreScale && (await q.hasScores(db, invite.id)))
    throw badRequest({ scale: 'judging.rubric_locked' });
  await q.setJudgingSettings(db, invite.id, { scoreScale: input.scale, revealNames: input.reveal_names });
}

// The dashboard.

export async function getDashboard(db: Db, viewer: UserRow | null, inviteId: number, lang: Lang) {
  const { invite, round } = await requireAccess(db, viewer, inviteId, 'manage');
  const [perDay, taxonomies, jurors] = await Promise.all([
    q.submissionsPerDay(db, invite.id),
    q.snapshotTaxonomies(db, invite.id),
    jurorProgress(db, invite, round),
  ]);
  const categories = new Map<string, { category: string; name: string; count: number }>();
  for (const { taxonomy } of taxonomies) {
    // A submission counts once, under its first genre (as the card shows it).
    const first = taxonomy.categories[0];
    const key = first?.code ?? '';
    const entry = categories.get(key) ?? { category: key, name: first ? localisedName(lang, first) : '', count: 0 };
    entry.count += 1;
    categories.set(key, entry);
  }
  return {
    submissions: perDay.reduce((n, d) => n + d.count, 0),
    per_day: perDay,
    by_category: [...categories.values()].sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
    jurors: jurors.map((j) => ({ id: j.id, email: j.email, name: j.name, status: j.status, scored: j.scored, total: j.total })),
  };
}

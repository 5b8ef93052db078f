import { type Lang, localisedName, SCORE_MIN } from '@axoo/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notAuthenticated, notFound } from '../../http/errors.ts';
import type { Page } from '../../http/paging.ts';
import { signParts, verifyParts } from '../../http/signed.ts';
import { queueMail } from '../../mail/queue.ts';
import { catalogueMail } from '../../mail/templates.ts';
import type { UserRow } from '../accounts/user.ts';
import { presentSnapshot } from '../invites/snapshot.ts';
import { noticeShortlisted } from './notices.ts';
import { canManageJudging, canSeeRanking, isActiveJuror, type JudgingPermission, judgingOpen } from './policy.ts';
import { presentCriterion, presentJuror, presentRound } from './present.ts';
import * as q from './queries.ts';
import type { InviteRow, JurorRow, RoundRow } from './queries.ts';
import { rankSubmissions } from './ranking.ts';

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

// The rubric.

export interface CriterionInput {
  name_ko: string;
  name_en: string;
  description?: string;
  weight?: number;
  order?: number;
}

async function assertUnlocked(db: Executor, inviteId: number) {
  if (await q.hasScores(db, inviteId)) throw badRequest({ non_field_errors: 'judging.rubric_locked' });
}

export async function createCriterion(db: Db, viewer: UserRow | null, input: CriterionInput & { invite: number }, max: number, lang: Lang) {
  const { invite } = await requireAccess(db, viewer, input.invite, 'manage');
  return db.transaction(async (tx) => {
    await assertUnlocked(tx, invite.id);
    const existing = await q.listCriteria(tx, invite.id);
    if (existing.length >= max) throw badRequest({ invite: { key: 'judging.criteria_max', params: { max } } });
    const row = await q.insertCriterion(tx, {
      inviteId: invite.id,
      nameKo: input.name_ko,
      nameEn: input.name_en,
      description: input.description ?? '',
      weight: input.weight ?? 1,
      order: input.order ?? existing.length,
    });
    return presentCriterion(row, lang);
  });
}

async function loadCriterion(db: Executor, viewer: UserRow | null, id: number) {
  const criterion = await q.findCriterion(db, id);
  if (!criterion) throw notFound();
  await requireAccess(db, viewer, criterion.inviteId, 'manage');
  return criterion;
}

export async function updateCriterion(db: Db, viewer: UserRow | null, id: number, input: CriterionInput, lang: Lang) {
  const criterion = await loadCriterion(db, viewer, id);
  await assertUnlocked(db, criterion.inviteId);
  const row = await q.updateCriterion(db, id, {
    nameKo: input.name_ko,
    nameEn: input.name_en,
    description: input.description ?? criterion.description,
    weight: input.weight ?? criterion.weight,
    order: input.order ?? criterion.order,
  });
  return presentCriterion(row, lang);
}

export async function deleteCriterion(db: Db, viewer: UserRow | null, id: number) {
  const criterion = await loadCriterion(db, viewer, id);
  await assertUnlocked(db, criterion.inviteId);
  await q.deleteCriterion(db, id);
}

// Jurors.

export const jurorToken = (secret: string, juror: Pick<JurorRow, 'id' | 'email'>) => signParts(secret, 'juror', juror.id, juror.email);

/** The owner or staff invite a juror by e-mail; the mailed signed link leads to the accept page. */
export async function inviteJuror(deps: Deps, viewer: UserRow | null, input: { invite: number; email: string }, lang: Lang, siteUrl: string, max: number) {
  const { invite } = await requireAccess(deps.db, viewer, input.invite, 'manage');
  const email = input.email.toLowerCase();
  return deps.db.transaction(async (tx) => {
    if ((await q.countActiveJurors(tx, invite.id)) >= max) throw badRequest({ email: { key: 'judging.jurors_max', params: { max } } });
    const juror = await q.insertJuror(tx, { inviteId: invite.id, email, language: lang });
    if (!juror) throw badRequest({ email: 'judging.juror_exists' });
    const url = `${siteUrl}/goodluck/${invite.id}/jury/accept/?juror=${juror.id}&token=${jurorToken(deps.config.SECRET_KEY, juror)}`;
    const mail = catalogueMail(lang, 'judging.mail.juror', { site: deps.config.SITE_NAME, invite: invite.title, url });
    await queueMail(tx, { to: email, ...mail }, { key: `mail:juror:${juror.id}` });
    return { id: juror.id, invite: invite.id, email };
  });
}

/**
 * The invited person, logged in (an account they had or made on the way), accepts with the link's token: the
 * invitation is linked to that account. Accepting again is harmless; a removed juror cannot come back this way.
 */
export async function acceptJuror(deps: Deps, viewer: UserRow | null, id: number, token: string) {
  if (!viewer) throw notAuthenticated();
  const juror = await q.findJuror(deps.db, id);
  if (!juror || !verifyParts(deps.config.SECRET_KEY, token, 'juror', juror.id, juror.email)) throw badRequest({ token: 'judging.invitation_invalid' });
  if (juror.removed) throw new AppError(403, { detail: 'judging.juror_removed' });
  if (juror.userId !== null && juror.userId !== viewer.id) throw badRequest({ token: 'judging.invitation_invalid' });
  const other = await q.findJurorOf(deps.db, juror.inviteId, viewer.id);
  if (other && other.id !== juror.id) throw badRequest({ token: 'judging.already_juror_elsewhere' });
  const row = juror.userId === viewer.id ? juror : await q.updateJuror(deps.db, juror.id, { userId: viewer.id, accepted: new Date() });
  return { id: row.id, invite: row.inviteId, status: 'accepted' as const };
}

/** Removing a juror keeps their scores, marked (and no longer counted in the ranking). */
export async function removeJuror(db: Db, viewer: UserRow | null, id: number) {
  const juror = await q.findJuror(db, id);
  if (!juror) throw notFound();
  await requireAccess(db, viewer, juror.inviteId, 'manage');
  if (!juror.removed) await q.updateJuror(db, id, { removed: new Date() });
}

/** The invites the viewer judges (accepted, not removed), for their menu. */
export async function listMyJuries(db: Db, viewer: UserRow | null) {
  if (!viewer) throw notAuthenticated();
  const rows = await q.listJudgedInvites(db, viewer.id);
  return rows
    .filter((r) => r.juror.accepted !== null)
    .map((r) => ({
      id: r.juror.id,
      invite: r.juror.inviteId,
      title: r.title,
      email: r.juror.email,
      status: 'accepted' as const,
      open: r.status === 'examination',
    }));
}

// The blind queue and scoring.

export async function getQueue(db: Db, viewer: UserRow | null, inviteId: number, page: Page, lang: Lang) {
  const { invite, juror, round } = await requireAccess(db, viewer, inviteId, 'judge');
  const me = juror as JurorRow;
  const [criteria, { count, rows }, all, allScores, reviews, rounds] = await Promise.all([
    q.listCriteria(db, invite.id),
    q.queuePage(db, round, page.limit, page.offset),
    q.roundApplications(db, round),
    q.jurorScores(db, round.id, me.id),
    q.reviewsOf(db, me.id),
    q.listRounds(db, invite.id),
  ]);
  const ids = rows.map((r) => r.application);
  const answers = await q.answersOf(db, ids);
  const conflicted = new Set(reviews.filter((r) => r.conflict).map((r) => r.applicationId));
  const inRound = new Set(all.map((a) => a.id));
  const perApp = new Map<number, number>();
  for (const s of allScores) if (inRound.has(s.applicationId)) perApp.set(s.applicationId, (perApp.get(s.applicationId) ?? 0) + 1);
  const scored = criteria.length ? [...perApp.entries()].filter(([id, n]) => n >= criteria.length && !conflicted.has(id)).length : 0;
  const shortlist = rounds.find((r) => r.round.id === round.id)?.shortlist ?? 0;
  return {
    count,
    round: presentRound(round, shortlist),
    criteria: criteria.map((c) => presentCriterion(c, lang)),
    scale: invite.scoreScale,
    scored,
    total: all.filter((a) => !conflicted.has(a.id)).length,
    results: rows.map((r) => {
      const review = reviews.find((v) => v.applicationId === r.application);
      const scores: Record<string, number> = {};
      for (const s of allScores) if (s.applicationId === r.application) scores[String(s.criterionId)] = s.score;
      // Blind review (issue #16): nothing here names the artist unless the invite reveals names.
      return {
        application: r.application,
        snapshot: presentSnapshot(r.snapshot, lang, { blind: !invite.revealNames }),
        answers: answers.filter((a) => a.applicationId === r.application).map((a) => ({ question: a.question, answer: a.answer })),
        scores,
        comment: review?.comment ?? '',
        conflict: review?.conflict ?? false,
        artist: invite.revealNames && r.artistName !== null && r.artistSlug !== null ? { name: r.artistName, slug: r.artistSlug } : null,
      };
    }),
  };
}

/** The application, the access to its invite as a judging juror, and the checks every score and review share. */
async function judgeApplication(db: Executor, viewer: UserRow | null, applicationId: number) {
  if (!viewer) throw notAuthenticated();
  const application = await q.findApplication(db, applicationId);
  if (!application) throw badRequest({ application: 'judging.application_not_found' });
  const access = await requireAccess(db, viewer, application.inviteId, 'judge');
  if (access.round.closed) throw badRequest({ application: 'judging.round_closed' });
  if (!(await q.isInRound(db, access.round, application.id))) throw badRequest({ application: 'judging.not_in_round' });
  return { ...access, juror: access.juror as JurorRow, application };
}

export interface ScoreInput {
  application: number;
  criterion: number;
  score: number;
  comment?: string;
}

/** Creates or updates the juror's score (and comment) in the current round, in one transaction. */
export async function scoreSubmission(db: Db, viewer: UserRow | null, input: ScoreInput) {
  return db.transaction(async (tx) => {
    const { invite, juror, round, application } = await judgeApplication(tx, viewer, input.application);
    const criterion = await q.findCriterion(tx, input.criterion);
    if (!criterion || criterion.inviteId !== invite.id) throw badRequest({ criterion: 'judging.criterion_not_found' });
    if (input.score < SCORE_MIN || input.score > invite.scoreScale)
      throw badRequest({ score: { key: 'judging.score_range', params: { min: SCORE_MIN, max: invite.scoreScale } } });
    const [review] = await q.reviewsOf(tx, juror.id, [application.id]);
    if (review?.conflict) throw badRequest({ application: 'judging.conflicted' });
    const row = await q.upsertScore(tx, { roundId: round.id, jurorId: juror.id, applicationId: application.id, criterionId: criterion.id, score: input.score });
    const comment =
      input.comment === undefined ? (review?.comment ?? '') : (await q.upsertReview(tx, juror.id, application.id, { comment: input.comment })).comment;
    return { id: row.id, application: application.id, criterion: criterion.id, score: row.score, comment, round: round.number };
  });
}

/** The juror's private comment and conflict of interest on one submission. */
export async function reviewSubmission(db: Db, viewer: UserRow | null, input: { application: number; comment?: string; conflict?: boolean }) {
  const { juror, application } = await judgeApplication(db, viewer, input.application);
  if (input.comment === undefined && input.conflict === undefined)
    throw badRequest({ non_field_errors: { key: 'judging.nothing_to_change', params: { fields: 'comment, conflict' } } });
  const row = await q.upsertReview(db, juror.id, application.id, { comment: input.comment, conflict: input.conflict });
  return { application: row.applicationId, comment: row.comment, conflict: row.conflict };
}

// Rounds, ranking and shortlists.

export async function getRanking(db: Db, viewer: UserRow | null, inviteId: number, roundNumber: number | undefined) {
  const access = await requireAccess(db, viewer, inviteId, 'view');
  const rounds = await q.listRounds(db, access.invite.id);
  const chosen = rounds.find((r) => r.round.number === (roundNumber ?? access.round.number));
  if (!chosen) throw notFound();
  if (!canSeeRanking(viewer, access.invite, access.juror, chosen.round)) throw forbidden();
  return rankingOf(db, access.invite, chosen.round, chosen.shortlist);
}

async function rankingOf(db: Executor, invite: InviteRow, round: RoundRow, shortlist: number) {
  const [criteria, apps, scores, conflicts, shortlisted] = await Promise.all([
    q.listCriteria(db, invite.id),
    q.roundApplications(db, round),
    q.roundScores(db, round.id),
    q.conflictsOf(db, invite.id),
    q.shortlistedIds(db, invite.id),
  ]);
  const ranked = rankSubmissions(
    apps.map((a) => a.id),
    criteria,
    scores,
    invite.scoreScale,
  );
  const byId = new Map(apps.map((a) => [a.id, a]));
  return {
    round: presentRound(round, shortlist),
    results: ranked.map((r) => {
      const app = byId.get(r.applicationId);
      return {
        application: r.applicationId,
        title: app?.title ?? '',
        cover: app?.cover ?? '',
        mean: r.mean,
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

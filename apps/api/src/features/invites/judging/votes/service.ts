import { ACCOUNT_SETTINGS_PATH, type Lang, VOTE_ACCOUNT_MIN_DAYS, VOTES_PER_IP } from '@axoo/contract';
import type { Db } from '../../../../db/client.ts';
import { AppError, badRequest, notAuthenticated, notFound } from '../../../../http/errors.ts';
import type { UserRow } from '../../../../domain/users/user.ts';
import { publicSnapshot } from '../../../../domain/open-calls/protection.ts';
import { presentSnapshot } from '../../../../domain/open-calls/snapshot.ts';
import * as shared from '../queries.ts';
import * as scoreQueries from '../scores/queries.ts';
import { requireAccess } from '../service.ts';
import * as q from './queries.ts';

/**
 * A public vote on the shortlist (issue #33.7). The owner opens one between two instants; a logged-in account older
 * than 7 days with a confirmed e-mail votes once per round for a shortlisted entry that is not its own (voting again
 * moves the vote), at most VOTES_PER_IP accounts from one address; the counts are hidden until the round ends and
 * count only accounts made before it began. Each write is one transaction.
 */
const DAY = 86_400_000;

export function presentVoteRound(row: q.VoteRoundRow, now = new Date()) {
  const state = now < row.starts ? 'scheduled' : now < row.ends ? 'open' : 'ended';
  return {
    id: row.id,
    invite: row.inviteId,
    kind: 'public_vote' as const,
    starts: row.starts.toISOString(),
    ends: row.ends.toISOString(),
    open: state === 'open',
    state: state as 'scheduled' | 'open' | 'ended',
  };
}

export async function startVoteRound(db: Db, viewer: UserRow | null, input: { invite: number; starts?: string | null; ends?: string | null }) {
  const { invite } = await requireAccess(db, viewer, input.invite, 'manage');
  if (!input.starts || !input.ends)
    throw badRequest({ ...(input.starts ? {} : { starts: 'field.required' }), ...(input.ends ? {} : { ends: 'field.required' }) });
  const starts = new Date(input.starts);
  const ends = new Date(input.ends);
  if (ends <= starts) throw badRequest({ ends: 'judging.vote_dates' });
  return db.transaction(async (tx) => {
    if (!(await q.latestShortlist(tx, invite.id)).length) throw badRequest({ invite: 'judging.vote_no_shortlist' });
    if (await q.overlapping(tx, invite.id, starts, ends)) throw badRequest({ starts: 'judging.vote_overlap' });
    return presentVoteRound(await q.insertVoteRound(tx, invite.id, starts, ends));
  });
}

export async function castVote(db: Db, viewer: UserRow | null, input: { application: number }, ip: string, siteUrl: string) {
  if (!viewer) throw notAuthenticated();
  const now = new Date();
  return db.transaction(async (tx) => {
    const application = await scoreQueries.findApplication(tx, input.application);
    if (!application) throw badRequest({ application: 'judging.application_not_found' });
    const round = await q.openVoteRound(tx, application.inviteId, now);
    if (!round) throw badRequest({ application: 'judging.vote_closed' });
    if (!(await q.latestShortlist(tx, application.inviteId)).includes(application.id)) throw badRequest({ application: 'judging.vote_not_shortlisted' });
    if (application.applicantId === viewer.id) throw badRequest({ application: 'judging.vote_own_entry' });
    if (viewer.created.getTime() > now.getTime() - VOTE_ACCOUNT_MIN_DAYS * DAY)
      throw new AppError(403, { detail: { key: 'judging.vote_account_new', params: { days: VOTE_ACCOUNT_MIN_DAYS } } });
    if (!(await q.emailConfirmed(tx, viewer.id)))
      throw new AppError(403, { detail: { key: 'judging.vote_email_unconfirmed', params: { url: `${siteUrl}${ACCOUNT_SETTINGS_PATH}` } } });
    if ((await q.votersFromIp(tx, round.id, ip, viewer.id)) >= VOTES_PER_IP) throw new AppError(403, { detail: 'judging.vote_ip_limit' });
    const moved = await q.castVote(tx, { roundId: round.id, userId: viewer.id, applicationId: application.id, ip });
    return { round: round.id, application: application.id, moved };
  });
}

/** The vote page's data: the current (or latest) round and the shortlist as frozen entries, blind as in judging. */
export async function getBallot(db: Db, viewer: UserRow | null, inviteId: number, lang: Lang) {
  const invite = await shared.findInvite(db, inviteId);
  if (!invite) throw notFound();
  const round = await q.currentVoteRound(db, invite.id, new Date());
  if (!round) return { invite: invite.id, title: invite.title, round: null, mine: null, entries: [] };
  const rows = await q.entries(db, await q.latestShortlist(db, invite.id));
  return {
    invite: invite.id,
    title: invite.title,
    round: presentVoteRound(round),
    mine: viewer ? await q.myVote(db, round.id, viewer.id) : null,
    entries: rows.map((r) => ({
      application: r.id,
      // Issue #34 (6): a public page: a protected entry's images are its public copies, capped and watermarked.
      snapshot: presentSnapshot(publicSnapshot(r.snapshot), lang, { blind: !invite.revealNames, maxPublicWidth: r.snapshot.maxPublicWidth }),
      own: viewer !== null && r.applicantId === viewer.id,
    })),
  };
}

/** The owner's list of the call's vote rounds (issue #33.7): each with its state, and its counted votes once it ended. */
export async function listVoteRounds(db: Db, viewer: UserRow | null, inviteId: number) {
  await requireAccess(db, viewer, inviteId, 'manage');
  const now = new Date();
  const rows = await q.voteRounds(db, inviteId);
  const results = await Promise.all(
    rows.map(async (row) => {
      const ended = row.ends <= now;
      const votes = ended ? (await q.countVotes(db, row)).reduce((n, c) => n + c.votes, 0) : null;
      return { ...presentVoteRound(row, now), votes };
    }),
  );
  return { results };
}

/**
 * The owner withdraws a vote round that has not started (a started one keeps its votes): 204, or 400 once it began;
 * a round withdrawn meanwhile (two withdrawals at once) is a 404, as every row that went (issue #36).
 */
export async function cancelVoteRound(db: Db, viewer: UserRow | null, roundId: number) {
  const round = await q.findVoteRound(db, roundId);
  if (!round) throw notFound();
  await requireAccess(db, viewer, round.inviteId, 'manage');
  if (await q.deleteScheduledRound(db, round.id, new Date())) return;
  if (!(await q.findVoteRound(db, round.id))) throw notFound();
  throw badRequest({ non_field_errors: 'judging.vote_started' });
}

/** The counts of the latest vote, once it ended (anyone may read them then). */
export async function getVotes(db: Db, inviteId: number) {
  const invite = await shared.findInvite(db, inviteId);
  if (!invite) throw notFound();
  const now = new Date();
  const round = await q.currentVoteRound(db, invite.id, now);
  if (!round) throw notFound();
  if (now < round.ends) throw new AppError(403, { detail: 'judging.votes_hidden' });
  const [counts, rows] = await Promise.all([q.countVotes(db, round), q.entries(db, await q.latestShortlist(db, invite.id))]);
  const votes = new Map(counts.map((c) => [c.applicationId, c.votes]));
  const results = rows
    .map((r) => ({ application: r.id, title: r.snapshot.title, votes: votes.get(r.id) ?? 0 }))
    .sort((a, b) => b.votes - a.votes || a.application - b.application);
  return { round: presentVoteRound(round, now), total: counts.reduce((n, c) => n + c.votes, 0), results };
}

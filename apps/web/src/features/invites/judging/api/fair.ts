import {
  type ConflictList,
  type Feedback,
  type MyApplications,
  queryKeys,
  type VoteBallot,
  type VoteCounts,
  type VoteRound,
  type VoteRoundList,
} from '@axoo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../api/client.ts';

/** Issue #33's client: the owner's conflicts list and feedback release, the applicant's feedback, the public vote. */
const keys = queryKeys.judging;

export const conflictsQuery = (invite: number) =>
  queryOptions({ queryKey: keys.conflicts(invite), queryFn: () => api<ConflictList>(`/api/v1/invites/${invite}/conflicts/`) });
export const useConflicts = (invite: number) => useQuery(conflictsQuery(invite));

export const feedbackQuery = (application: number) =>
  queryOptions({
    queryKey: keys.feedback(application),
    queryFn: () => api<Feedback>(`/api/v1/invite-applications/${application}/feedback/`, { redirectOn403: false }),
    retry: false,
  });
export const useFeedback = (application: number) => useQuery(feedbackQuery(application));

export function useReleaseFeedback(invite: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ applications: number }>(`/api/v1/invites/${invite}/feedback/release/`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(invite) }),
  });
}

export const ballotQuery = (invite: number) =>
  queryOptions({ queryKey: keys.ballot(invite), queryFn: () => api<VoteBallot>(`/api/v1/invites/${invite}/vote/`) });
export const useBallot = (invite: number) => useQuery(ballotQuery(invite));

export function useVote(invite: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (application: number) => api<{ application: number; moved: boolean }>('/api/v1/invite-votes/', { body: { application }, redirectOn403: false }),
    onSuccess: (vote) => client.setQueryData<VoteBallot>(keys.ballot(invite), (b) => (b ? { ...b, mine: vote.application } : b)),
  });
}

/** Issue #33.7: the counts, once the vote ended (a 403 before: the page asks only then). */
export const useVoteCounts = (invite: number, ended: boolean) =>
  useQuery({
    queryKey: keys.votes(invite),
    queryFn: () => api<VoteCounts>(`/api/v1/invites/${invite}/votes/`, { redirectOn403: false }),
    enabled: ended,
    retry: false,
  });

/** The owner's list of the call's vote rounds, with states and counts. */
export const useVoteRounds = (invite: number) =>
  useQuery({ queryKey: keys.voteRounds(invite), queryFn: () => api<VoteRoundList>(`/api/v1/invites/${invite}/vote-rounds/`) });

export function useStartVoteRound(invite: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dates: { starts: string; ends: string }) => api<VoteRound>('/api/v1/invite-rounds/', { body: { invite, kind: 'public_vote', ...dates } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(invite) }),
  });
}

export function useCancelVoteRound(invite: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (round: number) => api<void>(`/api/v1/invite-vote-rounds/${round}/`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(invite) }),
  });
}

/** Issue #33.5: the viewer's own entries to the call, each with the released feedback (on the call's page). */
export const useMyApplications = (invite: number) =>
  useQuery({
    queryKey: keys.myApplications(invite),
    queryFn: () => api<MyApplications>('/api/v1/invite-applications/', { query: { invite }, redirectOn403: false }),
  });

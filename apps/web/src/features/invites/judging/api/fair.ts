import { type ConflictList, type Feedback, queryKeys, type VoteBallot } from '@axoo/contract';
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

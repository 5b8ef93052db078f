import { type InviteResults, queryKeys } from '@axoo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** Issue #33.1 `POST /api/v1/invites/{id}/eligibility/`: yes/no by question id; a 400 names the question that excludes. */
export const checkEligibility = (inviteId: number, answers: Record<string, boolean>) =>
  api<{ eligible: true }>(`/api/v1/invites/${inviteId}/eligibility/`, { body: { answers } });

/** Issue #33.8 `GET /api/v1/invites/{id}/results/`: the published results (a 403 until the call is in selection). */
export const resultsQuery = (inviteId: number) =>
  queryOptions({
    queryKey: [...queryKeys.invites.detail(inviteId), 'results'],
    queryFn: () => api<InviteResults>(`/api/v1/invites/${inviteId}/results/`),
    enabled: Number.isFinite(inviteId),
    retry: false,
  });
export const useResults = (inviteId: number) => useQuery(resultsQuery(inviteId));

import {
  type Conflict,
  type Criterion,
  type ExportState,
  JUDGING_PAGE_SIZE,
  type Judging,
  type JudgingDashboard,
  type JudgingQueue,
  type JudgingRound,
  type JudgingReview,
  type JudgingScore,
  type JurorInvitation,
  queryKeys,
  type Ranking,
  type RankingOrder,
} from '@axoo/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../api/client.ts';
import { nextOffset } from '../../../../api/paging.ts';

export type { Criterion, ExportState, Judging, JudgingDashboard, JudgingItem, JudgingQueue, Juror, Ranking, RankingRow } from '@axoo/contract';

/** Open-call judging (issue #16): one client file for the judging endpoints, keys from the contract. */
export const judgingKeys = queryKeys.judging;

export const judgingQuery = (invite: number) =>
  queryOptions({
    queryKey: judgingKeys.overview(invite),
    queryFn: () => api<Judging>(`/api/v1/invites/${invite}/jury/`, { redirectOn403: false }),
    retry: false,
  });
export const useJudging = (invite: number) => useQuery(judgingQuery(invite));

export const queueQuery = (invite: number) =>
  infiniteQueryOptions({
    queryKey: judgingKeys.queue(invite),
    queryFn: ({ pageParam, signal }) =>
      api<JudgingQueue>(`/api/v1/invites/${invite}/judging/`, { query: { limit: JUDGING_PAGE_SIZE, offset: pageParam }, signal, redirectOn403: false }),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
    retry: false,
  });
export const useQueue = (invite: number) => useInfiniteQuery(queueQuery(invite));

export const rankingQuery = (invite: number, round?: number, by: RankingOrder = 'mean') =>
  queryOptions({
    queryKey: [...judgingKeys.ranking(invite), round ?? 'current', by],
    queryFn: () => api<Ranking>(`/api/v1/invites/${invite}/ranking/`, { query: { round, by } }),
  });
export const useRanking = (invite: number, round?: number, by: RankingOrder = 'mean') => useQuery(rankingQuery(invite, round, by));

export const dashboardQuery = (invite: number) =>
  queryOptions({ queryKey: judgingKeys.dashboard(invite), queryFn: () => api<JudgingDashboard>(`/api/v1/invites/${invite}/dashboard/`) });
export const useDashboard = (invite: number) => useQuery(dashboardQuery(invite));

/** The pack's progress: asked again every second while the job runs. */
export const packQuery = (invite: number) =>
  queryOptions({
    queryKey: judgingKeys.pack(invite),
    queryFn: () => api<ExportState>(`/api/v1/invites/${invite}/export/`),
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'running' ? 1000 : false),
  });
export const usePack = (invite: number) => useQuery(packQuery(invite));

export const myJuriesQuery = () => queryOptions({ queryKey: judgingKeys.mine(), queryFn: () => api<JurorInvitation[]>('/api/v1/invite-jurors/') });
export const useMyJuries = () => useQuery(myJuriesQuery());

export interface CriterionInput {
  name_ko: string;
  name_en: string;
  description: string;
  weight: number;
}

/**
 * Every judging write of one invite refreshes that invite's judging answers, and stays pending until they are in.
 * `saved` runs as soon as the server has taken the write, before the refresh: a form cleared there is empty before
 * the list shows the new row, so what the person types next is never cleared by the write before it (a second
 * juror's address typed while the first one's list refreshed was wiped when it came).
 */
function useJudgingMutation<I, O>(invite: number, fn: (input: I) => Promise<O>, saved?: (input: I) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_output, input) => {
      saved?.(input);
      return client.invalidateQueries({ queryKey: judgingKeys.all(invite) });
    },
  });
}

/** Saves a criterion (a new one without `id`); `saved` clears the form the moment the server has it. */
export const useSaveCriterion = (invite: number, saved?: (input: CriterionInput & { id?: number }) => void) =>
  useJudgingMutation(
    invite,
    ({ id, ...body }: CriterionInput & { id?: number }) =>
      id
        ? api<Criterion>(`/api/v1/invite-criteria/${id}/`, { method: 'PUT', body })
        : api<Criterion>('/api/v1/invite-criteria/', { body: { ...body, invite } }),
    saved,
  );
export const useDeleteCriterion = (invite: number) => useJudgingMutation(invite, (id: number) => api(`/api/v1/invite-criteria/${id}/`, { method: 'DELETE' }));
export const useSaveSettings = (invite: number) =>
  useJudgingMutation(invite, (body: { scale?: number; reveal_names?: boolean }) => api<Judging>(`/api/v1/invites/${invite}/jury/`, { method: 'PUT', body }));
export const useInviteJuror = (invite: number, saved?: (email: string) => void) =>
  useJudgingMutation(invite, (email: string) => api<{ id: number }>('/api/v1/invite-jurors/', { body: { invite, email } }), saved);
export const useRemoveJuror = (invite: number) => useJudgingMutation(invite, (id: number) => api(`/api/v1/invite-jurors/${id}/`, { method: 'DELETE' }));
export const useCloseRound = (invite: number) =>
  useJudgingMutation(invite, (round: number) => api<JudgingRound>(`/api/v1/invite-rounds/${round}/close/`, { method: 'POST' }));
export const useStartRound = (invite: number) =>
  useJudgingMutation(invite, (shortlist: { top: number } | { applications: number[] }) =>
    api<JudgingRound>('/api/v1/invite-rounds/', { body: { invite, ...shortlist } }),
  );
export const useStartPack = (invite: number) => useJudgingMutation(invite, () => api<ExportState>(`/api/v1/invites/${invite}/export/`, { method: 'POST' }));

export const acceptJury = (juror: number, token: string) =>
  api<{ id: number; invite: number }>(`/api/v1/invite-jurors/${juror}/accept/`, { body: { token }, redirectOn403: false });

/** A score (the server creates or updates it); the queue is patched in place by the screen, not refetched. */
/** The final selection (issue #16) is the invites' own selected flag. */
export function useSelectApplication(invite: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ application, selected }: { application: number; selected: boolean }) =>
      api(`/api/v1/invite-applications/${application}/`, { method: 'PUT', body: { selected } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: judgingKeys.all(invite) }),
        client.invalidateQueries({ queryKey: queryKeys.invites.allArtworks(invite) }),
      ]),
  });
}

export const saveScore = (body: { application: number; criterion: number; score: number; comment?: string }) =>
  api<JudgingScore>('/api/v1/invite-scores/', { body });
export const saveReview = (body: { application: number; comment?: string; conflict?: boolean; shareable?: boolean }) =>
  api<JudgingReview>('/api/v1/invite-reviews/', { body });
/** Issue #33.3: a juror declares a conflict of interest (their scores of the entry then count nowhere). */
export const declareConflict = (body: { application: number; reason?: string }) => api<Conflict>('/api/v1/invite-conflicts/', { body });

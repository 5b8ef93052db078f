import {
  type Appeal,
  type AppealBody,
  type AppealStatus,
  type AuditEntry,
  type ModerationDecision,
  queryKeys,
  type ReportActionBody,
  type ReportGroup,
  type ReportTarget,
} from '@axoo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { offsetOf, type Paged } from '../../../api/paging.ts';

/** Issue #31: the console's queue, appeals and audit log, and the owner's decisions with their appeal. */
export const MODERATION_PAGE = 20;
const keys = queryKeys.moderation;
const paging = (page: number) => ({ limit: MODERATION_PAGE, offset: offsetOf(page, MODERATION_PAGE) });

export function useQueue(status: 'open' | 'resolved', target: ReportTarget | '', page: number) {
  return useQuery({
    queryKey: keys.queue(status, target, page),
    queryFn: ({ signal }) => api<Paged<ReportGroup>>('/api/v1/admin/reports/', { query: { status, target: target || undefined, ...paging(page) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAppeals(status: AppealStatus | '', page: number) {
  return useQuery({
    queryKey: keys.appeals(status, page),
    queryFn: ({ signal }) => api<Paged<Appeal>>('/api/v1/admin/appeals/', { query: { status: status || undefined, ...paging(page) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(page: number) {
  return useQuery({
    queryKey: keys.audit(page),
    queryFn: ({ signal }) => api<Paged<AuditEntry>>('/api/v1/admin/audit/', { query: paging(page), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A staff change (an action, a decision): every moderation list is stale after it. */
function useModerationChange<A>(send: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: keys.all() }) });
}

export const useAct = () =>
  useModerationChange(({ id, body }: { id: number; body: ReportActionBody }) => api<ReportGroup>(`/api/v1/admin/reports/${id}/`, { method: 'PATCH', body }));

export const useDecide = () =>
  useModerationChange(({ id, decision }: { id: number; decision: 'uphold' | 'reverse' }) =>
    api<Appeal>(`/api/v1/admin/appeals/${id}/`, { method: 'PATCH', body: { decision } }),
  );

export function useDecisions(page: number) {
  return useQuery({
    queryKey: keys.decisions(page),
    queryFn: ({ signal }) => api<Paged<ModerationDecision>>('/api/v1/moderation/decisions/', { query: paging(page), signal }),
  });
}

/** One decision: the owner logged in, or the mailed link's token (a suspended owner cannot log in). */
export function useDecision(id: number, token: string | null) {
  return useQuery({
    queryKey: keys.decision(id),
    queryFn: ({ signal }) =>
      api<ModerationDecision>(`/api/v1/moderation/decisions/${id}/`, { query: { token: token || undefined }, signal, redirectOn403: Boolean(!token) }),
    retry: false,
  });
}

export const useFileAppeal = () => useModerationChange((body: AppealBody) => api<{ id: number }>('/api/v1/appeals/', { method: 'POST', body }));

import type { CounterNoticeBody, Hold, HoldAnswerBody, StaffTakedown, Takedown, TakedownBody } from '@axoo/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { Paged } from '../../../api/paging.ts';

export type { Hold, StaffTakedown, Takedown };

/** Refusals belong to the form or the page, not a trip to the login page. */
const own = { redirectOn403: false } as const;
export const ADMIN_PAGE = 20;

/** Issue #31: takedown notices (no account needed) and their confirmation by the mailed link. */
export const sendTakedown = (body: TakedownBody) => api<{ id: number; status: string }>('/api/v1/takedowns/', { method: 'POST', body, ...own });
export const confirmTakedown = (id: number, token: string) =>
  api<{ id: number; status: string }>(`/api/v1/takedowns/${id}/confirm/`, { method: 'POST', body: { token }, ...own });
export const sendCounter = (id: number, body: CounterNoticeBody) => api<Takedown>(`/api/v1/takedowns/${id}/counter/`, { method: 'POST', body, ...own });

export const noticesQuery = (artworkId: number) =>
  queryOptions({
    queryKey: ['takedowns', 'artwork', artworkId],
    queryFn: ({ signal }) => api<Takedown[]>(`/api/v1/artworks/${artworkId}/takedowns/`, { signal }),
  });

/** A repost hold: its parties read it by the artwork; the uploader explains, a matched artist answers. */
export const holdQuery = (artworkId: number) =>
  queryOptions({
    queryKey: ['holds', 'artwork', artworkId],
    queryFn: ({ signal }) => api<Hold>(`/api/v1/artworks/${artworkId}/hold/`, { signal }),
  });
export const explainHold = (id: number, text: string) => api<Hold>(`/api/v1/holds/${id}/explanation/`, { method: 'POST', body: { text }, ...own });
export const answerHold = (id: number, body: HoldAnswerBody) => api<Hold>(`/api/v1/holds/${id}/answer/`, { method: 'POST', body, ...own });

/** The console's lists (staff). */
export function useAdminHolds(status: 'held' | 'released', page: number) {
  return useQuery({
    queryKey: ['holds', 'admin', status, page],
    queryFn: ({ signal }) => api<Paged<Hold>>('/api/v1/admin/holds/', { query: { status, limit: ADMIN_PAGE, offset: (page - 1) * ADMIN_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}
export const decideHold = (id: number, decision: 'release' | 'remove', note: string) =>
  api<{ id: number; status: string }>(`/api/v1/admin/holds/${id}/`, { method: 'PATCH', body: { decision, note }, ...own });

export function useAdminTakedowns(status: 'open' | 'decided', page: number) {
  return useQuery({
    queryKey: ['takedowns', 'admin', status, page],
    queryFn: ({ signal }) =>
      api<Paged<StaffTakedown>>('/api/v1/admin/takedowns/', { query: { status, limit: ADMIN_PAGE, offset: (page - 1) * ADMIN_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}
export const decideTakedown = (id: number, decision: 'remove' | 'restore', note: string) =>
  api<StaffTakedown>(`/api/v1/admin/takedowns/${id}/`, { method: 'PATCH', body: { decision, note }, ...own });

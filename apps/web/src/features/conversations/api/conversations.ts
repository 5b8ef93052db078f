import { type ContactReport, type Conversation, type ConversationDetail, type ConversationMessage, PAGE_SIZE, queryKeys } from '@axoo/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { nextOffset, offsetOf, type Paged } from '../../../api/paging.ts';

export type { ContactReport, Conversation, ConversationDetail, ConversationMessage };

/** How often the unread badge and an open conversation look for new messages. */
const POLL_MS = 30_000;

/** The contact form's body (POST /api/v1/conversations/, issue #20). */
export interface ContactInput {
  artist: number;
  subject: string;
  body: string;
  budget?: string;
  timeline?: string;
  artwork?: number | null;
}

// Refusals (a block, a suspension) are 403s that belong to the form, not a trip to the login page.
const own = { redirectOn403: false } as const;

export const startConversation = (input: ContactInput) => api<ConversationDetail>('/api/v1/conversations/', { method: 'POST', body: input, ...own });
export const sendMessage = (id: number, body: string) =>
  api<ConversationMessage>(`/api/v1/conversations/${id}/messages/`, { method: 'POST', body: { body }, ...own });
export const archiveConversation = (id: number, archived: boolean) =>
  api<ConversationDetail>(`/api/v1/conversations/${id}/archive/`, { method: 'POST', body: { archived }, ...own });
export const blockInConversation = (id: number, blocked: boolean) =>
  api<ConversationDetail>(`/api/v1/conversations/${id}/block/`, { method: 'POST', body: { blocked }, ...own });
export const reportMessage = (id: number, message: number, reason: string) =>
  api<{ id: number }>(`/api/v1/conversations/${id}/report/`, { method: 'POST', body: { message, reason }, ...own });

export const conversationsQuery = (archived: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.list(archived),
    queryFn: ({ pageParam, signal }) =>
      api<Paged<Conversation>>('/api/v1/conversations/', { query: { archived: archived || undefined, limit: PAGE_SIZE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
    refetchInterval: POLL_MS,
  });
export const useConversations = (archived: boolean) => useInfiniteQuery(conversationsQuery(archived));

export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.conversations.detail(id),
    queryFn: ({ signal }) => api<ConversationDetail>(`/api/v1/conversations/${id}/`, { signal, ...own }),
    retry: false,
    refetchInterval: POLL_MS,
  });
export const useConversation = (id: number) => useQuery(conversationQuery(id));

export const unreadQuery = () =>
  queryOptions({
    queryKey: queryKeys.conversations.unread(),
    queryFn: ({ signal }) => api<{ unread: number }>('/api/v1/conversations/unread/', { signal, ...own }),
    refetchInterval: POLL_MS,
    staleTime: 10_000,
  });
export const useUnread = (enabled: boolean) => useQuery({ ...unreadQuery(), enabled });

/** The staff console's reports (GET /api/v1/admin/message-reports/), page by page. */
export const REPORTS_PAGE = 20;
export const reportsQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.conversations.reports(search, page),
    queryFn: ({ signal }) =>
      api<Paged<ContactReport>>('/api/v1/admin/message-reports/', {
        query: { search: search || undefined, limit: REPORTS_PAGE, offset: offsetOf(page, REPORTS_PAGE) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useReports = (search: string, page: number) => useQuery(reportsQuery(search, page));
export const changeReport = (id: number, change: { resolved?: boolean; suspend_sender?: boolean }) =>
  api<ContactReport>(`/api/v1/admin/message-reports/${id}/`, { method: 'PATCH', body: change });

import { type MAIL_NOTICE_TYPES, type NotificationPage, queryKeys } from '@axoo/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../../../i18n/index.ts';
import { api } from '../../../api/client.ts';
import { nextOffset } from '../../../api/paging.ts';

/**
 * Live delivery by polling with If-None-Match (docs/ARCHITECTURE.md, "Notifications"): every POLL_MS the bell asks
 * for its state with the last ETag; while nothing changed the answer is an empty 304. Any process behind the balancer
 * answers it from one indexed query, so no connection is held open per reader.
 */
export const POLL_MS = 30_000;

export interface BellState {
  unread: number;
  latest: number;
  etag: string | null;
}

const bellKey = [...queryKeys.notifications.all(), 'bell'] as const;

async function fetchBell(previous: BellState | undefined, signal: AbortSignal): Promise<BellState> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language || 'ko' };
  if (previous?.etag) headers['If-None-Match'] = previous.etag;
  const res = await fetch('/api/v1/notifications/unread/', { headers, credentials: 'same-origin', signal });
  if (res.status === 304 && previous) return previous;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { unread: number; latest: number };
  return { ...body, etag: res.headers.get('ETag') };
}

/** The bell's unread count, polled; a newer notice refreshes the lists. */
export function useBell(enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: bellKey,
    queryFn: async ({ signal }) => {
      const previous = client.getQueryData<BellState>(bellKey);
      const next = await fetchBell(previous, signal);
      if (previous && next.latest !== previous.latest) {
        void client.invalidateQueries({ queryKey: [...queryKeys.notifications.all(), 'list'] });
        void client.invalidateQueries({ queryKey: queryKeys.feed.all() });
      }
      return next;
    },
    enabled,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** GET /api/v1/notifications/ page by page (grouped notices). */
export const notificationsQuery = (scope: 'panel' | 'page') =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(scope),
    queryFn: ({ pageParam, signal }) =>
      api<NotificationPage>('/api/v1/notifications/', { query: { limit: scope === 'panel' ? 8 : 20, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (scope === 'panel' ? undefined : nextOffset(last)),
  });

export const useNotifications = (scope: 'panel' | 'page', enabled = true) => useInfiniteQuery({ ...notificationsQuery(scope), enabled });

/** POST /api/v1/notifications/read/: some ids or all. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | 'all') => api<{ unread: number }>('/api/v1/notifications/read/', { body: { ids } }),
    onSuccess: ({ unread }) => {
      client.setQueryData<BellState>(bellKey, (old) => (old ? { ...old, unread, etag: null } : old));
      void client.invalidateQueries({ queryKey: [...queryKeys.notifications.all(), 'list'] });
    },
  });
}

export type MailPreferences = Record<(typeof MAIL_NOTICE_TYPES)[number], boolean>;

export const preferencesQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: ({ signal }) => api<MailPreferences>('/api/v1/notifications/preferences/', { signal }),
  });

export const usePreferences = () => useQuery(preferencesQuery());

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<MailPreferences>) => api<MailPreferences>('/api/v1/notifications/preferences/', { method: 'PUT', body: changes }),
    // The switch moves at once; a refusal puts it back.
    onMutate: (changes) => {
      const before = client.getQueryData<MailPreferences>(queryKeys.notifications.preferences());
      if (before) client.setQueryData(queryKeys.notifications.preferences(), { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => client.setQueryData(queryKeys.notifications.preferences(), context?.before),
    onSuccess: (prefs) => client.setQueryData(queryKeys.notifications.preferences(), prefs),
  });
}

/** The digest's one-click link, no login. */
export const unsubscribe = (input: { user: number; type: string; token: string }) =>
  api<{ type: string }>('/api/v1/notifications/unsubscribe/', { body: input, redirectOn403: false });

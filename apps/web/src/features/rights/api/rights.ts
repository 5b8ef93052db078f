import { type AccountOptOut, type ArtworkOptOut, type DataExport, showsArtworks } from '@axoo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { siteQueryKey } from '../../../site.ts';

/** Issue #18: PUT /api/v1/users/{id}/ai-opt-out/ — the account's AI-training opt-out. */
export const putAccountOptOut = (userId: number, optOut: boolean) =>
  api<AccountOptOut>(`/api/v1/users/${userId}/ai-opt-out/`, { method: 'PUT', body: { ai_opt_out: optOut } });

/** PUT /api/v1/artworks/{id}/ai-opt-out/ — one artwork's choice (null follows the account). */
export const putArtworkOptOut = (artworkId: number, optOut: boolean | null) =>
  api<ArtworkOptOut>(`/api/v1/artworks/${artworkId}/ai-opt-out/`, { method: 'PUT', body: { ai_opt_out: optOut } });

/** After a change every artwork shown may carry another badge, and the account page another setting. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: siteQueryKey }), client.invalidateQueries({ predicate: (q) => showsArtworks(q.queryKey) })]);
}

export function useAccountOptOut(userId: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (optOut: boolean) => putAccountOptOut(userId, optOut), onSuccess: refresh });
}

export function useArtworkOptOut(artworkId: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (optOut: boolean | null) => putArtworkOptOut(artworkId, optOut), onSuccess: refresh });
}

/** "Download my data": the latest export's state (null before the first), and starting one. */
export const exportQuery = (userId: number) =>
  queryOptions({
    queryKey: ['data-export', userId] as const,
    queryFn: () => api<DataExport | null>(`/api/v1/users/${userId}/export/`),
    // While it is being prepared, look again now and then.
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 3000 : false),
  });

export function useStartExport(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<DataExport>(`/api/v1/users/${userId}/export/`, { method: 'POST' }),
    onSuccess: (started) => client.setQueryData(exportQuery(userId).queryKey, started),
  });
}

/** The mailed link's API address (the page checks nothing itself: the API answers 403 for a bad link). */
export const exportDownloadUrl = (userId: string, e: string, x: string, t: string) =>
  `/api/v1/users/${encodeURIComponent(userId)}/export/?e=${encodeURIComponent(e)}&x=${encodeURIComponent(x)}&t=${encodeURIComponent(t)}`;

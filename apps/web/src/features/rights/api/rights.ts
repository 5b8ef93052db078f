import { type AccountOptOut, type ArtworkOptOut, showsArtworks } from '@axoo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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

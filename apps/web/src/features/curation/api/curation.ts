import { showsArtworks } from '@axoo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { type Artwork, siteQueryKey } from '../../../site.ts';

/** SPEC §4 Artwork level: PATCH /api/v1/artworks/{id}/ with 5..1 or null (staff). */
export const patchArtworkLevel = (id: number, level: number | null) => api<Artwork>(`/api/v1/artworks/${id}/`, { method: 'PATCH', body: { level } });

/** Queries that show artworks: their levels (and Best Projects on home) follow a change. */

export function useSetArtworkLevel(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (level: number | null) => patchArtworkLevel(id, level),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: siteQueryKey }), client.invalidateQueries({ predicate: (q) => showsArtworks(q.queryKey) })]),
  });
}

import { queryKeys } from '@axoo/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { Paged } from '../../../api/paging.ts';
import type { Artwork } from '../../../site.ts';

/** GET /api/v1/artworks/{id}/ (SPEC §7): the overlay's artwork with its content. */
export const fetchArtwork = (id: number) => api<Artwork>(`/api/v1/artworks/${id}/`);

export function useArtwork(id: number) {
  return useQuery({ queryKey: queryKeys.artworks.detail(id), queryFn: () => fetchArtwork(id), retry: false, staleTime: 30_000 });
}

/** The author's other projects for the overlay (profile "projects" tab of the API). */
export function useAuthorArtworks(authorId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.artworks.byAuthor(authorId, 'overlay'),
    queryFn: () => api<Paged<Artwork>>(`/api/v1/users/${authorId}/artworks/`, { query: { limit: 13 } }),
    enabled: authorId !== undefined,
    staleTime: 60_000,
  });
}

/** DELETE /api/v1/artworks/{id}/ (SPEC §7). */
export const deleteArtwork = (id: number) => api<void>(`/api/v1/artworks/${id}/`, { method: 'DELETE' });

import { type ArtworkCredentials, queryKeys } from '@axoo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Paged } from '../../api/paging.ts';
import type { Artwork } from '../../site.ts';

/** GET /api/v1/artworks/{id}/ (SPEC §7): the overlay's artwork with its content. */
export const fetchArtwork = (id: number) => api<Artwork>(`/api/v1/artworks/${id}/`);

/** One artwork wherever it is read (the overlay, the invite steps): one key, one fetcher. */
export const artworkQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.artworks.detail(id), queryFn: () => fetchArtwork(id), retry: false, staleTime: 30_000 });

export const useArtwork = (id: number) => useQuery(artworkQuery(id));

/** GET /api/v1/artworks/{id}/credentials/ (issue #35): the Content Credentials read from the artwork's images. */
export const useArtworkCredentials = (id: number) =>
  useQuery({
    queryKey: [...queryKeys.artworks.detail(id), 'credentials'],
    queryFn: () => api<ArtworkCredentials>(`/api/v1/artworks/${id}/credentials/`),
    retry: false,
    staleTime: 60_000,
  });

/** An author's latest projects (profile "projects" tab of the API), `limit` of them, for a screen (`use`). */
export const authorArtworksQuery = (authorId: number | undefined, use: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.artworks.byAuthor(authorId, use),
    queryFn: () => api<Paged<Artwork>>(`/api/v1/users/${authorId}/artworks/`, { query: { limit } }),
    enabled: authorId !== undefined,
    staleTime: 60_000,
  });

/** The author's other projects for the overlay. */
export const useAuthorArtworks = (authorId: number | undefined) => useQuery(authorArtworksQuery(authorId, 'overlay', 13));

/** DELETE /api/v1/artworks/{id}/ (SPEC §7). */
export const deleteArtwork = (id: number) => api<void>(`/api/v1/artworks/${id}/`, { method: 'DELETE' });

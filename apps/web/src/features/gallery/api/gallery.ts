import { type ArtworkListQuery, type HireAvailability, PAGE_SIZE, queryKeys } from '@axoo/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { nextOffset, type Paged } from '../../../api/paging.ts';
import type { Artwork } from '../../../site.ts';

export const GALLERY_PAGE = PAGE_SIZE;

export interface Artist {
  id: number;
  slug: string;
  username: string;
  name: string;
  is_premium: boolean;
  avatar: string;
  cropped_avatar: string;
  level: number;
  available_for_hire: HireAvailability | null;
  categories: { category: string; name: string }[];
}

/** The Artists tab's query (GET /api/v1/artists/): search, main field and availability for hire (issue #20). */
export interface ArtistQuery {
  search?: string;
  categories__category?: string;
  available_for_hire?: string;
}

/** A gallery page; a search that found nothing may carry a close term that finds work (issue #30.4). */
export type GalleryPage = Paged<Artwork> & { suggestion?: string };

/** GET /api/v1/artworks/ page by page (SPEC §7), for infinite scroll. */
export const artworkPagesQuery = (query: ArtworkListQuery, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.artworks.gallery(query),
    queryFn: ({ pageParam, signal }) => api<GalleryPage>('/api/v1/artworks/', { query: { ...query, limit: GALLERY_PAGE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
    enabled,
    staleTime: 30_000,
  });

export const useArtworkPages = (query: ArtworkListQuery, enabled: boolean) => useInfiniteQuery(artworkPagesQuery(query, enabled));

/** GET /api/v1/artists/?is_premium=true (the gallery's Artists type lists members only). */
export const artistPagesQuery = (query: ArtistQuery, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.artists.gallery(query),
    queryFn: ({ pageParam, signal }) =>
      api<Paged<Artist>>('/api/v1/artists/', { query: { ...query, is_premium: true, limit: GALLERY_PAGE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
    enabled,
    staleTime: 30_000,
  });

export const useArtistPages = (query: ArtistQuery, enabled: boolean) => useInfiniteQuery(artistPagesQuery(query, enabled));

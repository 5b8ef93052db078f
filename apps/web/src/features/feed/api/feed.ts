import { PAGE_SIZE, queryKeys, type SuggestedArtist } from '@axoo/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { nextOffset, type Paged } from '../../../api/paging.ts';
import type { Artwork } from '../../../site.ts';

/** GET /api/v1/feed/ page by page (issue #17), like the gallery. */
export const feedPagesQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.feed.pages(),
    queryFn: ({ pageParam, signal }) => api<Paged<Artwork>>('/api/v1/feed/', { query: { limit: PAGE_SIZE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
    staleTime: 30_000,
  });

export const useFeedPages = () => useInfiniteQuery(feedPagesQuery());

/** GET /api/v1/feed/suggestions/: the empty feed's artists to follow. */
export const suggestionsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.feed.suggestions(),
    queryFn: ({ signal }) => api<SuggestedArtist[]>('/api/v1/feed/suggestions/', { signal }),
    enabled,
    staleTime: 60_000,
  });

export const useSuggestions = (enabled: boolean) => useQuery(suggestionsQuery(enabled));

import { type FollowUser, PAGE_SIZE, queryKeys } from '@axoo/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { nextOffset, type Paged } from '../../../api/paging.ts';

/** GET /api/v1/users/{id}/followers/ or /following/ (issue #17), page by page. */
export const followListQuery = (userId: number, which: 'followers' | 'following', enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.follows.list(userId, which),
    queryFn: ({ pageParam, signal }) => api<Paged<FollowUser>>(`/api/v1/users/${userId}/${which}/`, { query: { limit: PAGE_SIZE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
    enabled,
  });

export const useFollowList = (userId: number, which: 'followers' | 'following', enabled: boolean) => useInfiniteQuery(followListQuery(userId, which, enabled));

import { type Follow, queryKeys } from '@axoo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/v1/follows/: every follow of the viewer; every follow button reads this one list. */
export const myFollowsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.follows.mine(),
    queryFn: ({ signal }) => api<Follow[]>('/api/v1/follows/', { signal }),
    enabled,
    staleTime: 60_000,
  });

export const useMyFollows = (enabled: boolean) => useQuery(myFollowsQuery(enabled));

/** POST /api/v1/follows/ {artist} (idempotent). */
export const followArtist = (artist: number) => api<Follow>('/api/v1/follows/', { body: { artist } });
/** DELETE /api/v1/follows/{id}/. */
export const unfollowArtist = (id: number) => api<void>(`/api/v1/follows/${id}/`, { method: 'DELETE' });

/** A placeholder id for an optimistic follow until the server answers. */
const PENDING = -1;

/**
 * Follow / unfollow with the list updated at once (optimistic) and put back if the server refuses. Counts on
 * profiles, the lists and the feed are refetched afterwards.
 */
export function useToggleFollow(artist: number) {
  const client = useQueryClient();
  const key = queryKeys.follows.mine();
  return useMutation({
    mutationFn: async (current: Follow | undefined): Promise<Follow | null> => {
      if (!current) return followArtist(artist);
      await unfollowArtist(current.id);
      return null;
    },
    onMutate: async (current) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Follow[]>(key);
      const rest = (before ?? []).filter((f) => f.artist !== artist);
      client.setQueryData<Follow[]>(key, current ? rest : [{ id: PENDING, artist }, ...rest]);
      return { before };
    },
    onError: (_error, _current, context) => client.setQueryData(key, context?.before),
    onSuccess: (made) => {
      const rest = (client.getQueryData<Follow[]>(key) ?? []).filter((f) => f.artist !== artist);
      client.setQueryData<Follow[]>(key, made ? [made, ...rest] : rest);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.profiles.all() });
      void client.invalidateQueries({ queryKey: ['follows', 'followers'] });
      void client.invalidateQueries({ queryKey: ['follows', 'following'] });
      void client.invalidateQueries({ queryKey: queryKeys.feed.all() });
    },
  });
}

/** A guest's follow waits over the login round trip, like a collect (SPEC §4). */
const INTENT = 'follow-intent';
export const followIntent = {
  save: (artist: number) => sessionStorage.setItem(INTENT, String(artist)),
  take(artist: number): boolean {
    if (sessionStorage.getItem(INTENT) !== String(artist)) return false;
    sessionStorage.removeItem(INTENT);
    return true;
  },
};

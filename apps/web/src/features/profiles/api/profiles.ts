import { type ProfileTab, queryKeys, slugify } from '@axoo/contract';

export type { ProfileTab };
import { PAGE_SIZE } from '@axoo/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { nextOffset, type Paged } from '../../../api/paging.ts';
import type { Artwork, CurrentUser } from '../../../site.ts';

/** GET /api/v1/artists/{slug}/ (SPEC §3 public profile), as the contract's schema infers it. */
export type { Profile } from '@axoo/contract';
import type { Profile } from '@axoo/contract';

export const PROFILE_PAGE_SIZE = PAGE_SIZE;

/** The slug as the server looks it up (SPEC §5). */
export const normaliseSlug = slugify;

export const profileKey = (slug: string) => queryKeys.profiles.bySlug(normaliseSlug(slug));
export const profileArtworksKey = queryKeys.profiles.artworks;

export const profileQuery = (slug: string) =>
  queryOptions({
    queryKey: profileKey(slug),
    queryFn: ({ signal }) => api<Profile>(`/api/v1/artists/${encodeURIComponent(slug)}/`, { signal }),
    retry: false,
  });

export const useProfile = (slug: string) => useQuery(profileQuery(slug));

/** A profile tab (GET /api/v1/users/{id}/artworks/?type=), page by page for infinite scroll. */
export const profileArtworksQuery = (id: number | undefined, type: ProfileTab, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: profileArtworksKey(id ?? 0, type),
    enabled: enabled && id !== undefined,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api<Paged<Artwork>>(`/api/v1/users/${id}/artworks/`, {
        query: { type: type === 'projects' ? undefined : type, limit: PROFILE_PAGE_SIZE, offset: pageParam },
        signal,
      }),
    getNextPageParam: (last) => nextOffset(last),
  });

export const useProfileArtworks = (id: number | undefined, type: ProfileTab, enabled: boolean) => useInfiniteQuery(profileArtworksQuery(id, type, enabled));

/** The profile form's and the account page's fields (PUT is a partial update). */
export type UserUpdate = Partial<
  Omit<CurrentUser, 'id' | 'slug' | 'is_staff' | 'is_premium' | 'level' | 'language' | 'categories' | 'ai_opt_out_default' | 'email_confirmed'>
> & {
  categories?: string[];
};

export const updateUser = (id: number, body: UserUpdate) => api<CurrentUser>(`/api/v1/users/${id}/`, { method: 'PUT', body });

/** Staff only (SPEC §4): artist level 0-5. */
export const setArtistLevel = (id: number, level: number) => api<Profile>(`/api/v1/users/${id}/`, { method: 'PATCH', body: { level } });

export const presignPath = (id: number) => `/api/v1/users/${id}/presign/`;

import { queryKeys } from '@axoo/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './api/client.ts';

/** The API's answers, as the contract's output schemas infer them (packages/contract/src/models.ts). */
export type { Artwork, Banner, Category, Client, Color, Concept, CurrentUser, Field, SiteData } from '@axoo/contract';
import type { CurrentUser, SiteData } from '@axoo/contract';

/** The global page data the server inlined into index.html (DESIGN: first paint needs no request). */
export function readInlinedSiteData(): SiteData | undefined {
  const el = typeof document !== 'undefined' ? document.getElementById('__SITE_DATA__') : null;
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as SiteData;
  } catch {
    return undefined;
  }
}

export const siteQueryKey = queryKeys.site();
export const fetchSite = () => api<SiteData>('/api/v1/site/');

/** The global page data (SPEC §3), inlined into the page and refreshed as a query. */
export const siteQuery = () => queryOptions({ queryKey: siteQueryKey, queryFn: fetchSite, staleTime: 60_000 });

/** Global page data: lists, banners, clients, best projects and the current user. */
export function useSite(): SiteData {
  const { data } = useQuery(siteQuery());
  // The query is seeded from the inlined data before the first render, so data is always there.
  return data as SiteData;
}

export function useCurrentUser(): CurrentUser | null {
  return useSite().user;
}

/** After login, logout or an account change: replace the current user everywhere at once. */
export function useSetCurrentUser() {
  const client = useQueryClient();
  return (user: CurrentUser | null) => client.setQueryData<SiteData>(siteQueryKey, (old) => (old ? { ...old, user } : old));
}

/** A list item's name in the interface language. */
export function useLocalName() {
  const { i18n } = useTranslation();
  return (item: { name_ko: string; name_en: string }) => (i18n.language === 'en' ? item.name_en : item.name_ko);
}

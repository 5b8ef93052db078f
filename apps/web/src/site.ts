import { queryKeys } from '@axoo/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './api/client.ts';

export interface Named {
  id: number;
  name: string;
  name_ko: string;
  name_en: string;
}
export interface Category extends Named {
  category: string;
  is_primary: boolean;
}
export interface Field extends Named {
  field: string;
}
export interface Concept extends Named {
  concept: string;
}
export interface Color extends Named {
  code: string;
}
export interface Banner {
  id: number;
  url: string;
  image: string;
  alt: string;
  level: number | null;
}
export interface Client {
  id: number;
  name: string;
  url: string;
  image: string;
  benefit: string;
  level: number | null;
}
export interface CurrentUser {
  id: number;
  email: string;
  username: string;
  slug: string;
  name: string;
  phone: string;
  date_of_birth: string | null;
  gender: 'Male' | 'Female' | 'Other' | null;
  is_staff: boolean;
  is_premium: boolean;
  level: number;
  avatar: string;
  raw_avatar: string;
  cropped_avatar: string;
  banner: string;
  raw_banner: string;
  cropped_banner: string;
  categories: { category: string; name: string }[];
  website: string;
  instagram: string;
  facebook: string;
  twitter: string;
  pinterest: string;
  tumblr: string;
  youtube: string;
  vimeo: string;
  biography: string;
  about: string;
  show_contact: boolean;
  public_collection: boolean;
  fixed_layout: boolean;
  language: 'ko' | 'en';
}

/** Artwork as the API presents it (SPEC §3). `content` only on the detail. */
export interface Artwork {
  id: number;
  title: string;
  content?: string;
  author: {
    id: number;
    username: string;
    name: string;
    slug: string;
    is_premium: boolean;
    cropped_avatar: string;
    level: number;
    categories: { category: string; name: string }[];
  } | null;
  categories: { category: string; name: string }[];
  fields: { field: string; name: string }[];
  concepts: { concept: string; name: string }[];
  color: { id: number; code: string } | null;
  background_color: string;
  attribution: boolean;
  non_commercial: boolean;
  no_derivative_works: boolean;
  share_alike: boolean;
  licence_chosen: boolean;
  tags: { id: number; name: string }[];
  published: boolean;
  draft: boolean;
  visible: boolean;
  cover: string;
  raw_cover: string;
  cropped_cover: string;
  height: number | null;
  width: number | null;
  level: number | null;
  hit: number;
  collection: number | null;
  inviteapplication_set: { id: number; invite: number; title: string; selected: boolean }[];
  published_at: string | null;
  created: string;
  updated: string;
}

export interface SiteData {
  site_name: string;
  categories: Category[];
  primary_categories: string[];
  fields: Field[];
  concepts: Concept[];
  colors: Color[];
  banners: Banner[];
  clients: Client[];
  best_projects: Artwork[];
  links: { edition: string; membership: string; about: string; privacy: string; terms: string; instagram: string; deletion_form: string };
  services: { sentry_dsn: string | null; analytics_id: string | null; pixel_id: string | null };
  user: CurrentUser | null;
}

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

/** Global page data: lists, banners, clients, best projects and the current user. */
export function useSite(): SiteData {
  const { data } = useQuery({ queryKey: siteQueryKey, queryFn: fetchSite, staleTime: 60_000 });
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

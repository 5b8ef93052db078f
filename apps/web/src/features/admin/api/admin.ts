import { queryKeys } from '@axoo/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { Paged } from '../../../api/paging.ts';
import { siteQueryKey } from '../../../site.ts';

export const ADMIN_PAGE_SIZE = 20;

export interface BannerRecord {
  id: number;
  url: string;
  image: string;
  alt: string;
  level: number | null;
}
export interface ClientRecord {
  id: number;
  name: string;
  url: string;
  image: string;
  benefit: string;
  level: number | null;
}
export interface Member {
  id: number;
  username: string;
  slug: string;
  name: string;
  email: string;
  is_staff: boolean;
  is_premium: boolean;
  level: number;
  cropped_avatar: string;
  created: string;
}
export type ListName = 'categories' | 'fields' | 'concepts' | 'colors';
export interface ListItem {
  id: number;
  code: string;
  name_ko: string;
  name_en: string;
  is_primary: boolean;
  position: number;
  retired: boolean;
}

export const adminKeys = queryKeys.admin;

/** The console's paged tables under /api/v1/admin/. */
export type AdminTable = 'banners' | 'clients' | 'users' | 'jobs';

/** A background job that failed its last try (issue #13). */
export interface FailedJob {
  id: number;
  kind: string;
  recipient: string | null;
  subject: string | null;
  attempts: number;
  last_error: string;
  created: string;
  finished: string | null;
}

export const retryJob = (id: number) => api(`/api/v1/admin/jobs/${id}/retry/`, { method: 'POST' });

/** One page of a console table (limit/offset as SPEC §7 pages them). */
export const adminTableQuery = <T>(resource: AdminTable, search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.table(resource, search, page),
    queryFn: () => api<Paged<T>>(`/api/v1/admin/${resource}/`, { query: { search, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export function useAdminTable<T>(resource: AdminTable, search: string, page: number) {
  return useQuery(adminTableQuery<T>(resource, search, page));
}

/** After a change: the console's tables and the global page data (home banners, partners, lists). */
export function useAdminRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: adminKeys.all() }), client.invalidateQueries({ queryKey: siteQueryKey })]);
}

export function useAdminMutation<V, R = unknown>(fn: (vars: V) => Promise<R>) {
  const refresh = useAdminRefresh();
  return useMutation({ mutationFn: fn, onSuccess: () => refresh() });
}

export const saveRecord = <T>(resource: 'banners' | 'clients', id: number | null, body: Omit<BannerRecord, 'id'> | Omit<ClientRecord, 'id'>) =>
  id === null
    ? api<T>(`/api/v1/admin/${resource}/`, { method: 'POST', body })
    : // SPEC §7: PUT /api/v1/banners/{id}/ and /api/v1/clients/{id}/ with the whole record.
      api<T>(`/api/v1/${resource}/${id}/`, { method: 'PUT', body });

export const deleteRecord = (resource: 'banners' | 'clients', id: number) => api(`/api/v1/admin/${resource}/${id}/`, { method: 'DELETE' });

export const changeMember = (id: number, change: Partial<Pick<Member, 'is_premium' | 'is_staff' | 'level'>>) =>
  api<Member>(`/api/v1/admin/users/${id}/`, { method: 'PATCH', body: change });

export const adminListQuery = (list: ListName) =>
  queryOptions({ queryKey: adminKeys.list(list), queryFn: () => api<ListItem[]>(`/api/v1/admin/lists/${list}/`) });

export function useListItems(list: ListName) {
  return useQuery(adminListQuery(list));
}
export const addListItem = (list: ListName, body: { code: string; name_ko: string; name_en: string; is_primary?: boolean }) =>
  api<ListItem>(`/api/v1/admin/lists/${list}/`, { method: 'POST', body });
export const changeListItem = (list: ListName, id: number, body: Partial<Pick<ListItem, 'name_ko' | 'name_en' | 'is_primary' | 'retired'>>) =>
  api<ListItem>(`/api/v1/admin/lists/${list}/${id}/`, { method: 'PATCH', body });
export const reorderList = (list: ListName, ids: number[]) => api<ListItem[]>(`/api/v1/admin/lists/${list}/order/`, { method: 'PUT', body: { ids } });

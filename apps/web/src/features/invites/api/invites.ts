import { INVITE_PAGE_SIZE, queryKeys } from '@axoo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { Paged } from '../../../api/paging.ts';
import type { Artwork } from '../../../site.ts';

export type { Invite, InviteColumn, InviteDetail, InviteOwner, InvitePage, InviteQuestion, InviteStatus } from '@axoo/contract';
import type { Invite, InviteColumn, InviteDetail, InvitePage, InviteQuestion, InviteStatus } from '@axoo/contract';

/** An artwork of an invite's submission list, with its application for the selection toggle. */
export interface Submission extends Artwork {
  application: { id: number; selected: boolean; answers?: { id: number; question: number; answer: string }[] };
}

export const inviteKeys = queryKeys.invites;

export const inviteListQuery = () =>
  queryOptions({ queryKey: inviteKeys.list(), queryFn: () => api<Paged<Invite>>('/api/v1/invites/', { query: { limit: INVITE_PAGE_SIZE } }) });
export const useInvites = () => useQuery(inviteListQuery());

export const inviteQuery = (id: number) =>
  queryOptions({ queryKey: inviteKeys.detail(id), queryFn: () => api<InviteDetail>(`/api/v1/invites/${id}/`), enabled: Number.isFinite(id) });
export const useInvite = (id: number) => useQuery(inviteQuery(id));

export const questionsQuery = (inviteId: number) =>
  queryOptions({
    queryKey: inviteKeys.questions(inviteId),
    queryFn: () => api<InviteQuestion[]>('/api/v1/invite-questions/', { query: { invite: inviteId } }),
    enabled: Number.isFinite(inviteId),
  });
export const useQuestions = (inviteId: number) => useQuery(questionsQuery(inviteId));

/** SPEC §7 GET /api/v1/invites/{id}/artworks/ with the optional selected flag. */
export const inviteArtworksQuery = (inviteId: number, selected: boolean, enabled: boolean) =>
  queryOptions({
    queryKey: inviteKeys.artworks(inviteId, selected),
    queryFn: () => api<Paged<Submission>>(`/api/v1/invites/${inviteId}/artworks/`, { query: { selected: selected ? 'true' : undefined, limit: 100 } }),
    enabled,
  });
export const useInviteArtworks = (inviteId: number, selected: boolean, enabled: boolean) => useQuery(inviteArtworksQuery(inviteId, selected, enabled));

/** SPEC §4 Invite subscription toggles: create returns the id, delete by id. */
export function useToggleSubscription(invite: InviteDetail) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (invite.subscription) {
        await api(`/api/v1/invite-subscriptions/${invite.subscription}/`, { method: 'DELETE' });
        return null;
      }
      const created = await api<{ id: number }>('/api/v1/invite-subscriptions/', { body: { invite: invite.id } });
      return created.id;
    },
    onSuccess: (subscription) => client.setQueryData<InviteDetail>(inviteKeys.detail(invite.id), (old) => (old ? { ...old, subscription } : old)),
  });
}

/** SPEC §4 Invite application selection: owner or staff toggles selected. */
export function useToggleSelected(inviteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ application, selected }: { application: number; selected: boolean }) =>
      api<{ id: number; selected: boolean }>(`/api/v1/invite-applications/${application}/`, { method: 'PUT', body: { selected } }),
    onSuccess: () => client.invalidateQueries({ queryKey: inviteKeys.allArtworks(inviteId) }),
  });
}

export interface ApplicationInput {
  invite: number;
  artwork: number;
  answers: { question: number; answer: string }[];
}

export const createApplication = (input: ApplicationInput) => api<{ id: number }>('/api/v1/invite-applications/', { body: input });

// Staff: pages and columns.

export const createPage = (body: { invite: number; background_color?: string; order: number; columns?: Partial<InviteColumn>[] }) =>
  api<InvitePage>('/api/v1/invite-pages/', { body });
export const updatePage = (id: number, body: { background_color?: string; order?: number }) =>
  api<InvitePage>(`/api/v1/invite-pages/${id}/`, { method: 'PUT', body });
export const deletePage = (id: number) => api(`/api/v1/invite-pages/${id}/`, { method: 'DELETE' });
export const createColumn = (body: { page: number; content?: string; width?: 6 | 12; order?: number }) =>
  api<InviteColumn>('/api/v1/invite-columns/', { body });
export const updateColumn = (id: number, body: { content?: string; width?: 6 | 12; order?: number }) =>
  api<InviteColumn>(`/api/v1/invite-columns/${id}/`, { method: 'PUT', body });
export const deleteColumn = (id: number) => api(`/api/v1/invite-columns/${id}/`, { method: 'DELETE' });
export const COLUMN_PRESIGN_PATH = '/api/v1/invite-columns/presign/';

// Staff: invites and questions.

export interface InviteInput {
  owner: number | string;
  title: string;
  subtitle: string;
  description: string;
  logo: string;
  background: string;
  status: InviteStatus;
  closed: string | null;
  selected: string | null;
  /** The whole list, in order; saved with the invite in one transaction. */
  questions?: { id?: number; question: string }[];
}

export const saveInvite = (id: number | null, body: InviteInput) =>
  id ? api<InviteDetail>(`/api/v1/invites/${id}/`, { method: 'PUT', body }) : api<InviteDetail>('/api/v1/invites/', { body });
export const deleteInvite = (id: number) => api(`/api/v1/invites/${id}/`, { method: 'DELETE' });
export const INVITE_PRESIGN_PATH = '/api/v1/invites/presign/';

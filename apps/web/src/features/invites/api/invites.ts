import { INVITE_PAGE_SIZE, PAGE_SIZE, queryKeys } from '@axoo/contract';
import { type InfiniteData, infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { nextOffset, type Paged } from '../../../api/paging.ts';
import type { Artwork } from '../../../site.ts';

export type { Invite, InviteColumn, InviteDetail, InviteOwner, InvitePage, InviteQuestion, InviteStatus } from '@axoo/contract';
import type { Invite, InviteColumn, InviteDetail, InvitePage, InviteQuestion, InviteStatus, QuestionKind } from '@axoo/contract';

/** The application of a submission-list card: the selection toggle, and for owner and staff the answers. */
export interface SubmissionApplication {
  id: number;
  selected: boolean;
  /** The artist deleted the project after applying; the entry stays the call's, frozen (issue #29). */
  artwork_deleted?: boolean;
  /** Issue #33.6: sent within the grace minutes after the closing date (owner and staff). */
  late?: boolean;
  answers?: { id: number; question: number; answer: string }[];
}
/** An artwork of an invite's submission list, with its application for the selection toggle. */
export interface LiveSubmission extends Artwork {
  application: SubmissionApplication;
}
/** An entry whose artwork was deleted (owner and staff only): the frozen title and cover, no artwork to open. */
export interface DeletedSubmission {
  id: null;
  title: string;
  cover: string;
  cropped_cover: string;
  background_color: string;
  categories: { category: string; name: string }[];
  application: SubmissionApplication;
}
export type Submission = LiveSubmission | DeletedSubmission;

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

/** The owner's view of the submissions (issue #19): '' means no filter. */
export interface SubmissionFilters {
  selection: '' | 'selected' | 'unselected';
  category: string;
  submitted_from: string;
  submitted_until: string;
  ordering: 'newest' | 'oldest';
}
export const NO_FILTERS: SubmissionFilters = { selection: '', category: '', submitted_from: '', submitted_until: '', ordering: 'newest' };

/** SPEC §7 GET /api/v1/invites/{id}/artworks/ page by page (issue #19: every entry, not the first 100), with the owner's filters. */
export const inviteArtworksQuery = (inviteId: number, selected: boolean, filters: SubmissionFilters = NO_FILTERS) => {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Record<string, string>;
  return infiniteQueryOptions({
    queryKey: inviteKeys.artworks(inviteId, selected, query),
    queryFn: ({ pageParam, signal }) =>
      api<Paged<Submission>>(`/api/v1/invites/${inviteId}/artworks/`, {
        query: { ...query, selected: selected ? 'true' : undefined, limit: PAGE_SIZE, offset: pageParam },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last),
  });
};
export const useInviteArtworks = (inviteId: number, selected: boolean, filters?: SubmissionFilters) =>
  useInfiniteQuery(inviteArtworksQuery(inviteId, selected, filters));

/** "My open calls": the viewer's own calls, those under review included (issue #19). */
export const myInvitesQuery = () =>
  queryOptions({ queryKey: inviteKeys.mine(), queryFn: () => api<Paged<Invite>>('/api/v1/invites/', { query: { owner: 'me', limit: INVITE_PAGE_SIZE } }) });

/** Staff open a call under review, or send it back with a note. */
export const approveInvite = (id: number) => api<InviteDetail>(`/api/v1/invites/${id}/approve/`, { method: 'POST' });
export const returnInvite = (id: number, note: string) => api<InviteDetail>(`/api/v1/invites/${id}/return/`, { body: { note } });

/** The one-click unsubscribe of a subscriber's mail (no login; the token is signed for that user and call). */
export const unsubscribeWithToken = (body: { user: number; invite: number; token: string }) =>
  // A refused link (403) is said on the page, not answered by sending the guest to log in.
  api<{ invite: number; title: string }>('/api/v1/invite-subscriptions/unsubscribe/', { body, redirectOn403: false });

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
    // The card shows the change at once, in every loaded list of this invite. A list still loading was read before
    // the change: it is cancelled first, or its answer would turn the card back (the refetch below confirms it).
    onMutate: async ({ application, selected }) => {
      await client.cancelQueries({ queryKey: inviteKeys.allArtworks(inviteId) });
      client.setQueriesData<InfiniteData<Paged<Submission>>>({ queryKey: inviteKeys.allArtworks(inviteId) }, (old) => {
        if (!old) return old;
        return {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            results: page.results.map((a) => (a.application.id === application ? { ...a, application: { ...a.application, selected } } : a)),
          })),
        };
      });
    },
    // Refused or not, the lists are asked again: a refusal takes back the card's optimistic change.
    onSettled: () => client.invalidateQueries({ queryKey: inviteKeys.allArtworks(inviteId) }),
  });
}

export interface ApplicationInput {
  invite: number;
  artwork: number;
  answers: { question: number; answer: string }[];
}

export const createApplication = (input: ApplicationInput) => api<{ id: number }>('/api/v1/invite-applications/', { body: input });

// Pages and columns (the owner or staff).

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

// Invites and questions (the owner within the rules, or staff).

export interface InviteInput {
  /** Staff only: anyone else's call is their own. */
  owner?: number | string;
  title: string;
  subtitle: string;
  description: string;
  logo: string;
  background: string;
  /** Staff set any status; an owner only publishes the selection. */
  status?: InviteStatus;
  /** Omitted: left as it is. */
  closed?: string | null;
  selected?: string | null;
  /** The whole list, in order; saved with the invite in one transaction (issue #33.1: eligibility ones with the passing answer). */
  questions?: { id?: number; question: string; kind?: QuestionKind; required_answer?: boolean | null }[];
  /** Issue #33.6: minutes after the closing date when entries are still taken, marked late. */
  grace_minutes?: number;
  /** Issue #33.8: the jury's statement on the published results. */
  jury_statement?: string;
}

export const saveInvite = (id: number | null, body: InviteInput) =>
  id ? api<InviteDetail>(`/api/v1/invites/${id}/`, { method: 'PUT', body }) : api<InviteDetail>('/api/v1/invites/', { body });
export const deleteInvite = (id: number) => api(`/api/v1/invites/${id}/`, { method: 'DELETE' });
export const INVITE_PRESIGN_PATH = '/api/v1/invites/presign/';

import { queryKeys, type SearchSuggestions } from '@axoo/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/**
 * GET /api/v1/search/suggest/?q= (issue #30.3). The term is already debounced by the search box; a term that
 * went stale aborts its request (react-query passes the signal and drops the query nobody observes).
 */
export const useSuggestions = (q: string) =>
  useQuery({
    queryKey: queryKeys.search.suggest(q),
    queryFn: ({ signal }) => api<SearchSuggestions>('/api/v1/search/suggest/', { query: { q }, signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

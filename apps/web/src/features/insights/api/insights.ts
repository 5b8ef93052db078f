import { type ArtworkInsights, type Insights, type InsightWindow, type PlatformDay, queryKeys } from '@axoo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** GET /api/v1/users/{id}/insights/?days= (owner only). */
export const insightsQuery = (userId: number, days: InsightWindow) =>
  queryOptions({
    queryKey: queryKeys.insights.user(userId, days),
    queryFn: ({ signal }) => api<Insights>(`/api/v1/users/${userId}/insights/`, { query: { days }, signal }),
    staleTime: 60_000,
  });

export const useInsights = (userId: number, days: InsightWindow) => useQuery(insightsQuery(userId, days));

/** The CSV export's address (a plain download link). */
export const insightsCsvUrl = (userId: number, days: InsightWindow) => `/api/v1/users/${userId}/insights/?days=${days}&format=csv`;

/** Staff: GET /api/v1/admin/insights/?days=. */
export const platformQuery = (days: InsightWindow) =>
  queryOptions({
    queryKey: queryKeys.insights.platform(days),
    queryFn: ({ signal }) => api<PlatformDay[]>('/api/v1/admin/insights/', { query: { days }, signal }),
  });

export const usePlatform = (days: InsightWindow) => useQuery(platformQuery(days));

/** GET /api/v1/users/{id}/insights/artworks/{artwork}/?days= (owner only): one artwork's days. */
export const artworkInsightsQuery = (userId: number, artworkId: number, days: InsightWindow) =>
  queryOptions({
    queryKey: queryKeys.insights.artwork(userId, artworkId, days),
    queryFn: ({ signal }) => api<ArtworkInsights>(`/api/v1/users/${userId}/insights/artworks/${artworkId}/`, { query: { days }, signal }),
    staleTime: 60_000,
  });

export const useArtworkInsights = (userId: number, artworkId: number | null, days: InsightWindow) =>
  useQuery({ ...artworkInsightsQuery(userId, artworkId ?? 0, days), enabled: artworkId !== null });

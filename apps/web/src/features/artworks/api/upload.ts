import type { ArtworkWrite } from '@axoo/contract/artworks';
import { api } from '../../../api/client.ts';
import type { Artwork } from '../../../site.ts';

/** The artwork calls of the upload screen (SPEC §7). The form sends what `artworkWriteSchema` accepts. */
export type ArtworkPayload = Omit<ArtworkWrite, 'tags' | 'categories' | 'fields' | 'concepts' | 'color' | 'publish_at'> & {
  /** Issue #34 (1): an ISO time to publish at, or null to cancel the schedule. */
  publish_at?: string | null;
  tags?: string[];
  categories?: string[];
  fields?: string[];
  concepts?: string[];
  color?: number | null;
};

// A 403 here means the session ended while editing: the page shows its 'session expired' modal instead of leaving.
export const createArtwork = (body: ArtworkPayload) => api<Artwork>('/api/v1/artworks/', { method: 'POST', body, redirectOn403: false });
export const saveArtwork = (id: number, body: ArtworkPayload) => api<Artwork>(`/api/v1/artworks/${id}/`, { method: 'PUT', body, redirectOn403: false });
export const loadArtwork = (id: number) => api<Artwork>(`/api/v1/artworks/${id}/`, { redirectOn403: false });
export const deleteArtwork = (id: number) => api<void>(`/api/v1/artworks/${id}/`, { method: 'DELETE' });
/** SPEC §7 'mine' with draft=true and limit=1: the author's open draft, if any. */
export const findOpenDraft = (userId: number) =>
  api<{ count: number; results: Artwork[] }>(`/api/v1/users/${userId}/artworks/`, { query: { draft: 'true', limit: 1 } });
export const presignPath = (id: number) => `/api/v1/artworks/${id}/presign/`;

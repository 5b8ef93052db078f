import type { ReviewLink } from '@axoo/contract/artworks';
import { api } from '../../../api/client.ts';
import type { Artwork } from '../../../site.ts';

/** Issue #34 (3): the review-link calls (the author's, and the page a link opens). */
export const listReviewLinks = (artworkId: number) => api<ReviewLink[]>(`/api/v1/artworks/${artworkId}/review-links/`);
export const createReviewLink = (artworkId: number, expires: string) =>
  api<ReviewLink>(`/api/v1/artworks/${artworkId}/review-links/`, { method: 'POST', body: { expires } });
export const revokeReviewLink = (id: number) => api<void>(`/api/v1/review-links/${id}/`, { method: 'DELETE' });
export const loadReview = (token: string) => api<Artwork>(`/api/v1/review/${token}/`, { redirectOn403: false });

import type { ArtworkVersion } from '@axoo/contract/artworks';
import { api } from '../../../api/client.ts';
import type { Artwork } from '../../../site.ts';

/** Issue #34 (4): the author's kept versions of a published artwork, and restoring one. */
export const listVersions = (artworkId: number) => api<ArtworkVersion[]>(`/api/v1/artworks/${artworkId}/versions/`, { redirectOn403: false });
export const restoreVersion = (artworkId: number, version: number) =>
  api<Artwork>(`/api/v1/artworks/${artworkId}/versions/${version}/restore/`, { method: 'POST', body: {} });

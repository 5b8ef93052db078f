import type { ImportAnswer, ImportPublished } from '@axoo/contract/imports';
import { api } from '../../../api/client.ts';

/** Issue #34 (5): bulk import calls: send a ZIP, follow its progress, publish its drafts together. */
export const startImport = (zip: Blob) => api<ImportAnswer>('/api/v1/imports/', { file: { body: zip, type: 'application/zip' } });
export const loadImport = (id: number) => api<ImportAnswer>(`/api/v1/imports/${id}/`);
export const publishImport = (id: number, quiet: boolean) => api<ImportPublished>(`/api/v1/imports/${id}/publish/`, { method: 'POST', body: { quiet } });

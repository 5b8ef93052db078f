import type { ReportBody } from '@axoo/contract';
import { api } from '../../api/client.ts';

/**
 * Issue #31: file a report (`POST /api/v1/reports/`). `again` is true when the viewer had already reported this
 * target and that report is still open: the server answers it with 200 and the same id (a new one is a 201).
 */
export async function fileReport(body: ReportBody): Promise<{ id: number; again: boolean }> {
  let status = 201;
  const answer = await api<{ id: number }>('/api/v1/reports/', { method: 'POST', body, onStatus: (s) => (status = s) });
  return { id: answer.id, again: status === 200 };
}

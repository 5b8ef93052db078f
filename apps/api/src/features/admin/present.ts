import type { jobs } from '../../db/schema/index.ts';
import type { ListItemRow } from './queries.ts';

/** A list item with both names, so staff can rename either (SPEC §3 Lists). */
export const presentListItem = (row: ListItemRow) => ({
  id: row.id,
  code: row.code,
  name_ko: row.nameKo,
  name_en: row.nameEn,
  is_primary: row.isPrimary,
  position: row.position,
  retired: row.retired,
});

export type FailedJob = typeof jobs.$inferSelect;

/** A failed job as the console shows it: for a mail, its recipient and subject (never its body, which may hold a link). */
export function presentJob(job: FailedJob) {
  const payload = (job.payload ?? {}) as { to?: unknown; subject?: unknown };
  return {
    id: job.id,
    kind: job.kind,
    recipient: typeof payload.to === 'string' ? payload.to : null,
    subject: typeof payload.subject === 'string' ? payload.subject : null,
    attempts: job.attempts,
    last_error: job.lastError ?? '',
    created: job.created.toISOString(),
    finished: job.finished?.toISOString() ?? null,
  };
}

import type { StaffTakedown, Takedown } from '@axoo/contract';
import type { Named, TakedownRow } from './queries.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A notice as its work's uploader reads it (issue #31): never the rights holder's e-mail. */
export function presentTakedown(row: TakedownRow, named: Named): Takedown {
  const work = row.artworkId ? named.works.get(row.artworkId) : undefined;
  return {
    id: row.id,
    status: row.status,
    name: row.name,
    work_url: row.workUrl,
    original: row.original,
    artwork: work ? { id: work.id, title: work.title, cover: work.croppedCover || work.cover } : null,
    created: row.created.toISOString(),
    confirmed: iso(row.confirmedAt),
    expires: iso(row.expiresAt),
    counter_text: row.counterText,
    countered: iso(row.counteredAt),
    decision: row.decision,
    note: row.note,
    decided: iso(row.decidedAt),
  };
}

/** Staff's view: the rights holder's e-mail and the uploader too. */
export function presentStaffTakedown(row: TakedownRow, named: Named): StaffTakedown {
  return { ...presentTakedown(row, named), email: row.email, uploader: (row.uploaderId && named.people.get(row.uploaderId)) || null };
}

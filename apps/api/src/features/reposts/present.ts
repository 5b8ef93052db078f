import type { Hold } from '@axoo/contract';
import type { HeldWork, HoldRow, MatchRow } from './queries.ts';

export type HoldRole = Hold['role'];

/**
 * A hold as one party reads it (issue #31): staff and the uploader see every match and the uploader's explanation;
 * a matched artist sees only the matches of their own works, and no explanation.
 */
export function presentHold(hold: HoldRow, work: HeldWork, matches: MatchRow[], role: HoldRole, viewerId: number): Hold {
  const shown = role === 'original' ? matches.filter((m) => m.author.id === viewerId) : matches;
  return {
    id: hold.id,
    status: hold.status,
    role,
    artwork: { id: work.id, title: work.title, cover: work.cover || work.cover_full, author: work.author },
    explanation: role === 'original' ? null : hold.explanation,
    matches: shown.map((m) => ({
      image: m.imageKey,
      original: m.original,
      original_image: m.originalImage,
      author: m.author,
      distance: { dhash: m.dhashBits, phash: m.phashBits },
      answer: m.answer,
    })),
    note: role === 'staff' ? hold.note : null,
    created: hold.created.toISOString(),
    decided: hold.decidedAt?.toISOString() ?? null,
  };
}

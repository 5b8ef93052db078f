import type { Hold } from '@axoo/contract';
import { type MatureViewer, seesMature, withholds } from '../../domain/artworks/rating.ts';
import type { HeldWork, HoldRow, MatchRow } from './queries.ts';

export type HoldRole = Hold['role'];

/**
 * A hold as one party reads it (issue #31): staff and the uploader see every match and the uploader's explanation;
 * a matched artist sees only the matches of their own works, and no explanation. The other party's mature work shows
 * as its blurred copy to a viewer who has not opted in (the one rule of mature work, domain/artworks/rating.ts); its
 * author and staff, who decide, see it as it is.
 */
export function presentHold(hold: HoldRow, work: HeldWork, matches: MatchRow[], role: HoldRole, viewer: { id: number } & MatureViewer): Hold {
  const shown = role === 'original' ? matches.filter((m) => m.author.id === viewer.id) : matches;
  const full = role === 'staff' || seesMature(viewer);
  const seen = (rating: string, authorId: number) => authorId === viewer.id || !withholds({ rating }, full);
  const held = seen(work.rating, work.author.id);
  return {
    id: hold.id,
    status: hold.status,
    role,
    artwork: { id: work.id, title: work.title, cover: held ? work.cover || work.cover_full : work.blurredCover, author: work.author },
    explanation: role === 'original' ? null : hold.explanation,
    matches: shown.map((m) => {
      const original = seen(m.originalRating, m.author.id);
      return {
        image: held ? m.imageKey : work.blurredCover,
        original: original ? m.original : { ...m.original, cover: m.originalBlurred },
        original_image: original ? m.originalImage : m.originalBlurred,
        author: m.author,
        distance: { dhash: m.dhashBits, phash: m.phashBits },
        answer: m.answer,
        image_blurred: !held,
        original_blurred: !original,
      };
    }),
    note: role === 'staff' ? hold.note : null,
    created: hold.created.toISOString(),
    decided: hold.decidedAt?.toISOString() ?? null,
  };
}

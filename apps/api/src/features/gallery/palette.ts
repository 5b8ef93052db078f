import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworkPalettes, artworks } from '../../db/schema/index.ts';
import { cellsWithin, deltaE2000, hexToLab, PALETTE_MAX_DELTA_E, swatchScore } from '../../media/colour.ts';
import { type ArtworkFilters, artworkConditions } from './queries.ts';

/**
 * Issue #18, the gallery's palette search (`?palette=#rrggbb`): visible artworks whose cover palette holds a colour
 * within ΔE2000 ≤ 12 of the picked one, closest first. The palette rows are read through their partial index on
 * (cell, artwork_id) INCLUDE (l, a, b, share) WHERE visible, for the Lab cells that can hold a match only
 * (media/colour.ts cellsWithin); each colour found is then measured exactly here (CIEDE2000 is some hundred
 * floating-point steps: PostgreSQL's expression engine would spend microseconds per row on it). The other filters
 * narrow the rows inside the same statement. Hidden work is never listed, not even to its author: the index holds
 * visible rows only.
 *
 * Score of an artwork: the sum over its matching colours of share × (1 − ΔE/12); ties: newest id first. The
 * ranking of one filter set is kept a few seconds per process like a search's matches (state.ts), so paging
 * through a search measures once (service.ts listArtworks).
 */
export interface Ranked {
  id: number;
  score: number;
}

/** Bytes of one packed colour row: int4 id, then L, a, b and share as float4. */
const SWATCH_BYTES = 20;

export async function rankByPalette(db: Executor, filters: ArtworkFilters): Promise<Ranked[]> {
  const target = filters.palette ? hexToLab(filters.palette) : null;
  if (!target) return [];
  const { palette: _, ...others } = filters;
  const rest = artworkConditions(undefined, others);
  const cells = `{${cellsWithin(target).join(',')}}`;
  // The colours travel packed in one bytea, 20 bytes each (artwork id, L, a, b, share in network order): reading
  // them is a few milliseconds where tens of thousands of parsed rows cost far more.
  const result = await db.execute(sql`
    select string_agg(int4send(${artworkPalettes.artworkId}) || float4send(${artworkPalettes.l}) || float4send(${artworkPalettes.a})
        || float4send(${artworkPalettes.b}) || float4send(${artworkPalettes.share}), ''::bytea) as packed
    from ${artworkPalettes}
    where ${artworkPalettes.visible} and ${artworkPalettes.cell} = any(${cells}::int[])
      ${rest ? sql`and exists (select 1 from ${artworks} where ${artworks.id} = ${artworkPalettes.artworkId} and ${rest})` : sql``}`);
  const [row] = ('rows' in result ? result.rows : result) as { packed: Uint8Array | null }[];
  const packed = row?.packed;
  if (!packed) return [];
  const scores = new Map<number, number>();
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const colour = { l: 0, a: 0, b: 0 };
  for (let at = 0; at + SWATCH_BYTES <= view.byteLength; at += SWATCH_BYTES) {
    colour.l = view.getFloat32(at + 4);
    colour.a = view.getFloat32(at + 8);
    colour.b = view.getFloat32(at + 12);
    const d = deltaE2000(target, colour);
    if (d > PALETTE_MAX_DELTA_E) continue;
    const id = view.getInt32(at);
    scores.set(id, (scores.get(id) ?? 0) + swatchScore(view.getFloat32(at + 16), d));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((x, y) => y.score - x.score || y.id - x.id);
}

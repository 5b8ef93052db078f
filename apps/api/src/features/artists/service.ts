import type { Lang } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import type { Page } from '../../http/paging.ts';
import { presentUser } from '../../domain/users/present.ts';
import * as q from './queries.ts';

/** SPEC §7 artists list: three statements whatever the page size. */
export async function listArtists(deps: Deps, lang: Lang, filters: q.ArtistFilters, page: Page) {
  const where = q.artistConditions(filters);
  const [total, rows] = await Promise.all([q.countArtists(deps.db, where), q.pageOfArtists(deps.db, where, page.limit, page.offset)]);
  const cats = await q.categoriesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const byUser = new Map<number, typeof cats>();
  for (const c of cats) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
  return { count: total, results: rows.map((r) => presentUser.artist(r, lang, byUser.get(r.id) ?? [])) };
}

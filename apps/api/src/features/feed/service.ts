import type { Lang } from '@axoo/contract';
import { SUGGESTIONS_MAX } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import type { Page } from '../../http/paging.ts';
import { presentUser } from '../accounts/present.ts';
import type { UserRow } from '../accounts/user.ts';
import { presentArtwork } from '../artworks/present.ts';
import * as q from './queries.ts';

/** Issue #17 Following feed: the newest visible artworks of the artists the viewer follows. */
export async function listFeed(deps: Deps, viewer: UserRow, lang: Lang, page: Page) {
  const [count, { rows, rel }] = await Promise.all([q.countFeed(deps.db, viewer.id), q.pageOfFeed(deps.db, viewer.id, page.limit, page.offset)]);
  return { count, results: rows.map((row) => presentArtwork(row, rel, lang)) };
}

/** "This month" of the suggestions. */
const SUGGESTION_DAYS = 30;

/** The empty feed's suggestions: members most followed this month, in the viewer's categories first. */
export async function suggestArtists(deps: Deps, viewer: UserRow) {
  const rows = await q.suggestedArtists(deps.db, viewer.id, SUGGESTION_DAYS, SUGGESTIONS_MAX);
  return rows.map((row) => ({ ...presentUser.card(row), followers_count: row.followersCount, recent_followers: row.recent }));
}

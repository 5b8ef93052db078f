import type { Lang } from '@axoo/contract';
import { SUGGESTIONS_MAX } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { type CardDeps, pageOfIds } from '../../domain/cards/list.ts';
import type { Page } from '../../http/paging.ts';
import { presentUser } from '../../domain/users/present.ts';
import type { UserRow } from '../../domain/users/user.ts';
import * as q from './queries.ts';

/** The most artworks a feed lists (the newest). */
export const FEED_MAX = 10_000;

/**
 * Issue #17 Following feed: the newest visible artworks of the artists the viewer follows. The ids come from one
 * statement over the follows and the author index, kept a few seconds per viewer by the shared card state; the cards
 * are the stored ones (domain/cards) (the same text every list answers) with the viewer's marks, so a warm page sends
 * at most the marks' statement.
 */
export function listFeed(deps: CardDeps, viewer: UserRow, lang: Lang, page: Page) {
  return pageOfIds(deps, `feed ${viewer.id}`, () => q.feedIds(deps.db, viewer.id, FEED_MAX), viewer, lang, page);
}

/** "This month" of the suggestions. */
const SUGGESTION_DAYS = 30;

/** The empty feed's suggestions: members most followed this month, in the viewer's categories first. */
export async function suggestArtists(deps: Deps, viewer: UserRow) {
  const rows = await q.suggestedArtists(deps.db, viewer.id, SUGGESTION_DAYS, SUGGESTIONS_MAX);
  return rows.map((row) => ({ ...presentUser.card(row), followers_count: row.followersCount, recent_followers: row.recent }));
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, follows, type UserRow, userCategories, users } from '../../db/schema/index.ts';

/**
 * Every id of the viewer's feed, newest first: a nested loop over the viewer's follows, each reading its author's
 * visible work from `artworks_author_visible_recent_idx` (migration 0007), in one array. Only visible work: a
 * non-member's or a private artwork never shows, whoever follows, nor one published quietly (an import, issue #34.5). The gallery's state keeps the array for a few
 * seconds (each page is a slice, its size the count) and answers its cards from the shared card store. At most
 * `max` (the newest): deeper than that nobody scrolls.
 */
export async function feedIds(db: Executor, viewerId: number, max: number): Promise<number[]> {
  const result = await db.execute(sql`
    select coalesce(array_agg(id order by created desc, id desc), '{}') as ids from (
      select a.id, a.created from ${follows} f
      join ${artworks} a on a.author_id = f.artist_id and a.visible and not a.quiet
      where f.follower_id = ${viewerId}
      order by a.created desc, a.id desc limit ${max}
    ) as feed`);
  return ((result as unknown as { rows: { ids: number[] }[] }).rows[0]?.ids ?? []).map(Number);
}

export interface SuggestionRow {
  id: number;
  username: string;
  name: string;
  slug: string;
  croppedAvatar: string;
  isPremium: boolean;
  level: number;
  availableForHire: UserRow['availableForHire'];
  followersCount: number;
  recent: number;
}

/**
 * Members the viewer does not follow yet, most followed in the last `days` first, those in the viewer's chosen
 * categories before the others (so a viewer without categories, or a quiet category, still gets suggestions).
 */
export async function suggestedArtists(db: Executor, viewerId: number, days: number, limit: number): Promise<SuggestionRow[]> {
  const result = await db.execute(sql`
    with mine as (select ${userCategories.categoryId} as category_id from ${userCategories} where ${userCategories.userId} = ${viewerId}),
    recent as (
      select ${follows.artistId} as artist_id, count(*)::int as n from ${follows}
      where ${follows.created} >= now() - make_interval(days => ${days}) group by ${follows.artistId}
    )
    select u.id, u.username, u.name, u.slug, u.cropped_avatar as "croppedAvatar", u.is_premium as "isPremium", u.level,
      u.available_for_hire as "availableForHire", u.followers_count as "followersCount", coalesce(r.n, 0) as recent
    from ${users} u
    left join recent r on r.artist_id = u.id
    where u.is_premium and u.id <> ${viewerId}
      and not exists (select 1 from ${follows} f where f.follower_id = ${viewerId} and f.artist_id = u.id)
    order by exists (select 1 from ${userCategories} uc join mine on mine.category_id = uc.category_id where uc.user_id = u.id) desc,
      coalesce(r.n, 0) desc, u.followers_count desc, u.level desc, u.id desc
    limit ${limit}`);
  return (result as unknown as { rows: SuggestionRow[] }).rows.map((r) => ({ ...r, followersCount: Number(r.followersCount), recent: Number(r.recent) }));
}

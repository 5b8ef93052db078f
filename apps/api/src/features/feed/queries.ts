import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, follows, type UserRow, userCategories, users } from '../../db/schema/index.ts';
import { type RelatedRows, splitRelated, withRelated } from '../artworks/read-model.ts';

/**
 * The followed authors' visible artworks, as `(id)`: a nested loop over the viewer's follows, each reading its author's
 * visible work newest first from `artworks_author_visible_recent_idx` (migration 0007). Only visible work: a
 * non-member's or a private artwork never shows, whoever follows.
 */
const followedVisible = (viewerId: number) => sql`
  select a.id, a.created from ${follows} f
  join ${artworks} a on a.author_id = f.artist_id and a.visible
  where f.follower_id = ${viewerId}`;

export async function countFeed(db: Executor, viewerId: number): Promise<number> {
  const [row] = await db.select({ n: sql<string>`(select count(*) from (${followedVisible(viewerId)}) as feed)` }).from(sql`(select 1) as one`);
  return Number(row?.n ?? 0);
}

/** A page of the feed: the ids from the indexes first, then those rows with their relations in one statement. */
export async function pageOfFeed(db: Executor, viewerId: number, limit: number, offset: number) {
  const ids = sql`select id from (${followedVisible(viewerId)}) as feed order by created desc, id desc limit ${limit} offset ${offset}`;
  const query = db.select(withRelated(viewerId)).from(artworks).where(sql`${artworks.id} in (${ids})`).orderBy(desc(artworks.created), desc(artworks.id));
  const name = `feed_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20)}`;
  const selected = await query.prepare(name).execute();
  return splitRelated(selected as RelatedRows);
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

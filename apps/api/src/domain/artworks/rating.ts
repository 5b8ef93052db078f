import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { artworks } from '../../db/schema/index.ts';
import { blurImage, blurredKeyOf } from '../../media/blur.ts';
import { publicCover } from './protection.ts';
import type { Storage } from '../../media/storage.ts';

/**
 * Issue #31, the one rule of mature work: a viewer who has not opted in (`users.show_mature`; guests never can)
 * receives a mature artwork's blurred cover (`artworks.blurred_cover`, made here by the server) and never its cover,
 * crops, content images or their renditions: in lists, the detail, profiles, the feed, the home page, share
 * previews, oEmbed, sitemaps, Atom feeds and mails. Presenters ask `withholds`; SQL reads that name covers for
 * anyone (previews, feeds, notices) use `safeCover`.
 */
export type MatureViewer = { showMature: boolean } | null | undefined;

/** Whether this viewer receives mature work as it is: a member who opted in. */
export const seesMature = (viewer: MatureViewer): boolean => viewer?.showMature === true;

/** Whether an answer for a viewer who sees mature work or not (`full`) must withhold this artwork's images. */
export const withholds = (row: { rating: string }, full: boolean): boolean => row.rating === 'mature' && !full;

/** A cover column of `artworks` as anyone may receive it: the blurred copy when the work is mature. */
export function safeCover(column: AnyColumn | SQL): SQL<string> {
  // Issue #34 (6): and a protected work's public copy, never its key.
  return sql<string>`(case when ${artworks.rating} = 'mature' then ${artworks.blurredCover} else ${publicCover(column)} end)`;
}

/** The body of an artwork as anyone may receive it: empty when the work is mature (its images are the work). */
export function safeContent(): SQL<string> {
  return sql<string>`(case when ${artworks.rating} = 'mature' then '' else ${artworks.content} end)`;
}

/**
 * Makes and stores the blurred copy of a cover in its folder (`media/blur.ts` `blurredKeyOf`) and answers its key; ''
 * when there is no cover or it cannot be read (the work then shows no cover at all to those who have not opted in).
 */
export async function makeBlurredCover(storage: Storage, secret: string, key: string): Promise<string> {
  if (!key) return '';
  const bytes = await storage.get(key);
  if (!bytes) return '';
  try {
    const blurred = await blurImage(bytes);
    const target = blurredKeyOf(key, secret);
    await storage.put(target, blurred, 'image/jpeg');
    return target;
  } catch {
    return '';
  }
}

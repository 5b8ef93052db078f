import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, artworkTags, invites, tags, users } from '../../db/schema/index.ts';
import { visibleScope } from '../../domain/artworks/scope.ts';
import { publicInvite } from '../../domain/open-calls/listing.ts';
import { publicContent } from '../../domain/artworks/protection.ts';
import { safeContent, safeCover } from '../../domain/artworks/rating.ts';

/** What anyone may find: the guests' visibility rule (drafts, non-members' and private work never). */
const everyone = () => visibleScope(null);
/** Artists whose pages search engines and other sites may list: members (a non-member's work is hidden). */
const listedArtist = eq(users.isPremium, true);
/** Invites anyone may find: all but a brand's call under review (issue #19) and one staff hid (issue #31). */
const listedInvite = publicInvite;

export async function countSitemapUrls(db: Executor) {
  const [row] = await db
    .select({
      artworks: sql<number>`(select count(*) from ${artworks} where ${everyone()})::int`,
      profiles: sql<number>`(select count(*) from ${users} where ${listedArtist})::int`,
      invites: sql<number>`(select count(*) from ${invites} where ${listedInvite})::int`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

/** The newest change among a sitemap page's entries, for the index's lastmod. */
export async function sitemapLastmods(db: Executor, size: number) {
  const pages = (table: 'artworks' | 'users' | 'invites') => {
    const [from, where, stamp, id] =
      table === 'artworks'
        ? [artworks, everyone(), artworks.updated, artworks.id]
        : table === 'users'
          ? [users, listedArtist, users.updated, users.id]
          : [invites, listedInvite, sql`coalesce(${invites.selected}, ${invites.created})`, invites.id];
    return db.execute(
      sql`select (n / ${size})::int as page, max(stamp) as lastmod from (select row_number() over (order by ${id}) - 1 as n, ${stamp} as stamp from ${from} where ${where}) as ranked group by 1 order by 1`,
    );
  };
  const [a, u, i] = await Promise.all([pages('artworks'), pages('users'), pages('invites')]);
  const rows = (result: unknown) => {
    const list = (result && typeof result === 'object' && 'rows' in result ? result.rows : result) as { page: number; lastmod: string | Date }[];
    return list.map((x) => ({ page: Number(x.page), lastmod: new Date(x.lastmod) }));
  };
  return { artworks: rows(a), profiles: rows(u), invites: rows(i) };
}

export function sitemapArtworks(db: Executor, limit: number, offset: number) {
  return db
    .select({
      id: artworks.id,
      updated: artworks.updated,
      cover: safeCover(artworks.cover),
      croppedCover: safeCover(artworks.croppedCover),
      title: artworks.title,
      coverAlt: artworks.coverAlt,
    })
    .from(artworks)
    .where(everyone())
    .orderBy(asc(artworks.id))
    .limit(limit)
    .offset(offset);
}

export function sitemapProfiles(db: Executor, limit: number, offset: number) {
  return db
    .select({ id: users.id, slug: users.slug, updated: users.updated, avatar: users.croppedAvatar, banner: users.croppedBanner })
    .from(users)
    .where(listedArtist)
    .orderBy(asc(users.id))
    .limit(limit)
    .offset(offset);
}

export function sitemapInvites(db: Executor, limit: number, offset: number) {
  return db
    .select({
      id: invites.id,
      lastmod: sql<Date>`coalesce(${invites.selected}, ${invites.created})`.mapWith(invites.created),
      background: invites.background,
      logo: invites.logo,
    })
    .from(invites)
    .where(listedInvite)
    .orderBy(asc(invites.id))
    .limit(limit)
    .offset(offset);
}

const artworkColumns = {
  id: artworks.id,
  title: artworks.title,
  content: safeContent(),
  cover: safeCover(artworks.cover),
  croppedCover: safeCover(artworks.croppedCover),
  coverAlt: artworks.coverAlt,
  /** Issue #34 (6): the body's images are named by their public copies (`publicRow`), the widths within the cap. */
  protectionSalt: artworks.protectionSalt,
  maxPublicWidth: artworks.maxPublicWidth,
  width: artworks.width,
  height: artworks.height,
  attribution: artworks.attribution,
  nonCommercial: artworks.nonCommercial,
  noDerivativeWorks: artworks.noDerivativeWorks,
  shareAlike: artworks.shareAlike,
  licenceChosen: artworks.licenceChosen,
  publishedAt: artworks.publishedAt,
  created: artworks.created,
  updated: artworks.updated,
  aiOptOut: sql<boolean>`coalesce(${artworks.aiOptOut}, ${users.aiOptOut})`,
  authorName: users.name,
  authorSlug: users.slug,
  tags: sql<
    string[]
  >`coalesce((select array_agg(${tags.name} order by ${artworkTags.position}) from ${artworkTags} join ${tags} on ${tags.id} = ${artworkTags.tagId} where ${artworkTags.artworkId} = ${artworks.id}), '{}')`,
};
export type FoundArtwork = Awaited<ReturnType<typeof visibleArtwork>> & {};

/** One artwork as anyone may see it, or null when it is hidden (drafts, non-members, private) or gone. */
export async function visibleArtwork(db: Executor, id: number) {
  const [row] = await db
    .select(artworkColumns)
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.authorId))
    .where(and(eq(artworks.id, id), everyone()))
    .limit(1);
  return row ? publicRow(row) : null;
}

/** Issue #34 (6): a protected work's body as anyone may receive it, its images named by their public copies. */
const publicRow = <T extends { id: number; protectionSalt: string | null; content: string }>(row: T): T => ({
  ...row,
  content: publicContent(row, row.content),
});

/** The newest visible artworks, of everyone or of one artist, for the Atom feeds. */
export function newestArtworks(db: Executor, limit: number, authorId?: number) {
  return db
    .select(artworkColumns)
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.authorId))
    .where(authorId === undefined ? everyone() : and(everyone(), eq(artworks.authorId, authorId)))
    .orderBy(desc(artworks.created), desc(artworks.id))
    .limit(limit)
    .then((rows) => rows.map(publicRow));
}

/** A member's page as anyone may see it (non-members are not listed anywhere), or null. */
export async function listedArtistBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      slug: users.slug,
      biography: users.biography,
      avatar: users.croppedAvatar,
      avatarAlt: users.avatarAlt,
      banner: users.croppedBanner,
      updated: users.updated,
      aiOptOut: users.aiOptOut,
      website: users.website,
      instagram: users.instagram,
      facebook: users.facebook,
      twitter: users.twitter,
      pinterest: users.pinterest,
      tumblr: users.tumblr,
      youtube: users.youtube,
      vimeo: users.vimeo,
    })
    .from(users)
    .where(and(eq(users.slug, slug), listedArtist))
    .limit(1);
  return row ?? null;
}
export type ListedArtist = NonNullable<Awaited<ReturnType<typeof listedArtistBySlug>>>;

export async function listedInviteById(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: invites.id,
      title: invites.title,
      subtitle: invites.subtitle,
      description: invites.description,
      background: invites.background,
      logo: invites.logo,
      status: invites.status,
      created: invites.created,
      closed: invites.closed,
      ownerName: users.name,
      ownerSlug: users.slug,
    })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.ownerId))
    .where(and(eq(invites.id, id), listedInvite))
    .limit(1);
  return row ?? null;
}
export type ListedInvite = NonNullable<Awaited<ReturnType<typeof listedInviteById>>>;

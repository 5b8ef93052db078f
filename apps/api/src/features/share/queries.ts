import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworkCategories, artworks, categories, invites, users } from '../../db/schema/index.ts';
import { safeCover } from '../../domain/artworks/rating.ts';
import { publicInvite } from '../../domain/open-calls/listing.ts';

export async function artworkPreview(db: Executor, id: number) {
  const [row] = await db
    .select({
      title: artworks.title,
      authorId: artworks.authorId,
      reachable: artworks.reachable,
      unlisted: artworks.unlisted,
      // Issue #31: a share preview is for anyone: a mature work's blurred cover only.
      cover: safeCover(artworks.cover),
      croppedCover: safeCover(artworks.croppedCover),
      width: artworks.width,
      height: artworks.height,
      authorName: users.name,
      categoryKo: categories.nameKo,
      categoryEn: categories.nameEn,
      aiOptOut: sql<boolean>`coalesce(${artworks.aiOptOut}, ${users.aiOptOut})`,
      coverAlt: artworks.coverAlt,
    })
    .from(artworks)
    .innerJoin(users, eq(users.id, artworks.authorId))
    .leftJoin(artworkCategories, eq(artworkCategories.artworkId, artworks.id))
    .leftJoin(categories, eq(categories.id, artworkCategories.categoryId))
    .where(eq(artworks.id, id))
    .orderBy(asc(artworkCategories.position))
    .limit(1);
  return row ?? null;
}

export async function profilePreview(db: Executor, slug: string) {
  const [row] = await db
    .select({
      name: users.name,
      username: users.username,
      biography: users.biography,
      banner: users.croppedBanner,
      avatar: users.croppedAvatar,
      aiOptOut: users.aiOptOut,
      avatarAlt: users.avatarAlt,
      bannerAlt: users.bannerAlt,
    })
    .from(users)
    .where(eq(users.slug, slug))
    .limit(1);
  return row ?? null;
}

export async function invitePreview(db: Executor, id: number) {
  const [row] = await db
    .select({ title: invites.title, subtitle: invites.subtitle, description: invites.description, background: invites.background, logo: invites.logo })
    .from(invites)
    .where(and(eq(invites.id, id), publicInvite))
    .limit(1);
  return row ?? null;
}

import type { Lang } from '@axoo/contract';
import type { ArtistRow } from './queries.ts';

/** An artist card (SPEC §2 Gallery: avatar or default, name, link to /{slug}/). No contact details. */
export function presentArtist(row: ArtistRow, cats: { code: string; nameKo: string; nameEn: string }[], lang: Lang) {
  return {
    id: row.id,
    slug: row.slug,
    username: row.username,
    name: row.name,
    is_premium: row.isPremium,
    avatar: row.avatar,
    cropped_avatar: row.croppedAvatar,
    level: row.level,
    categories: cats.map((c) => ({ category: c.code, name: lang === 'en' ? c.nameEn : c.nameKo })),
  };
}

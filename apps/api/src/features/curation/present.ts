import type { BannerRow, ClientRow } from './queries.ts';

/** SPEC §3 Banner: id, url, image, level (plus the alt text of the slide). */
export const presentBanner = (row: BannerRow) => ({ id: row.id, url: row.url, image: row.image, alt: row.alt, level: row.level });

/** SPEC §3 Client (partner): id, url, image, benefit, level (plus the partner's name for the logo's alt). */
export const presentClient = (row: ClientRow) => ({
  id: row.id,
  name: row.name,
  url: row.url,
  image: row.image,
  benefit: row.benefit,
  level: row.level,
});

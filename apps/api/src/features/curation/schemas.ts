import { z } from 'zod';
import { BANNER_ALT_MAX, BENEFIT_MAX, CLIENT_NAME_MAX, LINK_URL_MAX, LINK_URL_PATTERN, MEDIA_KEY_MAX } from '@axoo/contract';

import { curationLevel } from '../../domain/curation/level.ts';

export { curationLevel };

const linkUrl = z.string().trim().max(LINK_URL_MAX).regex(LINK_URL_PATTERN, 'curation.invalid_url');
const image = z.string().trim().min(1, 'curation.image_required').max(MEDIA_KEY_MAX);

/** The whole banner record (SPEC §7: PUT with the whole record and the changed level). */
export const bannerBody = z.object({
  url: linkUrl.default(''),
  image,
  alt: z.string().trim().max(BANNER_ALT_MAX).default(''),
  level: curationLevel,
});
export type BannerBody = z.infer<typeof bannerBody>;

export const clientBody = z.object({
  name: z.string().trim().max(CLIENT_NAME_MAX).default(''),
  url: linkUrl.default(''),
  image,
  benefit: z.string().trim().max(BENEFIT_MAX).default(''),
  level: curationLevel,
});
export type ClientBody = z.infer<typeof clientBody>;

/** The console answers the records as the site data shows them (the contract's schemas). */
export { BannerSchema as bannerOut, ClientSchema as clientOut } from '@axoo/contract';

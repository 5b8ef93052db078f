import { localisedName, mediaUrl, profileSlugOf } from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseUrl } from '../../http/paging.ts';
import type { ShareMeta } from '../../pages/host.ts';
import { canViewArtwork } from '../artworks/scope.ts';
import { NOAI } from '../rights/headers.ts';
import * as q from './queries.ts';

/** Messengers and social networks want an image at least 1200 px wide (the media route never upscales). */
const SHARE_WIDTH = 1200;

const imageUrl = (request: FastifyRequest, key: string) => `${baseUrl(request)}${mediaUrl(key, SHARE_WIDTH)}`;

/** Plain text of stored HTML, shortened for a description. */
export function excerpt(html: string, max = 200): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Rendered size of the share image: the original's proportion at SHARE_WIDTH, or its own size when smaller. */
function scaled(width: number | null, height: number | null) {
  if (!width || !height) return {};
  const w = Math.min(width, SHARE_WIDTH);
  return { imageWidth: w, imageHeight: Math.round((height * w) / width) };
}

/**
 * Share previews (issue #5): Open Graph and Twitter card tags in the served HTML for an artwork,
 * a profile and an invite. Hidden artworks fall through to the site's default tags.
 */
export async function shareRoutes(app: FastifyInstance) {
  const site = app.config.SITE_NAME;

  app.shareMeta.push(async (pathname, request): Promise<ShareMeta | null> => {
    const m = /^\/artwork\/(\d{1,9})\/$/.exec(pathname);
    if (!m) return null;
    const row = await q.artworkPreview(app.db, Number(m[1]));
    if (!row || !canViewArtwork(request.user, row)) return null;
    const category = row.categoryKo && row.categoryEn ? localisedName(request.lang, { nameKo: row.categoryKo, nameEn: row.categoryEn }) : null;
    const key = row.cover || row.croppedCover;
    return {
      type: 'article',
      title: `${row.title || site} · ${row.authorName}`,
      description: [row.authorName, category].filter(Boolean).join(' · '),
      ...(key ? { image: imageUrl(request, key), imageAlt: row.coverAlt || row.title, ...scaled(row.width, row.height) } : {}),
      ...(row.aiOptOut ? { robots: NOAI } : {}),
    };
  });

  app.shareMeta.push(async (pathname, request): Promise<ShareMeta | null> => {
    const m = /^\/goodluck\/(\d{1,9})\/$/.exec(pathname);
    if (!m) return null;
    const row = await q.invitePreview(app.db, Number(m[1]));
    if (!row) return null;
    const key = row.background || row.logo;
    return {
      title: `${row.title} · ${site}`,
      description: row.subtitle || excerpt(row.description) || row.title,
      ...(key ? { image: imageUrl(request, key), imageAlt: row.title } : {}),
    };
  });

  app.shareMeta.push(async (pathname, request): Promise<ShareMeta | null> => {
    const slug = profileSlugOf(pathname);
    if (!slug) return null;
    const row = await q.profilePreview(app.db, slug);
    if (!row) return null;
    const key = row.banner || row.avatar;
    return {
      type: 'profile',
      title: `${row.name} (@${row.username}) · ${site}`,
      description: excerpt(row.biography) || (request.lang === 'en' ? `${row.name}'s portfolio on ${site}` : `${site}의 ${row.name} 포트폴리오`),
      ...(key ? { image: imageUrl(request, key), imageAlt: (row.banner ? row.bannerAlt : row.avatarAlt) || row.name } : {}),
      ...(row.aiOptOut ? { robots: NOAI } : {}),
    };
  });
}

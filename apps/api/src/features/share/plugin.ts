import { artworkIdOfPath, inviteIdOfPath, localisedName, mediaUrl, profileSlugOf } from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { baseUrl } from '../../http/paging.ts';
import type { ShareMeta } from '../../html/page-hooks.ts';
import { canViewArtwork } from '../../domain/artworks/scope.ts';
import { NOAI } from '../../domain/rights/headers.ts';
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

/** The page's robots directives: `noindex` for link-only work (issue #34), NoAI for work reserved from AI training. */
function robotsOf(row: { unlisted: boolean; aiOptOut: boolean }) {
  const robots = [row.unlisted ? 'noindex' : '', row.aiOptOut ? NOAI : ''].filter(Boolean).join(', ');
  return robots ? { robots } : {};
}

/** Rendered size of the share image: the original's proportion at SHARE_WIDTH, or its own size when smaller. */
function scaled(width: number | null, height: number | null) {
  if (!width || !height) return {};
  const w = Math.min(width, SHARE_WIDTH);
  return { imageWidth: w, imageHeight: Math.round((height * w) / width) };
}

/**
 * Named plugin `share`: share previews (issue #5), Open Graph and Twitter card tags in the served HTML for an artwork,
 * a profile and an invite, given to the page host. Hidden artworks fall through to the site's default tags. No routes.
 */
export const sharePlugin = fp(
  async (app: FastifyInstance) => {
    const site = app.config.SITE_NAME;

    app.shareMeta.push(async (pathname, request): Promise<ShareMeta | null> => {
      const id = artworkIdOfPath(pathname);
      if (id === null) return null;
      const row = await q.artworkPreview(app.db, id);
      if (!row || !canViewArtwork(request.user, row)) return null;
      const category = row.categoryKo && row.categoryEn ? localisedName(request.lang, { nameKo: row.categoryKo, nameEn: row.categoryEn }) : null;
      const key = row.cover || row.croppedCover;
      return {
        type: 'article',
        title: `${row.title || site} · ${row.authorName}`,
        description: [row.authorName, category].filter(Boolean).join(' · '),
        ...(key ? { image: imageUrl(request, key), imageAlt: row.coverAlt || row.title, ...scaled(row.width, row.height) } : {}),
        // Issue #34 (2): a link-only project's page is kept out of search engines.
        ...robotsOf(row),
      };
    });

    app.shareMeta.push(async (pathname, request): Promise<ShareMeta | null> => {
      const id = inviteIdOfPath(pathname);
      if (id === null) return null;
      const row = await q.invitePreview(app.db, id);
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
  },
  { name: 'share', dependencies: ['spa'] },
);

import { artworkIdOfPath, artworkPath, inviteIdOfPath, invitePath, licenceOf, mediaUrl, profileSlugOf } from '@axoo/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { baseUrl } from '../../http/paging.ts';
import { escapeHtml, jsonLdTag } from '../../html/escape.ts';
import * as q from './queries.ts';

const SOCIAL = ['website', 'instagram', 'facebook', 'twitter', 'pinterest', 'tumblr', 'youtube', 'vimeo'] as const;
/** Only addresses: social fields may hold a bare handle, which is no URL for `sameAs`. */
const isUrl = (v: string) => /^https?:\/\/\S+$/.test(v);

const oembedLink = (base: string, page: string, title: string) =>
  `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${base}/api/oembed?url=${encodeURIComponent(page)}&format=json`)}" title="${escapeHtml(title)}">`;
const feedLink = (href: string, title: string) => `<link rel="alternate" type="application/atom+xml" href="${escapeHtml(href)}" title="${escapeHtml(title)}">`;

function person(base: string, a: { name: string; slug: string; avatar?: string; website?: string } & Partial<Record<(typeof SOCIAL)[number], string>>) {
  const sameAs = SOCIAL.map((k) => a[k] ?? '').filter(isUrl);
  return {
    '@type': 'Person',
    name: a.name,
    url: `${base}/${a.slug}/`,
    ...(a.avatar ? { image: `${base}${mediaUrl(a.avatar)}` } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/**
 * Issue #18, the head of public pages beyond share tags: schema.org JSON-LD (VisualArtwork, Person, Event), the
 * oEmbed discovery link of artworks and profiles, and the Atom feeds. What anyone may see only: a hidden artwork,
 * a non-member or a call under review gets nothing, whoever is looking.
 */
export function discoveryHead(deps: Deps) {
  return async (pathname: string, request: FastifyRequest): Promise<string | null> => {
    const base = baseUrl(request);
    const site = deps.config.SITE_NAME;
    const artworkId = artworkIdOfPath(pathname);
    if (artworkId !== null) {
      const a = await q.visibleArtwork(deps.db, artworkId);
      if (!a) return null;
      const page = `${base}${artworkPath(a.id)}`;
      const key = a.cover || a.croppedCover;
      const licence = a.licenceChosen
        ? licenceOf({ attribution: a.attribution, non_commercial: a.nonCommercial, no_derivative_works: a.noDerivativeWorks, share_alike: a.shareAlike })
        : null;
      const data = {
        '@context': 'https://schema.org',
        '@type': 'VisualArtwork',
        name: a.title,
        url: page,
        ...(key
          ? {
              image: {
                '@type': 'ImageObject',
                contentUrl: `${base}${mediaUrl(key)}`,
                caption: a.coverAlt || a.title,
                ...(a.width && a.height ? { width: a.width, height: a.height } : {}),
              },
            }
          : {}),
        creator: person(base, { name: a.authorName, slug: a.authorSlug }),
        dateCreated: (a.publishedAt ?? a.created).toISOString(),
        dateModified: a.updated.toISOString(),
        ...(licence ? { license: `https://creativecommons.org/licenses/${licence}/4.0/` } : {}),
        ...(a.tags.length ? { keywords: a.tags.join(', ') } : {}),
      };
      return `${jsonLdTag(data)}${oembedLink(base, page, a.title)}`;
    }
    const inviteId = inviteIdOfPath(pathname);
    if (inviteId !== null) {
      const i = await q.listedInviteById(deps.db, inviteId);
      if (!i) return null;
      const image = i.background || i.logo;
      const data = {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: i.title,
        description: i.subtitle || i.title,
        url: `${base}${invitePath(i.id)}`,
        startDate: i.created.toISOString(),
        ...(i.closed ? { endDate: i.closed.toISOString() } : {}),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: { '@type': 'VirtualLocation', url: `${base}${invitePath(i.id)}` },
        organizer: { '@type': 'Organization', name: i.ownerName, url: `${base}/${i.ownerSlug}/` },
        ...(image ? { image: `${base}${mediaUrl(image)}` } : {}),
      };
      return jsonLdTag(data);
    }
    if (pathname === '/' || pathname.startsWith('/gallery/')) return feedLink(`${base}/feeds/artworks.atom`, request.t('discovery.feed_newest', { site }));
    const slug = profileSlugOf(pathname);
    if (!slug) return null;
    const artist = await q.listedArtistBySlug(deps.db, slug);
    if (!artist) return null;
    const page = `${base}/${artist.slug}/`;
    const data = {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: page,
      dateModified: artist.updated.toISOString(),
      mainEntity: person(base, artist),
    };
    return `${jsonLdTag(data)}${oembedLink(base, page, artist.name)}${feedLink(`${page}feed.atom`, request.t('discovery.feed_artist', { site, name: artist.name }))}`;
  };
}

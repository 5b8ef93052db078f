import { artworkIdOfPath, artworkPath, invitePath, type Lang, licenceOf, mediaUrl, profileSlugOf, RENDITION_WIDTHS, translate } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import * as q from './queries.ts';
import { el, XML_HEAD, xmlText } from './xml.ts';

/** Sitemaps page at this many URLs (the protocol's limit is 50,000; smaller pages are cheaper to build). */
export const SITEMAP_PAGE = 10_000;
/** Entries of an Atom feed. */
export const FEED_SIZE = 50;
export const SITEMAP_KINDS = ['artworks', 'profiles', 'invites'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The public pages that are not records, listed in the first sitemap page. */
const STATIC_PAGES = [
  '/',
  '/gallery/all/',
  '/goodluck/',
  '/about/artists/registration-process/',
  '/about/brands-and-agencies/',
  '/about/collectors/',
  '/about/axoo-agency/',
  '/about/contact/',
];

const iso = (d: Date) => d.toISOString();
const licenceUrl = (code: string) => `https://creativecommons.org/licenses/${code}/4.0/`;
/** The largest rendition no wider than `max` (the smallest when none is). */
const widthAtMost = (max: number) => [...RENDITION_WIDTHS].reverse().find((w) => w <= max) ?? RENDITION_WIDTHS[0];

/** `/sitemap.xml`: one entry per page of each kind (the static pages ride with the first artworks page). */
export async function sitemapIndex(deps: Deps, base: string): Promise<string> {
  const lastmods = await q.sitemapLastmods(deps.db, SITEMAP_PAGE);
  const entries: string[] = [];
  for (const kind of SITEMAP_KINDS) {
    const pages = lastmods[kind];
    // The first artworks page always exists: it carries the static pages.
    if (kind === 'artworks' && !pages.length) pages.push({ page: 0, lastmod: new Date(0) });
    for (const { page, lastmod } of pages) {
      const stamp = lastmod.getTime() ? `<lastmod>${iso(lastmod)}</lastmod>` : '';
      entries.push(`<sitemap><loc>${xmlText(`${base}/sitemaps/${kind}-${page + 1}.xml`)}</loc>${stamp}</sitemap>`);
    }
  }
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
}

/** One URL with its ko/en alternates and images. */
function urlEntry(base: string, path: string, lastmod: Date | null, images: string[]): string {
  const loc = `${base}${path}`;
  const alternates = (['ko', 'en'] as const).map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlText(`${loc}?lang=${l}`)}"/>`).join('');
  const pictures = images
    .filter(Boolean)
    .map((key) => `<image:image><image:loc>${xmlText(`${base}${mediaUrl(key)}`)}</image:loc></image:image>`)
    .join('');
  return `<url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${iso(lastmod)}</lastmod>` : ''}${alternates}${pictures}</url>`;
}

/** `/sitemaps/<kind>-<n>.xml`: page n (from 1) of visible artworks, member profiles or listed invites. */
export async function sitemapPage(deps: Deps, base: string, kind: SitemapKind, page: number): Promise<string> {
  const offset = (page - 1) * SITEMAP_PAGE;
  let urls: string[];
  if (kind === 'artworks') {
    const rows = await q.sitemapArtworks(deps.db, SITEMAP_PAGE, offset);
    urls = rows.map((r) => urlEntry(base, artworkPath(r.id), r.updated, [r.cover || r.croppedCover]));
    if (page === 1) urls.unshift(...STATIC_PAGES.map((path) => urlEntry(base, path, null, [])));
    else if (!rows.length) throw notFound();
  } else if (kind === 'profiles') {
    const rows = await q.sitemapProfiles(deps.db, SITEMAP_PAGE, offset);
    if (!rows.length) throw notFound();
    urls = rows.map((r) => urlEntry(base, `/${r.slug}/`, r.updated, [r.avatar, r.banner]));
  } else {
    const rows = await q.sitemapInvites(deps.db, SITEMAP_PAGE, offset);
    if (!rows.length) throw notFound();
    urls = rows.map((r) => urlEntry(base, invitePath(r.id), r.lastmod, [r.background || r.logo]));
  }
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

type FeedArtwork = Awaited<ReturnType<typeof q.newestArtworks>>[number];

function feedEntry(base: string, a: FeedArtwork): string {
  const url = `${base}${artworkPath(a.id)}`;
  const key = a.cover || a.croppedCover;
  const licence = a.licenceChosen
    ? licenceOf({ attribution: a.attribution, non_commercial: a.nonCommercial, no_derivative_works: a.noDerivativeWorks, share_alike: a.shareAlike })
    : null;
  const picture = key ? `<p><img src="${xmlText(`${base}${mediaUrl(key, 960)}`)}" alt="${xmlText(a.coverAlt || a.title)}"></p>` : '';
  return [
    '<entry>',
    el('id', url),
    `<title type="text">${xmlText(a.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
    el('published', iso(a.publishedAt ?? a.created)),
    el('updated', iso(a.updated)),
    `<author>${el('name', a.authorName)}${el('uri', `${base}/${a.authorSlug}/`)}</author>`,
    ...a.tags.map((t) => `<category term="${xmlText(t)}"/>`),
    licence ? `<rights>${xmlText(`CC ${licence.toUpperCase()} 4.0 ${licenceUrl(licence)}`)}</rights>` : '',
    key ? `<link rel="enclosure" href="${xmlText(`${base}${mediaUrl(key)}`)}"/>` : '',
    `<content type="html">${xmlText(`${picture}${a.content}`)}</content>`,
    '</entry>',
  ].join('');
}

export interface Feed {
  xml: string;
  /** Whether an entry is reserved from AI training (the answer then carries the opt-out headers). */
  reserved: boolean;
}

function feed(base: string, lang: Lang, self: string, alternate: string, title: string, entries: FeedArtwork[]): Feed {
  const updated = entries.reduce((max, a) => (a.updated > max ? a.updated : max), new Date(0));
  const xml = [
    XML_HEAD,
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    el('id', `${base}${self}`),
    `<title type="text">${xmlText(title)}</title>`,
    el('updated', iso(updated)),
    `<link rel="self" type="application/atom+xml" href="${xmlText(`${base}${self}`)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(`${base}${alternate}`)}"/>`,
    ...entries.map((a) => feedEntry(base, a)),
    '</feed>\n',
  ].join('');
  return { xml, reserved: entries.some((a) => a.aiOptOut) };
}

/** `/feeds/artworks.atom`: the gallery's newest visible work. */
export async function galleryFeed(deps: Deps, base: string, lang: Lang): Promise<Feed> {
  const entries = await q.newestArtworks(deps.db, FEED_SIZE);
  return feed(base, lang, '/feeds/artworks.atom', '/gallery/all/', translate(lang, 'discovery.feed_newest', { site: deps.config.SITE_NAME }), entries);
}

/** `/<slug>/feed.atom`: a member's newest visible work (a non-member has no feed). */
export async function artistFeed(deps: Deps, base: string, lang: Lang, slug: string): Promise<Feed> {
  const artist = await q.listedArtistBySlug(deps.db, slug);
  if (!artist) throw notFound();
  const entries = await q.newestArtworks(deps.db, FEED_SIZE, artist.id);
  const title = translate(lang, 'discovery.feed_artist', { site: deps.config.SITE_NAME, name: artist.name });
  const out = feed(base, lang, `/${artist.slug}/feed.atom`, `/${artist.slug}/`, title, entries);
  return { ...out, reserved: out.reserved || artist.aiOptOut };
}

export interface OEmbedQuery {
  url?: string;
  format?: string;
  maxwidth?: string;
  maxheight?: string;
}

/** The path of one of this site's pages, or null for another site's address. */
function ownPath(base: string, raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, `${base}/`);
  } catch {
    return null;
  }
  return url.origin === new URL(base).origin ? url.pathname : null;
}

const positive = (raw: string | undefined, field: string) => {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) === 0) throw badRequest({ [field]: 'field.invalid_number' });
  return Number(raw);
};

/**
 * `GET /api/oembed` (oembed.com): a visible artwork is a photo (its cover at the largest rendition within
 * maxwidth/maxheight), a member's profile a link. Another site's address, hidden work and unknown pages are 404;
 * any format but json is a 400 under `format` (oEmbed suggests 501, but bad input is a 400 with a field message here
 * like everywhere else, and a 5xx would read as a server fault to monitors and to the security suite).
 */
export async function oembed(deps: Deps, base: string, query: OEmbedQuery) {
  if (!query.url) throw badRequest({ url: 'discovery.url_required' });
  if (query.format && query.format !== 'json') throw badRequest({ format: 'discovery.format_unsupported' });
  const maxWidth = positive(query.maxwidth, 'maxwidth');
  const maxHeight = positive(query.maxheight, 'maxheight');
  const path = ownPath(base, query.url);
  if (!path) throw notFound();
  const common = { version: '1.0', provider_name: deps.config.SITE_NAME, provider_url: `${base}/`, cache_age: 3600 };
  // An embed's address may leave out the page's trailing slash.
  const artworkId = artworkIdOfPath(path.endsWith('/') ? path : `${path}/`);
  if (artworkId !== null) {
    const a = await q.visibleArtwork(deps.db, artworkId);
    if (!a) throw notFound();
    const who = { title: a.title, author_name: a.authorName, author_url: `${base}/${a.authorSlug}/` };
    const key = a.cover || a.croppedCover;
    if (!key || !a.width || !a.height) return { body: { type: 'link', ...common, ...who }, reserved: a.aiOptOut };
    // Issue #34 (6): never wider than the project's cap on public renditions.
    let width: number = widthAtMost(Math.min(maxWidth ?? a.width, a.width, a.maxPublicWidth ?? a.width));
    if (maxHeight) width = Math.min(width, widthAtMost(Math.floor((maxHeight * a.width) / a.height)));
    const thumb = widthAtMost(480);
    return {
      body: {
        type: 'photo',
        ...common,
        ...who,
        url: `${base}${mediaUrl(key, width)}`,
        width,
        height: Math.round((a.height * width) / a.width),
        thumbnail_url: `${base}${mediaUrl(key, thumb)}`,
        thumbnail_width: thumb,
        thumbnail_height: Math.round((a.height * thumb) / a.width),
      },
      reserved: a.aiOptOut,
    };
  }
  const slug = profileSlugOf(path.endsWith('/') ? path : `${path}/`);
  const artist = slug ? await q.listedArtistBySlug(deps.db, slug) : null;
  if (!artist) throw notFound();
  const thumbKey = artist.avatar || artist.banner;
  return {
    body: {
      type: 'link',
      ...common,
      title: artist.name,
      author_name: artist.name,
      author_url: `${base}/${artist.slug}/`,
      ...(thumbKey ? { thumbnail_url: `${base}${mediaUrl(thumbKey, 480)}`, thumbnail_width: 480, thumbnail_height: 480 } : {}),
    },
    reserved: artist.aiOptOut,
  };
}

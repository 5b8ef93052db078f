import type { FastifyRequest } from 'fastify';

/**
 * What a feature gives the page host (`pages/host.ts`) for its pages: share-preview tags, further head tags, first
 * queries and the global page data. The host knows no feature; features push to these decorations in their plugin.
 */

/** Open Graph / Twitter card data for a shared link (DESIGN: share previews in the served HTML). */
export interface ShareMeta {
  title: string;
  description: string;
  image?: string;
  imageAlt?: string;
  imageWidth?: number;
  imageHeight?: number;
  type?: string;
  /** The page's robots directives (issue #18: `noai, noimageai` for work reserved from AI training). */
  robots?: string;
}
export type ShareMetaResolver = (pathname: string, request: FastifyRequest) => Promise<ShareMeta | null>;
/**
 * More tags for a page's head (issue #18: JSON-LD, oEmbed and feed discovery links). Unlike share tags, every
 * resolver that knows the path contributes; each returns finished, escaped markup or null.
 */
export type HeadTagsResolver = (pathname: string, request: FastifyRequest) => Promise<string | null>;

/** An image to preload in the head, as the page's `<img>` asks for it (srcset and sizes included). */
export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

/**
 * An API answer the page will ask for at once, inlined into the HTML under the query key the web
 * client uses, so the first paint of that page needs no further request.
 */
export interface Prefetch {
  key: unknown[];
  /** An infinite query's first page. */
  infinite?: boolean;
  /** The API address of the answer; the feature that owns its route registered the route's loader (`PageLoader`). */
  url: string;
  /** Images of the answer that are the page's largest paint, as the page's `<img>` asks for them. */
  images?: (answer: unknown) => PreloadImage[];
  /** A query the page asks for once this answer is in (a profile's first projects need its id). */
  next?: (answer: unknown) => Prefetch | null;
  /** The browser asks again after hydration (see PrefetchedQuery). */
  stale?: boolean;
}
export type PrefetchResolver = (pathname: string, search: string) => Prefetch | null;

/** What a loader is asked for: the route's path parameters and query, and the API address (its answer's links). */
export interface PageQuery {
  params: Record<string, string>;
  query: Record<string, string>;
  url: string;
}
/**
 * The answer of a GET route for a page's first query, without an HTTP request: the JSON text the route answers the
 * page's viewer, in the page's language (the function the route's handler calls); null, or a thrown error (a 404),
 * when the route would not answer 200.
 */
export type PageLoader = (request: FastifyRequest, input: PageQuery) => Promise<string | null>;
/** A feature's loader for one of its GET routes, by the route's path (`/api/v1/artworks/:id/`). */
export interface PageLoaderEntry {
  route: string;
  load: PageLoader;
}

/** The global page data (JSON text) for a request's viewer and language; the site feature provides it. */
export type GlobalPageData = (request: FastifyRequest) => Promise<string>;
/** The largest paint's images that come from the global page data (home's first banner), by path. */
export type GlobalPageImages = (pathname: string, site: unknown) => PreloadImage[];

declare module 'fastify' {
  interface FastifyInstance {
    /** Page data that features provide to every page (the host knows no feature). */
    pageData: { global: GlobalPageData | null; images: GlobalPageImages | null };
    /** Features push resolvers for their routes (artwork, profile, invite); the first match wins. */
    shareMeta: ShareMetaResolver[];
    /** Features push resolvers of further head tags (JSON-LD, discovery links); all that answer are added. */
    headTags: HeadTagsResolver[];
    /** Features push the first queries of their pages (e.g. the gallery's first page). */
    prefetch: PrefetchResolver[];
    /** Features push the loaders of the GET routes that first queries name (`Prefetch.url`). */
    pageLoaders: PageLoaderEntry[];
  }
}

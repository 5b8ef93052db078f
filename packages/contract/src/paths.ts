/**
 * The web's page paths that both sides build or read: one definition each, so a link the API writes (a notice, a
 * mail, a sitemap) and a path the page host or a share preview parses follow the same rule (one trailing slash).
 */

/** An artwork's page. */
export const artworkPath = (id: number) => `/artwork/${id}/`;
/** Issue #34 (3): a review link's page (the token is the link's secret). */
export const reviewPath = (token: string) => `/review/${token}/`;
const REVIEW_PAGE = /^\/review\/([A-Za-z0-9_-]{16,64})\/$/;
/** The token of a review page's path, or null. */
export const reviewTokenOfPath = (pathname: string) => REVIEW_PAGE.exec(pathname)?.[1] ?? null;
/** An open call's page. */
export const invitePath = (id: number) => `/goodluck/${id}/`;

/** Issue #31: the page of an artwork's repost hold (its uploader, the matched artists, staff). */
export const holdPath = (artworkId: number) => `/holds/${artworkId}/`;
/** Issue #31: the page of the takedown notices on an artwork (its uploader answers there). */
export const noticesPath = (artworkId: number) => `/notices/${artworkId}/`;

const ARTWORK_PAGE = /^\/artwork\/(\d{1,9})\/$/;
const INVITE_PAGE = /^\/goodluck\/(\d{1,9})\/$/;

/** The artwork a page path shows (`/artwork/{id}/`), or null. */
export function artworkIdOfPath(path: string): number | null {
  const m = ARTWORK_PAGE.exec(path);
  return m ? Number(m[1]) : null;
}

/** The open call a page path shows (`/goodluck/{id}/`), or null. */
export function inviteIdOfPath(path: string): number | null {
  const m = INVITE_PAGE.exec(path);
  return m ? Number(m[1]) : null;
}

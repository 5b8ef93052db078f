import { createContext, useContext } from 'react';

/**
 * The site's origin for absolute links (share links, Pinterest images). In the browser it is the
 * page's own; the server renderer provides the request's, so both render the same markup.
 */
export const OriginContext = createContext<string | null>(null);

/** Turns a path of this site into an absolute URL. */
export function useAbsoluteUrl(): (path: string) => string {
  const origin = useContext(OriginContext) ?? window.location.origin;
  return (path) => new URL(path, origin).toString();
}

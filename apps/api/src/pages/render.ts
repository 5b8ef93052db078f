import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PrefetchedQuery } from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The web build's server renderer (`apps/web/src/entry-server.tsx`, built into `<dist>/server`). */
export interface Renderer {
  render(input: { url: string; origin: string; lang: string; site: unknown; prefetched: PrefetchedQuery[] }): Promise<string>;
}

/** Loads the web build's server renderer when the build has one; without it pages render in the browser. */
export async function loadRenderer(file: string, app: FastifyInstance): Promise<Renderer | null> {
  if (!existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as Renderer;
  } catch (err) {
    app.log.warn({ err }, 'the server renderer did not load; pages render in the browser');
    return null;
  }
}

/** The page's markup rendered by React for this request, or '' (the browser renders it) when rendering fails. */
export function renderPage(
  renderer: Renderer,
  request: FastifyRequest,
  input: { url: string; origin: string; site: unknown; prefetched: PrefetchedQuery[] },
): Promise<string> {
  return renderer.render({ ...input, lang: request.lang }).catch((err) => {
    // The browser renders the page itself, as it would without a server renderer.
    request.log.warn({ err, url: request.url }, 'server rendering failed');
    return '';
  });
}

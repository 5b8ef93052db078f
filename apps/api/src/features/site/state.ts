import type { Lang, SiteData } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../domain/users/user.ts';
import { buildPublicSiteData, type PublicSiteData, withViewer } from './service.ts';

const TTL_MS = 5_000;

export interface SiteDataCache {
  /** The global page data as JSON text; a guest's is the same for everyone of a language and kept serialised. */
  json(viewer: UserRow | null, lang: Lang): Promise<string>;
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    siteData: SiteDataCache;
  }
}

/**
 * Named plugin `site-data`: the public part of the global page data per language, kept a few seconds and
 * cleared by any change (lists, banners, clients, levels, best projects), so no feature clears it by hand.
 */
export const siteDataPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new Map<Lang, { at: number; data: Promise<PublicSiteData>; guestJson?: Promise<string> }>();
    const entry = (lang: Lang) => {
      const hit = cache.get(lang);
      if (hit && Date.now() - hit.at < TTL_MS) return hit;
      const data = buildPublicSiteData(app, lang);
      const made: { at: number; data: Promise<PublicSiteData>; guestJson?: Promise<string> } = { at: Date.now(), data };
      cache.set(lang, made);
      data.catch(() => cache.get(lang) === made && cache.delete(lang));
      return made;
    };
    const siteData: SiteDataCache = {
      json(viewer, lang) {
        const current = entry(lang);
        if (viewer) return current.data.then(async (d) => JSON.stringify(await withViewer(app, d, viewer, lang)));
        current.guestJson ??= current.data.then((d) => JSON.stringify({ ...d, user: null } satisfies SiteData));
        return current.guestJson;
      },
      clear: () => cache.clear(),
    };
    app.decorate('siteData', siteData);
    app.changes.subscribe(() => siteData.clear());
  },
  { name: 'site-data', dependencies: ['db', 'changes'] },
);

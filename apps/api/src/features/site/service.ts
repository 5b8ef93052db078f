import { type Lang, localisedName } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../accounts/user.ts';
import { presentUser } from '../accounts/present.ts';
import { listUserCategories } from '../accounts/user.ts';
import { presentArtwork } from '../artworks/present.ts';
import { relationsOf } from '../artworks/read-model.ts';
import * as q from './queries.ts';

/** The public part of the global page data: the same for every guest of a language. */
async function buildPublicSiteData(app: FastifyInstance, lang: Lang) {
  const db = app.db;
  const [cats, flds, cons, cols, bans, clis, best] = await Promise.all([
    q.listCategories(db),
    q.listFields(db),
    q.listConcepts(db),
    q.listColors(db),
    q.listBanners(db),
    q.listClients(db),
    q.listBestProjects(db),
  ]);
  const rel = await relationsOf(db, best, null);
  return {
    site_name: app.config.SITE_NAME,
    categories: cats.map((c) => ({
      id: c.id,
      category: c.category,
      name: localisedName(lang, c),
      name_ko: c.nameKo,
      name_en: c.nameEn,
      is_primary: c.isPrimary,
    })),
    primary_categories: cats.filter((c) => c.isPrimary).map((c) => c.category),
    fields: flds.map((f) => ({ id: f.id, field: f.field, name: localisedName(lang, f), name_ko: f.nameKo, name_en: f.nameEn })),
    concepts: cons.map((c) => ({ id: c.id, concept: c.concept, name: localisedName(lang, c), name_ko: c.nameKo, name_en: c.nameEn })),
    colors: cols.map((c) => ({ id: c.id, code: c.code, name: localisedName(lang, c), name_ko: c.nameKo, name_en: c.nameEn })),
    banners: bans.map((b) => ({ id: b.id, url: b.url, image: b.image, alt: b.alt, level: b.level })),
    clients: clis.map((c) => ({ id: c.id, name: c.name, url: c.url, image: c.image, benefit: c.benefit, level: c.level })),
    best_projects: best.map((row) => presentArtwork(row, rel, lang)),
    links: {
      edition: app.config.EDITION_URL,
      membership: app.config.MEMBERSHIP_URL,
      about: app.config.ABOUT_URL,
      privacy: app.config.PRIVACY_URL,
      terms: app.config.TERMS_URL,
      instagram: app.config.INSTAGRAM_URL,
      deletion_form: app.config.DELETION_FORM_URL,
    },
    services: { sentry_dsn: app.config.SENTRY_DSN ?? null, analytics_id: app.config.ANALYTICS_ID ?? null, pixel_id: app.config.PIXEL_ID ?? null },
  };
}
export type PublicSiteData = Awaited<ReturnType<typeof buildPublicSiteData>>;

const TTL_MS = 5_000;

export interface SiteData {
  /** The global page data as JSON text; a guest's is the same for everyone of a language and kept serialised. */
  json(viewer: UserRow | null, lang: Lang): Promise<string>;
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    siteData: SiteData;
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
    const siteData: SiteData = {
      json(viewer, lang) {
        const current = entry(lang);
        if (viewer) return current.data.then(async (d) => JSON.stringify(await withViewer(app, d, viewer, lang)));
        current.guestJson ??= current.data.then((d) => JSON.stringify({ ...d, user: null }));
        return current.guestJson;
      },
      clear: () => cache.clear(),
    };
    app.decorate('siteData', siteData);
    app.changes.subscribe(() => siteData.clear());
  },
  { name: 'site-data', dependencies: ['db', 'changes'] },
);

/** SPEC §3 "global page data" with the current user: only their collection marks and categories differ. */
async function withViewer(app: FastifyInstance, data: PublicSiteData, viewer: UserRow, lang: Lang) {
  const [cats, rel] = await Promise.all([
    listUserCategories(app.db, viewer.id),
    // Only the viewer's collection marks differ from the guest answer.
    q.viewerCollections(
      app.db,
      viewer.id,
      data.best_projects.map((a) => a.id),
    ),
  ]);
  return {
    ...data,
    best_projects: data.best_projects.map((a) => ({ ...a, collection: rel.get(a.id) ?? null })),
    user: presentUser.current(viewer, lang, cats),
  };
}

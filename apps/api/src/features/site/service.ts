import type { Lang } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../http/sessions.ts';
import { presentCurrentUser } from '../accounts/present.ts';
import { presentArtwork } from '../artworks/present.ts';
import { loadArtworkRelations } from '../artworks/queries.ts';
import * as q from './queries.ts';

const nameIn = (lang: Lang, r: { nameKo: string; nameEn: string }) => (lang === 'en' ? r.nameEn : r.nameKo);

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
  const rel = await loadArtworkRelations(db, best, null);
  return {
    site_name: app.config.SITE_NAME,
    categories: cats.map((c) => ({ id: c.id, category: c.category, name: nameIn(lang, c), name_ko: c.nameKo, name_en: c.nameEn, is_primary: c.isPrimary })),
    primary_categories: cats.filter((c) => c.isPrimary).map((c) => c.category),
    fields: flds.map((f) => ({ id: f.id, field: f.field, name: nameIn(lang, f), name_ko: f.nameKo, name_en: f.nameEn })),
    concepts: cons.map((c) => ({ id: c.id, concept: c.concept, name: nameIn(lang, c), name_ko: c.nameKo, name_en: c.nameEn })),
    colors: cols.map((c) => ({ id: c.id, code: c.code, name: nameIn(lang, c), name_ko: c.nameKo, name_en: c.nameEn })),
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
/**
 * Keyed by the app's database, not the instance: each feature plugin sees its own encapsulated
 * child instance, while `app.db` is the one object they all share.
 */
const cache = new WeakMap<object, Map<Lang, { at: number; data: Promise<PublicSiteData>; guestJson?: Promise<string> }>>();

/** Staff changes to lists, banners, clients or levels call this so the next request rebuilds. */
export function invalidateSiteData(app: FastifyInstance) {
  cache.delete(app.db);
}

function cacheEntry(app: FastifyInstance, lang: Lang) {
  let perApp = cache.get(app.db);
  if (!perApp) {
    perApp = new Map();
    cache.set(app.db, perApp);
  }
  const hit = perApp.get(lang);
  if (hit && Date.now() - hit.at < TTL_MS) return hit;
  const data = buildPublicSiteData(app, lang);
  const entry = { at: Date.now(), data } as { at: number; data: Promise<PublicSiteData>; guestJson?: Promise<string> };
  perApp.set(lang, entry);
  const map = perApp;
  data.catch(() => map.delete(lang));
  return entry;
}

const publicSiteData = (app: FastifyInstance, lang: Lang) => cacheEntry(app, lang).data;

/**
 * The global page data as JSON text. A guest's answer is the same for everyone of a language,
 * so its serialisation is cached with the data (the hot path of the home page and the API).
 */
export function siteDataJson(app: FastifyInstance, viewer: UserRow | null, lang: Lang): Promise<string> {
  if (viewer) return getSiteData(app, viewer, lang).then((d) => JSON.stringify(d));
  const entry = cacheEntry(app, lang);
  entry.guestJson ??= entry.data.then((d) => JSON.stringify({ ...d, user: null }));
  return entry.guestJson;
}

/** SPEC §3 "global page data", plus the current user (or null). */
export async function getSiteData(app: FastifyInstance, viewer: UserRow | null, lang: Lang) {
  const data = await publicSiteData(app, lang);
  if (!viewer) return { ...data, user: null };
  const [cats, rel] = await Promise.all([
    q.userCategoryCodes(app.db, viewer.id),
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
    user: presentCurrentUser(
      viewer,
      cats.map((c) => ({ category: c.code, name: nameIn(lang, c) })),
    ),
  };
}

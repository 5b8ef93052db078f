import { type Lang, localisedName, type SiteData } from '@axoo/contract';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { presentUser } from '../../domain/users/present.ts';
import { listUserCategories } from '../../domain/users/user.ts';
import { presentArtwork } from '../../domain/artworks/present.ts';
import { relationsOf } from '../../domain/artworks/read-model.ts';
import * as q from './queries.ts';

/** The public part of the global page data: the same for every guest of a language. */
export async function buildPublicSiteData(deps: Deps, lang: Lang) {
  const db = deps.db;
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
    site_name: deps.config.SITE_NAME,
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
      edition: deps.config.EDITION_URL,
      membership: deps.config.MEMBERSHIP_URL,
      about: deps.config.ABOUT_URL,
      privacy: deps.config.PRIVACY_URL,
      terms: deps.config.TERMS_URL,
      instagram: deps.config.INSTAGRAM_URL,
      deletion_form: deps.config.DELETION_FORM_URL,
    },
    services: { sentry_dsn: deps.config.SENTRY_DSN ?? null, analytics_id: deps.config.ANALYTICS_ID ?? null, pixel_id: deps.config.PIXEL_ID ?? null },
    // Issue #21: the moment of this data; the server renders with it and the browser hydrates with it (web ui/clock.ts).
    now: new Date().toISOString(),
  };
}
export type PublicSiteData = Awaited<ReturnType<typeof buildPublicSiteData>>;

/** SPEC §3 "global page data" with the current user: only their collection marks and categories differ. */
export async function withViewer(deps: Deps, data: PublicSiteData, viewer: UserRow, lang: Lang) {
  const [cats, rel] = await Promise.all([
    listUserCategories(deps.db, viewer.id),
    // Only the viewer's collection marks differ from the guest answer.
    q.viewerCollections(
      deps.db,
      viewer.id,
      data.best_projects.map((a) => a.id),
    ),
  ]);
  return {
    ...data,
    best_projects: data.best_projects.map((a) => ({ ...a, collection: rel.get(a.id) ?? null })),
    user: presentUser.current(viewer, lang, cats),
  } satisfies SiteData;
}

import { type ArtworkWrite, publishProblems } from '@axoo/contract/artworks';
import type { Deps } from '../../deps.ts';
import { type Lang, LICENCES, type LicenceCode, licenceOf, pathId } from '@axoo/contract';
import type { Executor } from '../../db/client.ts';
import { badRequest, type FieldErrors, forbidden, notAuthenticated, notFound } from '../../http/errors.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { mediaKeysIn, sanitizeHtml } from '../../html/sanitize.ts';
import { type CleanupDeps, enqueueMediaDelete } from '../../media/cleanup.ts';
import { artworkMediaFolder, deleteArtworkAndFiles } from '../../domain/moderation/removal.ts';
import { createPresignedUpload, foreignMedia, type PresignAnswer } from '../../media/service.ts';
import type { Swatch } from '../../media/palette.ts';
import { blurredKeyOf } from '../../media/blur.ts';
import { enqueuePaletteBackfill, measurePalette, paletteSource, replacePalette } from './palette.ts';
import { schedulePublish } from './schedule.ts';
import { afterProtectedSave, protectionColumns } from './protection.ts';
import { keepVersion, type VersionPolicy } from './version-store.ts';
import { hashedImages, measureHashes, replaceHashes } from '../../domain/artworks/near-copies.ts';
import { canEditArtwork, countsAsView } from './policy.ts';
import { anyValidCredentials, shownImages } from './credentials.ts';
import { presentArtwork } from '../../domain/artworks/present.ts';
import { relationsOf } from '../../domain/artworks/read-model.ts';
import * as q from './queries.ts';
import { type CardDeps, withCollection } from '../../domain/cards/list.ts';
import { findArtworkWithRelated, marksOf } from '../../domain/cards/queries.ts';
import { cardView, ownView, storedCard, withMarks } from '../../domain/cards/store.ts';
import { makeBlurredCover, seesMature } from '../../domain/artworks/rating.ts';
import { canViewArtwork } from '../../domain/artworks/scope.ts';
import { holdIfRepost } from '../../domain/moderation/holds.ts';

type Row = q.ArtworkRow;
const TAXONOMY = ['categories', 'fields', 'concepts'] as const;

/** The licence the request asks for: `licence` wins; otherwise the four flags (which must name one of the six). */
function requestedLicence(input: ArtworkWrite, errors: FieldErrors): { chosen: boolean; code: LicenceCode | null } | undefined {
  if (input.licence !== undefined) return { chosen: input.licence !== null, code: input.licence };
  const flags = [input.attribution, input.non_commercial, input.no_derivative_works, input.share_alike];
  if (flags.every((f) => f === undefined)) return undefined;
  const code = licenceOf({
    attribution: input.attribution ?? true,
    non_commercial: input.non_commercial ?? false,
    no_derivative_works: input.no_derivative_works ?? false,
    share_alike: input.share_alike ?? false,
  });
  if (!code) {
    errors.licence = 'artwork.licence_invalid';
    return undefined;
  }
  return { chosen: true, code };
}

/** Taxonomy codes → ids, each kind in the order given; an unknown code is an error under its field. */
async function taxonomyIdsOf(db: Executor, input: ArtworkWrite, errors: FieldErrors) {
  const ids: Partial<Record<(typeof TAXONOMY)[number], number[]>> = {};
  for (const kind of TAXONOMY) {
    const codes = input[kind];
    if (codes === undefined) continue;
    const unique = [...new Set(codes)];
    const found = await q.taxonomyIds(db, kind, unique);
    const missing = unique.filter((c) => !found.has(c));
    if (missing.length) errors[kind] = { key: 'artwork.unknown_choice', params: { value: missing.join(', ') } };
    else ids[kind] = unique.map((c) => found.get(c) as number);
  }
  return ids;
}

/** Image keys: only new ones need to be this author's ready uploads; what is already saved stays valid. */
async function checkImages(db: Executor, author: UserRow, existing: Row | null, input: ArtworkWrite, content: string | undefined, errors: FieldErrors) {
  const oldImages = new Set(existing ? [existing.cover, existing.rawCover, existing.croppedCover, ...mediaKeysIn(existing.content)] : []);
  const imageFields = { cover: input.cover, raw_cover: input.raw_cover, cropped_cover: input.cropped_cover };
  const toCheck: [string, string][] = [];
  for (const [field, value] of Object.entries(imageFields)) if (value && !oldImages.has(value)) toCheck.push([field, value]);
  for (const key of content ? mediaKeysIn(content) : []) if (!oldImages.has(key)) toCheck.push(['content', key]);
  const foreign = new Set(
    await foreignMedia(
      db,
      author.id,
      toCheck.map(([, k]) => k),
    ),
  );
  for (const [field, key] of toCheck) if (foreign.has(key)) errors[field] ??= { key: 'artwork.image_not_uploaded', params: { value: key } };
}

/** The columns a save writes (undefined: left as they are); publishing sets `publishedAt` the first time. */
function columnsOf(
  input: ArtworkWrite,
  content: string | undefined,
  licence: ReturnType<typeof requestedLicence>,
  draft: boolean,
  existing: Row | null,
  author: UserRow,
) {
  const flags = licence?.code ? LICENCES.find((l) => l.code === licence.code)?.flags : undefined;
  return {
    title: input.title,
    content,
    colorId: input.color,
    backgroundColor: input.background_color?.toUpperCase(),
    ...(licence
      ? {
          licenceChosen: licence.chosen,
          attribution: true,
          nonCommercial: flags?.non_commercial ?? false,
          noDerivativeWorks: flags?.no_derivative_works ?? false,
          shareAlike: flags?.share_alike ?? false,
        }
      : {}),
    published: input.published,
    draft,
    unlisted: input.unlisted,
    // Issue #34 (1): a schedule is set or cancelled as asked; publishing now drops any.
    publishAt: input.publish_at !== undefined ? input.publish_at : !draft ? null : undefined,
    cover: input.cover,
    rawCover: input.raw_cover,
    croppedCover: input.cropped_cover,
    height: input.height,
    width: input.width,
    coverAlt: input.cover_alt,
    altReminded: input.alt_reminded,
    rating: input.rating,
    aiUse: input.ai_use,
    ...(!draft && !existing?.publishedAt ? { publishedAt: new Date() } : {}),
    // Issue #34 (6): cap and watermark (a new project starts with the account's cap), a new salt on a change.
    ...protectionColumns(input, existing, author),
  };
}

/**
 * Issue #31: a mature work's blurred cover, made before the transaction (tens of milliseconds) when the work is
 * mature after this save and its shown cover has no blurred copy yet; `replaced` is the old copy to delete.
 */
async function blurredCoverOf(deps: Deps, existing: Row | null, input: ArtworkWrite, after: { cover: string; croppedCover: string }) {
  const rating = input.rating ?? existing?.rating ?? 'general';
  const source = after.croppedCover || after.cover;
  const old = existing?.blurredCover ?? '';
  // The copy is named after its source: one of this source is already there.
  if (rating !== 'mature' || (source && old === blurredKeyOf(source, deps.config.SECRET_KEY))) return null;
  const key = await makeBlurredCover(deps.storage, deps.config.SECRET_KEY, source);
  return { key, replaced: old && old !== key ? old : null };
}

/** SPEC §5's publishing rules on the state after a save: a 400 naming each field that breaks one. */
function checkPublishable(
  after: { title: string; content: string; colorId: number | null; licenceChosen: boolean; cover: string; croppedCover: string },
  ids: Partial<Record<(typeof TAXONOMY)[number], number[]>>,
  links: Record<(typeof TAXONOMY)[number], number>,
) {
  const problems = publishProblems({
    title: after.title,
    categories: Array.from({ length: ids.categories?.length ?? links.categories }),
    fields: Array.from({ length: ids.fields?.length ?? links.fields }),
    concepts: Array.from({ length: ids.concepts?.length ?? links.concepts }),
    color: after.colorId,
    licence: after.licenceChosen ? 'chosen' : null,
    cover: after.cover,
    cropped_cover: after.croppedCover,
    content: after.content,
  });
  if (Object.keys(problems).length) throw badRequest(problems);
}

/**
 * SPEC §7 POST/PUT /api/v1/artworks/: validates every rule of SPEC §5, sanitizes the content, checks that new
 * images are the author's own checked uploads, and writes the artwork, its genres/fields/concepts and its tags
 * in one transaction. Publishing (draft false) sets `publishedAt` the first time; `publish_at` (issue #34) checks
 * the same rules now, keeps it a draft and queues its publication in the same transaction. Issue #31: made public
 * now, or showing other images once public, it is held instead when it copies another account's work (`holdIfRepost`).
 */
export async function saveArtwork(
  deps: Deps,
  author: UserRow,
  existing: Row | null,
  input: ArtworkWrite,
  options: { level?: number | null; version?: VersionPolicy; quiet?: boolean } = {},
): Promise<Row> {
  const { version: versionPolicy = 'session', quiet = false, ...staff } = options;
  const errors: FieldErrors = {};
  const db = deps.db;

  const ids = await taxonomyIdsOf(db, input, errors);
  if (typeof input.color === 'number' && !(await q.colorExists(db, input.color))) errors.color = 'field.invalid_choice';
  const licence = requestedLicence(input, errors);

  const content = input.content === undefined ? undefined : sanitizeHtml(input.content);
  await checkImages(db, author, existing, input, content, errors);
  if (Object.keys(errors).length) throw badRequest(errors);

  // The state after this save decides whether publishing rules apply.
  const links = existing ? await q.currentLinks(db, existing.id) : { categories: 0, fields: 0, concepts: 0 };
  // Issue #34 (1): a scheduled project waits as a draft until the `artworks.publish` job publishes it.
  const draft = input.publish_at ? true : (input.draft ?? existing?.draft ?? true);
  const after = {
    title: input.title ?? existing?.title ?? '',
    content: content ?? existing?.content ?? '',
    colorId: input.color !== undefined ? input.color : (existing?.colorId ?? null),
    licenceChosen: licence ? licence.chosen : (existing?.licenceChosen ?? false),
    cover: input.cover ?? existing?.cover ?? '',
    croppedCover: input.cropped_cover ?? existing?.croppedCover ?? '',
  };
  if (!draft || input.publish_at) checkPublishable(after, ids, links);

  const values = columnsOf(input, content, licence, draft, existing, author);
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  // Issue #35: whether an image it shows after this save carries valid Content Credentials (the gallery's filter).
  // Issue #34 (5): an import's drafts published quietly: no followers' fan-out (the trigger), not in the Following feed.
  if (quiet && !draft) defined.quiet = true;
  defined.credentials = await anyValidCredentials(db, shownImages({ ...after, rawCover: input.raw_cover ?? existing?.rawCover ?? '' }));

  // Issue #18: the palette of the image the gallery shows, measured before the transaction (tens of milliseconds)
  // and replaced inside it, so the artwork and its palette commit together. Unreadable: none now, the job retries.
  const source = paletteSource(after);
  let palette: Swatch[] | null | undefined;
  if (source !== (existing ? paletteSource(existing) : '')) palette = source ? await measurePalette(deps, source) : [];

  // Issue #31: the perceptual hashes of the images it shows, when they changed (made here, stored in the transaction).
  const hashes = await measureHashes(deps, existing ? hashedImages(existing) : [], hashedImages(after));
  const blur = await blurredCoverOf(deps, existing, input, after);
  if (blur) defined.blurredCover = blur.key;
  const id = await db.transaction(async (tx: Executor) => {
    if (blur?.replaced) await enqueueMediaDelete(tx, [blur.replaced]);
    let artworkId: number;
    if (existing) {
      artworkId = existing.id;
      // Issue #34 (4): a published artwork keeps the state this save changes as a version.
      await keepVersion(
        tx,
        artworkId,
        { title: input.title, content, cover: input.cover, rawCover: input.raw_cover, croppedCover: input.cropped_cover },
        versionPolicy,
      );
      await q.updateArtwork(tx, artworkId, { ...defined, ...staff, updated: new Date() });
    } else {
      artworkId = (await q.insertArtwork(tx, { ...defined, authorId: author.id })).id;
    }
    for (const kind of TAXONOMY) {
      const list = ids[kind];
      if (list) await q.replaceLinks(tx, artworkId, kind, list);
    }
    if (input.tags) await q.replaceTags(tx, artworkId, input.tags);
    if (palette !== undefined) await replacePalette(tx, artworkId, palette ?? []);
    if (hashes) await replaceHashes(tx, artworkId, hashes);
    if (palette === null) await enqueuePaletteBackfill(tx);
    if (input.publish_at) await schedulePublish(tx, artworkId, input.publish_at);
    await afterProtectedSave(tx, existing, artworkId, defined.protectionSalt);
    if (!draft && (hashes !== undefined || !(existing?.published && !existing.draft))) await holdIfRepost(tx, deps.config, artworkId);
    return artworkId;
  });
  const saved = await q.findArtworkRow(db, id);
  // Deleted between the save and this read (issue #36): gone, a 404.
  if (!saved) throw notFound();
  return saved;
}

/** The artwork the viewer may change: 404 when there is none, 403 for anyone but the author (SPEC §6). */
export async function editableArtwork(deps: Deps, viewer: UserRow, id: number): Promise<Row> {
  const row = await q.findArtworkRow(deps.db, id);
  if (!row) throw notFound();
  if (!canEditArtwork(viewer, row)) throw forbidden();
  return row;
}

/**
 * Issue #34 (1): who may send this PATCH, decided from the body's field names before it is validated: anyone not
 * signed in is refused; `level` needs staff; any other field needs the author (a malformed or unknown id is a 404).
 */
export async function patchAllowed(deps: Deps, request: { user: UserRow | null; body: unknown; params: unknown }): Promise<void> {
  const viewer = request.user;
  if (!viewer) throw notAuthenticated();
  const names = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? Object.keys(request.body) : [];
  if (names.includes('level') && !viewer.isStaff) throw forbidden();
  if (!names.some((name) => name !== 'level')) return;
  const id = pathId(String((request.params as { id?: unknown }).id ?? ''));
  if (id === null) throw notFound();
  await editableArtwork(deps, viewer, id);
}

/**
 * Issue #34 (1) `PATCH /api/v1/artworks/{id}/` (after `patchAllowed`): the author's fields go through the save (same
 * rules as PUT, `publish_at` too), with the level in the same write when a staff author sends both; `level` alone is
 * staff's level change; nothing named is a 400.
 */
export async function patchArtwork(deps: Deps, viewer: UserRow, id: number, body: ArtworkWrite & { level?: number | null }, lang: Lang) {
  const { level, ...fields } = body;
  if (!Object.values(fields).some((v) => v !== undefined)) {
    if (level === undefined) throw badRequest({ non_field_errors: 'request.nothing_to_change' });
    if (!viewer.isStaff) throw forbidden();
    return setArtworkLevel(deps, viewer, id, level, lang);
  }
  const existing = await editableArtwork(deps, viewer, id);
  const row = await saveArtwork(deps, viewer, existing, fields, level === undefined ? {} : { level });
  return presentSaved(deps, row, viewer, lang);
}

/**
 * Deletes the artwork and queues its images for deletion in the same transaction (issue #13), through the one
 * deletion path staff's `remove` also takes (issue #31).
 */
export async function removeArtwork(deps: Deps & CleanupDeps, viewer: UserRow, id: number): Promise<void> {
  const row = await editableArtwork(deps, viewer, id);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteArtworkAndFiles(tx, deps, row.id))) throw notFound();
  });
}

/** SPEC §7 presign for an artwork's images (content, cover, raw and cropped cover): the author only. */
export async function presignArtworkImage(
  deps: Deps,
  viewer: UserRow,
  id: number,
  body: { filename: string; type: string; size?: number | null; width?: number | null; height?: number | null },
): Promise<PresignAnswer> {
  const row = await editableArtwork(deps, viewer, id);
  return createPresignedUpload(deps, {
    ownerId: viewer.id,
    filename: body.filename,
    contentType: body.type,
    size: body.size,
    width: body.width,
    height: body.height,
    prefix: artworkMediaFolder(row.id),
  });
}

export async function presentSaved(deps: Deps, row: Row, viewer: UserRow, lang: 'ko' | 'en') {
  const rel = await relationsOf(deps.db, [row], viewer.id);
  // The author's own editor: their work as it is (issue #31).
  return presentArtwork(row, rel, lang, { withContent: true, showMature: true, showOriginals: true });
}

/** One viewer's view of one artwork on one day (SPEC §7: counted once). */
export interface DailyView {
  viewer: string;
  day: string;
  key: string;
}

export function dailyView(viewerKey: string, artworkId: number, now = new Date()): DailyView {
  const day = now.toISOString().slice(0, 10);
  return { viewer: viewerKey, day, key: `${artworkId} ${viewerKey} ${day}` };
}

/**
 * SPEC §7 GET /api/v1/artworks/{id}/: 404 for what the viewer may not see; with `view`, counts the viewer's view
 * of the day. The set of views this process recorded only spares the statement for a viewer's refreshes (the
 * table's primary key stays the guard). Issue #14: the artwork with its content and relations is kept as text
 * per language like the cards (cleared by any write); each answer appends its `hit` (shared for a moment, read
 * afresh when this request counted a view) and the viewer's collection entry. Returns JSON text.
 */
export async function readArtwork(deps: CardDeps, viewer: UserRow | null, lang: Lang, id: number, view: DailyView | null): Promise<string> {
  let stored = await storedDetail(deps, lang, id, seesMature(viewer));
  // Issue #31: the author's own work shows as it is to them (the editor loads it here); issue #34 (6): with the
  // originals of a protected work, which no one else receives.
  if (viewer && viewer.id === stored.authorId) stored = await storedDetail(deps, lang, id, true, true);
  const artwork = { authorId: stored.authorId, reachable: stored.reachable };
  if (!canViewArtwork(viewer, artwork)) throw notFound();
  const { gallery } = deps;
  let counted = false;
  if (view && countsAsView(viewer, artwork) && !gallery.recentViews.has(view.key)) {
    counted = await q.recordView(deps.db, id, view.viewer, view.day);
    gallery.recentViews.add(view.key);
  }
  // Its views are what everyone sees, shared for a moment like a list's page; a view this request counted is
  // read afresh, so the viewer sees it. The viewer's collection entry comes with their others.
  const hit = () => marksOf(gallery.marks, [id], null);
  const [mark] = await withCollection(deps, viewer, counted ? hit() : gallery.pages(`detail ${id}`, hit));
  if (!mark) throw notFound();
  return withMarks(stored.text, mark.hit, mark.collection);
}

/** The detail as stored for one language and mature view (issue #31), or its author's (`own`), read and kept when missing. */
async function storedDetail(deps: CardDeps, lang: Lang, id: number, showMature: boolean, own = false) {
  const variant = own ? ownView(lang) : cardView(lang, showMature);
  const stored = deps.gallery.details.get(variant, id);
  if (stored) return stored;
  const found = await findArtworkWithRelated(deps.gallery.detail, id);
  const row = found?.rows[0];
  if (!found || !row) throw notFound();
  const card = storedCard(presentArtwork(row, found.rel, lang, { withContent: true, showMature, showOriginals: own }), row.authorId);
  deps.gallery.details.set(variant, id, card);
  return card;
}

/** SPEC §4 Artwork level: staff set 5..1 or clear it; Best Projects on home follows at once. */
export async function setArtworkLevel(deps: Deps, viewer: UserRow, id: number, level: number | null, lang: Lang) {
  const row = await q.setArtworkLevel(deps.db, id, level);
  if (!row) throw notFound();
  const rel = await relationsOf(deps.db, [row], viewer.id);
  return presentArtwork(row, rel, lang, { showMature: seesMature(viewer) });
}

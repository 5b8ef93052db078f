import { type ArtworkWrite, publishProblems } from '@axoo/contract/artworks';
import type { Deps } from '../../deps.ts';
import { LICENCES, type LicenceCode, licenceOf } from '@axoo/contract';
import type { Executor } from '../../db/client.ts';
import { badRequest, type FieldErrors, forbidden, notFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/user.ts';
import { mediaKeysIn, sanitizeHtml } from '../../html/sanitize.ts';
import { type CleanupDeps, enqueueMediaDelete, mediaKeysUnder } from '../../media/cleanup.ts';
import { createPresignedUpload, foreignMedia, type PresignAnswer } from '../../media/service.ts';
import type { Swatch } from '../../media/palette.ts';
import { enqueuePaletteBackfill, measurePalette, paletteSource, replacePalette } from './palette.ts';
import { canEditArtwork } from './policy.ts';
import { presentArtwork } from './present.ts';
import { relationsOf } from './read-model.ts';
import * as q from './queries.ts';

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

/**
 * SPEC §7 POST/PUT /api/v1/artworks/: validates every rule of SPEC §5, sanitizes the content, checks that new
 * images are the author's own checked uploads, and writes the artwork, its genres/fields/concepts and its tags
 * in one transaction. Publishing (draft false) sets `publishedAt` the first time.
 */
export async function saveArtwork(deps: Deps, author: UserRow, existing: Row | null, input: ArtworkWrite): Promise<Row> {
  const errors: FieldErrors = {};
  const db = deps.db;

  // Taxonomy codes → ids, each kind in the order given.
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
  if (typeof input.color === 'number' && !(await q.colorExists(db, input.color))) errors.color = 'field.invalid_choice';
  const licence = requestedLicence(input, errors);

  const content = input.content === undefined ? undefined : sanitizeHtml(input.content);
  // Image keys: only new ones need to be this author's ready uploads; what is already saved stays valid.
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
  if (Object.keys(errors).length) throw badRequest(errors);

  // The state after this save decides whether publishing rules apply.
  const links = existing ? await q.currentLinks(db, existing.id) : { categories: 0, fields: 0, concepts: 0 };
  const draft = input.draft ?? existing?.draft ?? true;
  const after = {
    title: input.title ?? existing?.title ?? '',
    content: content ?? existing?.content ?? '',
    colorId: input.color !== undefined ? input.color : (existing?.colorId ?? null),
    licenceChosen: licence ? licence.chosen : (existing?.licenceChosen ?? false),
    cover: input.cover ?? existing?.cover ?? '',
    croppedCover: input.cropped_cover ?? existing?.croppedCover ?? '',
  };
  if (!draft) {
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

  const flags = licence?.code ? LICENCES.find((l) => l.code === licence.code)?.flags : undefined;
  const values = {
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
    cover: input.cover,
    rawCover: input.raw_cover,
    croppedCover: input.cropped_cover,
    height: input.height,
    width: input.width,
    coverAlt: input.cover_alt,
    altReminded: input.alt_reminded,
    ...(!draft && !existing?.publishedAt ? { publishedAt: new Date() } : {}),
  };
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

  // Issue #18: the palette of the image the gallery shows, measured before the transaction (tens of milliseconds)
  // and replaced inside it, so the artwork and its palette commit together. Unreadable: none now, the job retries.
  const source = paletteSource(after);
  let palette: Swatch[] | null | undefined;
  if (source !== (existing ? paletteSource(existing) : '')) palette = source ? await measurePalette(deps, source) : [];

  const id = await db.transaction(async (tx: Executor) => {
    let artworkId: number;
    if (existing) {
      artworkId = existing.id;
      await q.updateArtwork(tx, artworkId, { ...defined, updated: new Date() });
    } else {
      artworkId = (await q.insertArtwork(tx, { ...defined, authorId: author.id })).id;
    }
    for (const kind of TAXONOMY) {
      const list = ids[kind];
      if (list) await q.replaceLinks(tx, artworkId, kind, list);
    }
    if (input.tags) await q.replaceTags(tx, artworkId, input.tags);
    if (palette !== undefined) await replacePalette(tx, artworkId, palette ?? []);
    if (palette === null) await enqueuePaletteBackfill(tx);
    return artworkId;
  });
  const saved = (await q.findArtworkRow(db, id)) as Row;
  return saved;
}

/** The artwork the viewer may change: 404 when there is none, 403 for anyone but the author (SPEC §6). */
export async function editableArtwork(deps: Deps, viewer: UserRow, id: number): Promise<Row> {
  const row = await q.findArtworkRow(deps.db, id);
  if (!row) throw notFound();
  if (!canEditArtwork(viewer, row)) throw forbidden();
  return row;
}

/** Where an artwork's uploads are stored: `artworks/<id>/…`. */
const mediaFolder = (artworkId: number) => `artworks/${artworkId}`;

/**
 * Deletes the artwork and queues its images for deletion in the same transaction (issue #13): the ones it shows
 * (cover, crops, content), every upload in its folder (replaced and abandoned ones), and the ones only the frozen
 * copies of its submissions kept (those go with its applications).
 */
export async function removeArtwork(deps: Deps & CleanupDeps, viewer: UserRow, id: number): Promise<void> {
  const row = await editableArtwork(deps, viewer, id);
  await deps.db.transaction(async (tx) => {
    const keys = [
      row.cover,
      row.rawCover,
      row.croppedCover,
      ...mediaKeysIn(row.content),
      ...(await mediaKeysUnder(tx, mediaFolder(row.id))),
      ...(await deps.mediaCleanup.keysOf('artwork', tx, row.id)),
    ];
    await q.deleteArtwork(tx, row.id);
    await enqueueMediaDelete(tx, keys);
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
    prefix: mediaFolder(row.id),
  });
}

export async function presentSaved(deps: Deps, row: Row, viewer: UserRow, lang: 'ko' | 'en') {
  const rel = await relationsOf(deps.db, [row], viewer.id);
  return presentArtwork(row, rel, lang, { withContent: true });
}

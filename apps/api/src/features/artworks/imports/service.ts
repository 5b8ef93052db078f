import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMAGE_MAX_BYTES, type Lang, translate } from '@axoo/contract';
import { IMPORT_MAX_ENTRIES, IMPORT_MAX_FILES, type ImportAnswer } from '@axoo/contract/imports';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ZipFile } from 'yauzl';
import type { Executor } from '../../../db/client.ts';
import { artworks, importItems, imports } from '../../../db/schema/index.ts';
import type { Deps } from '../../../deps.ts';
import type { UserRow } from '../../../domain/users/user.ts';
import { AppError, badRequest, notFound } from '../../../http/errors.ts';
import { enqueue } from '../../../jobs/queue.ts';
import { sanitizeHtml } from '../../../html/sanitize.ts';
import { enqueueMediaDelete } from '../../../media/cleanup.ts';
import { createPresignedUpload, finishUpload, type StoredImage } from '../../../media/service.ts';
import { type ArchiveFile, ArchiveRefused, classifyEntries, listEntries, openZip, readEntry } from '../../../media/unzip.ts';
import { insertArtwork, replaceTags } from '../queries.ts';
import { enqueuePaletteBackfill } from '../palette.ts';
import { contentOf, type DraftGroup, draftGroups, readSheet, sheetRowOf, titleOf } from './archive.ts';

/** Issue #34 (5): the job that works through an import's archive. */
export const IMPORT_JOB = 'artworks.import';

type ImportRow = typeof imports.$inferSelect;
type ServiceDeps = Deps;

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/** The archive's files as the import sees them; a refused archive is a 400 in the request's language. */
async function readDirectory(file: string): Promise<{ zip: ZipFile; files: ArchiveFile[] }> {
  const zip = await openZip(file);
  try {
    return { zip, files: classifyEntries(await listEntries(zip, IMPORT_MAX_ENTRIES)) };
  } catch (error) {
    zip.close();
    throw error;
  }
}

const refusal = (reason: ArchiveRefused['reason'] | 'empty') =>
  reason === 'too_many_files'
    ? badRequest({ file: { key: 'import.too_many_files', params: { max: IMPORT_MAX_FILES } } })
    : badRequest({ file: `import.${reason}` });

/**
 * `POST /api/v1/imports/`: the ZIP (already streamed to `file`) is checked from its directory alone (a ZIP, at most
 * IMPORT_MAX_FILES images, at least one), kept as a private object, and its import row and job are written in one
 * transaction; the job makes the drafts. One import at a time per artist.
 */
export async function startImport(deps: ServiceDeps, owner: UserRow, file: string): Promise<ImportRow> {
  let images: number;
  try {
    const { zip, files } = await readDirectory(file);
    zip.close();
    images = files.filter((f) => f.kind === 'image').length;
  } catch (error) {
    if (error instanceof ArchiveRefused) throw refusal(error.reason);
    throw error;
  }
  if (images > IMPORT_MAX_FILES) throw refusal('too_many_files');
  if (images === 0) throw refusal('empty');
  const [busy] = await deps.db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.ownerId, owner.id), inArray(imports.status, ['queued', 'running'])))
    .limit(1);
  if (busy) throw badRequest({ file: 'import.busy' });
  const archive = `imports/${randomBytes(12).toString('hex')}/archive.zip`;
  await deps.storage.putPrivateFile(archive, file, 'application/zip');
  return deps.db.transaction(async (tx: Executor) => {
    const [row] = await tx.insert(imports).values({ ownerId: owner.id, archive, total: images }).returning();
    await enqueue(tx, IMPORT_JOB, { import: row.id }, { key: `${IMPORT_JOB}:${row.id}` });
    return row;
  });
}

/** The import's owner's view of it; anyone else's is a 404. */
export async function ownImport(deps: Pick<Deps, 'db'>, viewer: UserRow, id: number): Promise<ImportRow> {
  const [row] = await deps.db.select().from(imports).where(eq(imports.id, id));
  if (!row || row.ownerId !== viewer.id) throw notFound();
  return row;
}

/** `GET /api/v1/imports/{id}/`: progress, its drafts and each file's result, reasons in the viewer's language. */
export async function presentImport(deps: Pick<Deps, 'db'>, row: ImportRow, lang: Lang): Promise<ImportAnswer> {
  const items = await deps.db.select().from(importItems).where(eq(importItems.importId, row.id)).orderBy(asc(importItems.position));
  const ids = [...new Set(items.map((i) => i.artworkId).filter((id): id is number => id !== null))];
  const drafts = ids.length
    ? await deps.db
        .select({ id: artworks.id, title: artworks.title, draft: artworks.draft })
        .from(artworks)
        .where(inArray(artworks.id, ids))
        .orderBy(asc(artworks.id))
    : [];
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    done: items.filter((i) => i.status === 'imported').length,
    created: row.created.toISOString(),
    finished: row.finished ? row.finished.toISOString() : null,
    drafts,
    items: items.map((i) => ({
      path: i.path,
      folder: i.folder,
      status: i.status,
      code: i.reason,
      reason: i.reason ? translate(lang, i.reason) : null,
      artwork: i.artworkId,
    })),
  };
}

/** Streams a stored object to a temporary file (yauzl reads a file at random places). */
async function download(deps: Pick<Deps, 'storage'>, key: string, dir: string): Promise<string | null> {
  const stored = await deps.storage.open(key);
  if (!stored) return null;
  const file = join(dir, 'archive.zip');
  await pipeline(stored.body, createWriteStream(file));
  return file;
}

/**
 * One image through the editor's own upload path: a presigned media row, then the same checks as a browser's PUT.
 * Answers the stored image, or the message key of the check that refused it.
 */
export async function uploadImage(deps: ServiceDeps, owner: number, prefix: string, name: string, bytes: Buffer): Promise<StoredImage | string> {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  try {
    const presigned = await createPresignedUpload(deps, {
      ownerId: owner,
      filename: name.slice(-255) || 'image',
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      size: bytes.length,
      prefix,
    });
    return await finishUpload(deps, presigned.filename, bytes);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) {
      const message = Object.values(error.body)[0];
      const first = Array.isArray(message) ? message[0] : message;
      return typeof first === 'string' ? first : (first?.key ?? 'import.skip.unreadable');
    }
    throw error;
  }
}

/** A new draft showing `images` (the first as its cover), inside the caller's transaction. */
export async function insertDraft(tx: Executor, owner: number, draft: { title: string; description: string; tags: string[] }, images: StoredImage[]) {
  const [first] = images;
  const row = await insertArtwork(tx, {
    authorId: owner,
    title: draft.title,
    content: sanitizeHtml(
      contentOf(
        draft.description,
        images.map((i) => i.filename),
      ),
    ),
    cover: first.filename,
    rawCover: first.filename,
    croppedCover: first.filename,
    width: first.width,
    height: first.height,
    draft: true,
  });
  if (draft.tags.length) await replaceTags(tx, row.id, draft.tags);
  await enqueuePaletteBackfill(tx);
  return row;
}

interface GroupResult {
  images: StoredImage[];
  items: { file: ArchiveFile; reason: string | null }[];
}

async function uploadGroup(deps: ServiceDeps, row: ImportRow, zip: ZipFile, group: DraftGroup): Promise<GroupResult> {
  const result: GroupResult = { images: [], items: [] };
  for (const file of group.files) {
    const bytes = await readEntry(zip, file.entry, IMAGE_MAX_BYTES);
    const stored = Buffer.isBuffer(bytes) ? await uploadImage(deps, row.ownerId, `imports/${row.id}`, file.path, bytes) : `import.skip.${bytes}`;
    if (typeof stored === 'string') result.items.push({ file, reason: stored });
    else {
      result.images.push(stored);
      result.items.push({ file, reason: null });
    }
  }
  return result;
}

/** One group's draft and its files' rows, in one transaction: after a crash a group is either all there or not at all. */
async function makeDraft(deps: ServiceDeps, row: ImportRow, group: DraftGroup, result: GroupResult, sheet: Awaited<ReturnType<typeof readSheet>>) {
  const info = sheetRowOf(sheet, group);
  await deps.db.transaction(async (tx: Executor) => {
    const artworkId = result.images.length
      ? (await insertDraft(tx, row.ownerId, { title: titleOf(group, info), description: info?.description ?? '', tags: info?.tags ?? [] }, result.images)).id
      : null;
    await tx.insert(importItems).values(
      result.items.map(({ file, reason }) => ({
        importId: row.id,
        position: file.position,
        path: file.path.slice(0, 600),
        folder: file.folder.slice(0, 600),
        status: reason ? ('skipped' as const) : ('imported' as const),
        reason,
        artworkId: reason ? null : artworkId,
      })),
    );
  });
}

/** The files skipped from the directory alone (names, kinds, duplicates), written once. */
async function recordSkipped(db: Executor, row: ImportRow, files: ArchiveFile[]) {
  const skipped = files.filter((f) => f.kind === 'skipped');
  if (!skipped.length) return;
  await db
    .insert(importItems)
    .values(
      skipped.map((f) => ({
        importId: row.id,
        position: f.position,
        path: f.path.slice(0, 600),
        folder: f.folder.slice(0, 600),
        status: 'skipped' as const,
        reason: `import.skip.${f.reason}`,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The job: reads the archive again, records what its directory already skips, then makes each group's draft that has
 * no rows yet (a job taken over after a crash goes on from the last committed group), and ends the import. Images
 * uploaded for a group whose transaction failed are queued for deletion.
 */
export async function runImport(deps: ServiceDeps, importId: number, onDraft: () => void): Promise<void> {
  const [row] = await deps.db.select().from(imports).where(eq(imports.id, importId));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  await deps.db.update(imports).set({ status: 'running' }).where(eq(imports.id, row.id));
  const dir = await mkdtemp(join(tmpdir(), 'axoo-import-'));
  try {
    const file = await download(deps, row.archive, dir);
    if (!file) return void (await finish(deps, row, 'failed'));
    const { zip, files } = await readDirectory(file);
    try {
      const sheet = await readSheet(zip, files.find((f) => f.kind === 'sheet')?.entry);
      await recordSkipped(deps.db, row, files);
      const done = new Set(
        (await deps.db.select({ position: importItems.position }).from(importItems).where(eq(importItems.importId, row.id))).map((r) => r.position),
      );
      for (const group of draftGroups(files)) {
        if (group.files.every((f) => done.has(f.position))) continue;
        const result = await uploadGroup(deps, row, zip, group);
        try {
          await makeDraft(deps, row, group, result, sheet);
        } catch (error) {
          await enqueueMediaDelete(
            deps.db,
            result.images.map((i) => i.filename),
          ).catch(() => {});
          throw error;
        }
        onDraft();
      }
    } finally {
      zip.close();
    }
    await finish(deps, row, 'done');
  } catch (error) {
    if (error instanceof ArchiveRefused) return void (await finish(deps, row, 'failed'));
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Ends the import and lets its archive go. */
async function finish(deps: ServiceDeps, row: ImportRow, status: 'done' | 'failed') {
  await deps.db.update(imports).set({ status, finished: sql`now()` }).where(eq(imports.id, row.id));
  await deps.storage.delete(row.archive).catch(() => {});
}

import { type Lang, localisedName, MEDIA_PREFIX, type Snapshot, SUBMISSION_MEDIA_FOLDER } from '@axoo/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, inviteSnapshots } from '../../db/schema/index.ts';
import { anonymousHtml } from '../../html/sanitize.ts';
import { EXTENSIONS, typeOfExtension, withoutMetadata } from '../../media/images.ts';
import { newMediaKey } from '../../media/service.ts';
import type { Storage } from '../../media/storage.ts';
import { saltFor } from '../artworks/protection.ts';
import { type Related, withRelated } from '../artworks/read-model.ts';

/**
 * The frozen copy of a submission (issue #16): what the artwork held when it was sent (title, content HTML, cover,
 * the stored keys of its images, genres, fields, concepts, tags). The brand, the jurors and the juror pack read
 * this, never the live artwork, which its artist may keep editing; the images it names are kept while it exists
 * (a retainer over its cover columns and content HTML).
 */
export type SnapshotRow = typeof inviteSnapshots.$inferSelect;

const MEDIA_IN_HTML = new RegExp(`${MEDIA_PREFIX.replace(/\//g, '\\/')}([^"'?#\\s)<>]+)`, 'g');

/** The stored keys of the images an artwork's content shows, in order, once each. */
export function contentImageKeys(html: string): string[] {
  const keys = new Set<string>();
  for (const match of html.matchAll(MEDIA_IN_HTML)) {
    try {
      keys.add(
        match[1]
          .split('/')
          .map((s) => decodeURIComponent(s))
          .join('/'),
      );
    } catch {
      // A malformed escape names no stored object.
    }
  }
  return [...keys];
}

export type SnapshotValues = Omit<typeof inviteSnapshots.$inferInsert, 'applicationId' | 'inviteId'>;
/** A snapshot ready to insert, and the stored copies it made (to delete if the applying transaction fails). */
export interface PreparedSnapshot {
  values: SnapshotValues;
  copies: string[];
}

/** Whether a stored key is an anonymous copy (or nothing): it names no artwork and no artist (issue #16). */
export const isAnonymousKey = (key: string) => !key || key.startsWith(`${SUBMISSION_MEDIA_FOLDER}/`);

/** A copy of a stored image under a fresh anonymous key, without metadata; '' when the original is gone. */
export async function copyImage(storage: Storage, key: string): Promise<string> {
  const type = typeOfExtension(key);
  const bytes = type ? await storage.get(key) : null;
  if (!type || !bytes) return '';
  const copy = newMediaKey(SUBMISSION_MEDIA_FOLDER, EXTENSIONS[type]);
  await storage.put(copy, await withoutMetadata(bytes), type);
  return copy;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The content with every image pointing at its copy; an image whose original is gone is dropped. */
export function pointAtCopies(html: string, copies: Map<string, string>): string {
  let out = html;
  for (const [key, copy] of copies) {
    if (!copy) out = out.replace(new RegExp(`<img\\b[^>]*${escapeRegExp(`${MEDIA_PREFIX}${key}`)}[^>]*>`, 'g'), '');
    out = out.replaceAll(`${MEDIA_PREFIX}${key}`, copy ? `${MEDIA_PREFIX}${copy}` : '');
  }
  return out;
}

/**
 * Reads the artwork as it is now and copies its images (cover, crop, content) to anonymous keys (issue #16): a blind
 * juror's copy names no artwork and no artist, and it outlives the artwork and its account. Called before the
 * applying transaction, so that transaction does no storage work.
 */
export async function prepareSnapshot(db: Executor, storage: Storage, artworkId: number): Promise<PreparedSnapshot> {
  const [row] = await db.select(withRelated(null)).from(artworks).where(eq(artworks.id, artworkId));
  if (!row) throw new Error(`artwork ${artworkId} vanished while applying`);
  const related: Related = typeof row.related === 'string' ? JSON.parse(row.related) : row.related;
  const copies = new Map<string, string>();
  const copyOf = async (key: string) => {
    if (!key) return '';
    if (!copies.has(key)) copies.set(key, await copyImage(storage, key));
    return copies.get(key) ?? '';
  };
  const cover = await copyOf(row.cover);
  const croppedCover = await copyOf(row.croppedCover);
  const images: string[] = [];
  for (const key of contentImageKeys(row.content)) {
    const copy = await copyOf(key);
    if (copy) images.push(copy);
  }
  return {
    values: {
      title: row.title,
      content: pointAtCopies(row.content, copies),
      cover,
      croppedCover,
      backgroundColor: row.backgroundColor,
      width: row.width,
      height: row.height,
      images,
      taxonomy: {
        categories: related.categories,
        fields: related.fields,
        concepts: related.concepts,
        tags: related.tags.map((t) => t.name),
      },
      // Issue #34 (6): the protection it was sent with, and a salt of the entry's own (`./protection.ts`).
      maxPublicWidth: row.maxPublicWidth,
      watermark: row.watermark,
      protectionSalt: saltFor(row.maxPublicWidth, row.watermark),
    },
    copies: [...copies.values()].filter(Boolean),
  };
}

/** Writes the prepared snapshot of this application, in the applying transaction. */
export async function insertSnapshot(tx: Executor, application: { id: number; inviteId: number }, prepared: PreparedSnapshot): Promise<SnapshotRow> {
  const [snapshot] = await tx
    .insert(inviteSnapshots)
    .values({ applicationId: application.id, inviteId: application.inviteId, ...prepared.values })
    .returning();
  return snapshot;
}

/** Prepares and writes a snapshot at once (scripts and tests that make applications by hand). */
export async function freezeSubmission(db: Executor, storage: Storage, application: { id: number; inviteId: number; artworkId: number | null }) {
  if (application.artworkId === null) throw new Error(`application ${application.id} has no artwork to freeze`);
  return insertSnapshot(db, application, await prepareSnapshot(db, storage, application.artworkId));
}

/**
 * The stored keys the frozen submissions of these invites name (the anonymous copies of cover, crop and content
 * images). A snapshot keeps them while its invite exists; whatever deletes invites queues these keys in its
 * transaction, so a copy does not stay behind (issue #13).
 */
export async function snapshotKeys(db: Executor, inviteIds: number[]): Promise<string[]> {
  if (!inviteIds.length) return [];
  const rows = await db
    .select({ cover: inviteSnapshots.cover, croppedCover: inviteSnapshots.croppedCover, images: inviteSnapshots.images })
    .from(inviteSnapshots)
    .where(inArray(inviteSnapshots.inviteId, inviteIds));
  return [...new Set(rows.flatMap((r) => [r.cover, r.croppedCover, ...r.images]).filter(Boolean))];
}

export function findSnapshots(db: Executor, applicationIds: number[]) {
  if (!applicationIds.length) return Promise.resolve([] as SnapshotRow[]);
  return db.select().from(inviteSnapshots).where(inArray(inviteSnapshots.applicationId, applicationIds));
}

/**
 * The snapshot as the API answers it. `blind` (a juror's view of a call that hides names) also drops what the
 * content's markup could name the artist by: image alt and title text and links (their text stays). `max_public_width`
 * is the cap the images named are within: a public page passes `publicSnapshot(row)` and names it (issue #34.6), the
 * entry as sent (its owner, jurors, the applicant) has none.
 */
export function presentSnapshot(row: SnapshotRow, lang: Lang, options: { blind?: boolean; maxPublicWidth?: number | null } = {}) {
  return {
    max_public_width: options.maxPublicWidth ?? null,
    title: row.title,
    content: options.blind ? anonymousHtml(row.content) : row.content,
    cover: row.cover,
    cropped_cover: row.croppedCover,
    background_color: row.backgroundColor,
    width: row.width,
    height: row.height,
    images: row.images,
    categories: row.taxonomy.categories.map((c) => ({ category: c.code, name: localisedName(lang, c) })),
    fields: row.taxonomy.fields.map((f) => ({ field: f.code, name: localisedName(lang, f) })),
    concepts: row.taxonomy.concepts.map((c) => ({ concept: c.code, name: localisedName(lang, c) })),
    tags: row.taxonomy.tags,
    created: row.created.toISOString(),
  } satisfies Snapshot;
}

import { VERSIONS_KEPT } from '@axoo/contract';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, artworkVersions } from '../../db/schema/index.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import { enqueueMediaDelete } from '../../media/cleanup.ts';

/** What a version keeps of an artwork: its cover, image set (in the content) and text. */
export interface VersionedState {
  title: string;
  content: string;
  cover: string;
  rawCover: string;
  croppedCover: string;
}
const VERSIONED = ['title', 'content', 'cover', 'rawCover', 'croppedCover'] as const;

export type VersionRow = typeof artworkVersions.$inferSelect;

/** The stored keys a version names (its covers and its content's images). */
export const versionKeys = (v: VersionedState) => [v.cover, v.rawCover, v.croppedCover, ...mediaKeysIn(v.content)].filter(Boolean);

/**
 * How long one editing session lasts for versions: the editor saves a few seconds after each pause (autosave), so a
 * version per save would soon push the state before the edit out of the kept ones. A save within this time of the
 * newest version keeps nothing new: that version already holds the state before the session.
 */
export const VERSION_SESSION_MS = 10 * 60 * 1000;
/** `session`: the editor's saves, one version per editing session; `always`: a restore (so it can be undone). */
export type VersionPolicy = 'session' | 'always';

/**
 * Issue #34 (4): in the saving transaction, before the artwork's row is written: once the artwork was published, a
 * save that changes its cover, image set or text keeps the state before it as the next version. The row is read
 * locked, so two saves racing keep each other's state and number their versions one after the other; the editor's
 * saves keep one version per editing session (VERSION_SESSION_MS), a restore always keeps one. Versions
 * beyond `VERSIONS_KEPT` go, and their files with them unless something still shows them (the media retainers).
 */
export async function keepVersion(tx: Executor, artworkId: number, after: Partial<VersionedState>, policy: VersionPolicy = 'session'): Promise<void> {
  const [before] = await tx.select().from(artworks).where(eq(artworks.id, artworkId)).for('update');
  if (!before?.publishedAt) return;
  if (!VERSIONED.some((k) => after[k] !== undefined && after[k] !== before[k])) return;
  const [{ last, recent }] = await tx
    .select({
      last: sql<number>`coalesce(max(${artworkVersions.version}), 0)::int`,
      recent: sql<boolean>`coalesce(max(${artworkVersions.created}) > now() - make_interval(secs => ${VERSION_SESSION_MS / 1000}), false)`,
    })
    .from(artworkVersions)
    .where(eq(artworkVersions.artworkId, artworkId));
  if (policy === 'session' && recent) return;
  const version = Number(last) + 1;
  await tx.insert(artworkVersions).values({
    artworkId,
    version,
    title: before.title,
    content: before.content,
    cover: before.cover,
    rawCover: before.rawCover,
    croppedCover: before.croppedCover,
    coverAlt: before.coverAlt,
    height: before.height,
    width: before.width,
  });
  const pruned = await tx
    .delete(artworkVersions)
    .where(and(eq(artworkVersions.artworkId, artworkId), lte(artworkVersions.version, version - VERSIONS_KEPT)))
    .returning();
  await enqueueMediaDelete(tx, pruned.flatMap(versionKeys));
}

/** An artwork's versions, newest first. */
export const versionsOf = (db: Executor, artworkId: number) =>
  db.select().from(artworkVersions).where(eq(artworkVersions.artworkId, artworkId)).orderBy(desc(artworkVersions.version));

export async function findVersion(db: Executor, artworkId: number, version: number): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(artworkVersions)
    .where(and(eq(artworkVersions.artworkId, artworkId), eq(artworkVersions.version, version)));
  return row ?? null;
}

/** Every key an artwork's versions name: erasing the artwork queues them with its own (the `artwork` collector). */
export async function versionKeysOf(db: Executor, artworkId: number): Promise<string[]> {
  return (await versionsOf(db, artworkId)).flatMap(versionKeys);
}

import { type Lang, localisedName, MEDIA_PREFIX, type Snapshot } from '@axoo/contract';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks, inviteApplications, inviteSnapshots } from '../../db/schema/index.ts';
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

/** Freezes the artwork for this application, in the applying transaction. */
export async function freezeSubmission(tx: Executor, application: { id: number; inviteId: number; artworkId: number }): Promise<SnapshotRow> {
  const [row] = await tx.select(withRelated(null)).from(artworks).where(eq(artworks.id, application.artworkId));
  if (!row) throw new Error(`artwork ${application.artworkId} vanished while applying`);
  const related: Related = typeof row.related === 'string' ? JSON.parse(row.related) : row.related;
  const [snapshot] = await tx
    .insert(inviteSnapshots)
    .values({
      applicationId: application.id,
      inviteId: application.inviteId,
      title: row.title,
      content: row.content,
      cover: row.cover,
      croppedCover: row.croppedCover,
      backgroundColor: row.backgroundColor,
      width: row.width,
      height: row.height,
      images: contentImageKeys(row.content),
      taxonomy: {
        categories: related.categories,
        fields: related.fields,
        concepts: related.concepts,
        tags: related.tags.map((t) => t.name),
      },
    })
    .returning();
  return snapshot;
}

/**
 * The stored keys the frozen submissions of these invites, or of this artwork's applications, name (cover, crop,
 * content images). A snapshot keeps them while it exists; whatever deletes snapshots queues these keys in its
 * transaction, so an image only a snapshot still showed does not stay behind (issue #13).
 */
export async function snapshotKeys(db: Executor, of: { inviteIds: number[] } | { artworkId: number }): Promise<string[]> {
  let where: SQL;
  if ('artworkId' in of) {
    where = inArray(
      inviteSnapshots.applicationId,
      db.select({ id: inviteApplications.id }).from(inviteApplications).where(eq(inviteApplications.artworkId, of.artworkId)),
    );
  } else {
    if (!of.inviteIds.length) return [];
    where = inArray(inviteSnapshots.inviteId, of.inviteIds);
  }
  const rows = await db
    .select({ cover: inviteSnapshots.cover, croppedCover: inviteSnapshots.croppedCover, images: inviteSnapshots.images })
    .from(inviteSnapshots)
    .where(where);
  return [...new Set(rows.flatMap((r) => [r.cover, r.croppedCover, ...r.images]).filter(Boolean))];
}

export function findSnapshots(db: Executor, applicationIds: number[]) {
  if (!applicationIds.length) return Promise.resolve([] as SnapshotRow[]);
  return db.select().from(inviteSnapshots).where(inArray(inviteSnapshots.applicationId, applicationIds));
}

export function presentSnapshot(row: SnapshotRow, lang: Lang) {
  return {
    title: row.title,
    content: row.content,
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

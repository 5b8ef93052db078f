import type { ArtworkCredentials, CredentialSummary } from '@axoo/contract';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import type { UserRow } from '../../domain/users/user.ts';
import { canViewArtwork } from '../../domain/artworks/scope.ts';
import { notFound } from '../../http/errors.ts';
import { mediaKeysIn } from '../../html/sanitize.ts';
import * as q from './queries.ts';

/** The images an artwork shows, in page order: the cover, its raw and cropped versions, then the content's. */
export function shownImages(a: { cover: string; rawCover: string; croppedCover: string; content: string }): string[] {
  return [...new Set([a.cover, a.rawCover, a.croppedCover, ...mediaKeysIn(a.content)].filter(Boolean))];
}

/** Issue #35: whether any of these images carried valid Content Credentials (the artwork's `credentials` column). */
export async function anyValidCredentials(db: Executor, keys: string[]): Promise<boolean> {
  if (!keys.length) return false;
  const [row] = await db
    .select({ key: media.key })
    .from(media)
    .where(and(inArray(media.key, keys), sql`${media.credentials}->>'state' = 'valid'`))
    .limit(1);
  return row !== undefined;
}

/**
 * `GET /api/v1/artworks/{id}/credentials/`: the summaries of the artwork's images that carried a manifest, to whoever
 * may see the artwork (404 otherwise, as its detail).
 */
export async function readArtworkCredentials(db: Executor, viewer: UserRow | null, id: number): Promise<ArtworkCredentials> {
  const row = await q.findArtworkRow(db, id);
  if (!row || !canViewArtwork(viewer, row)) throw notFound();
  const keys = shownImages(row);
  if (!keys.length) return { images: [] };
  const rows = await db
    .select({ key: media.key, credentials: media.credentials })
    .from(media)
    .where(and(inArray(media.key, keys), isNotNull(media.credentials)));
  const byKey = new Map(rows.map((r) => [r.key, r.credentials as CredentialSummary]));
  return { images: keys.filter((k) => byKey.has(k)).map((filename) => ({ filename, credentials: byKey.get(filename) as CredentialSummary })) };
}

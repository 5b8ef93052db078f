import { createHash, randomBytes } from 'node:crypto';
import type { Watermark } from '@axoo/contract';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { artworks } from '../../db/schema/index.ts';
import { mediaKeysIn, OWN_MEDIA_SRC } from '../../html/sanitize.ts';
import { type MediaAccess, publicCopyAccess } from '../../media/protection.ts';

/**
 * Issue #34 (6), the one rule of protected work: while a project has a cap on its public renditions
 * (`max_public_width`) or a watermark, it has a `protection_salt`, and every answer for anyone but its author (lists,
 * the detail, review links, share previews, oEmbed, sitemaps, Atom feeds, mails, notices) names its images by their
 * public copies, `artworks/<id>/p/<md5(salt ‖ key)>.<ext>`, never by their keys. `/media/` serves a public copy
 * rendered from the original within the cap and with the watermark (`media/protection.ts`), and an original of
 * protected work to its author only (`mediaAccessOfArtwork`). A new salt on every change of the cap or the watermark
 * renames the public copies: the old names stop resolving (a 404, which nginx's revalidation passes on, issue #29).
 */
export interface ProtectedRow {
  id: number;
  protectionSalt: string | null;
}

/** Whether an artwork shows public copies to others. */
export const isProtected = (row: { protectionSalt: string | null }): boolean => row.protectionSalt !== null;

/** A fresh salt for a project that has a cap or a watermark, null for one that has neither. */
export const saltFor = (maxPublicWidth: number | null, watermark: Watermark | null): string | null =>
  maxPublicWidth !== null || watermark !== null ? randomBytes(16).toString('hex') : null;

const extensionOf = (key: string) => /\.[a-z]+$/.exec(key)?.[0] ?? '';

/** `<folder>/<md5(salt ‖ key)>.<ext>`: a public copy's name, from which the key cannot be derived ('' stays ''). */
export function saltedKey(folder: string, salt: string, key: string): string {
  if (!key) return key;
  const hash = createHash('md5')
    .update(salt + key)
    .digest('hex');
  return `${folder}/${hash}${extensionOf(key)}`;
}

/** The public copy's key of one of a protected artwork's images ('' stays ''); the same as `publicCover` in SQL. */
export function publicKeyOf(row: ProtectedRow, key: string): string {
  return row.protectionSalt === null ? key : saltedKey(`artworks/${row.id}/p`, row.protectionSalt, key);
}

/** A body with its own images named by their public copies (a width asked for stays). */
export function publicContent(row: ProtectedRow, html: string): string {
  if (row.protectionSalt === null) return html;
  return html.replace(/(<img\b[^>]*?\ssrc=")([^"]*)"/g, (whole, before: string, src: string) => {
    const match = OWN_MEDIA_SRC.exec(src);
    if (!match) return whole;
    return `${before}${src.replace(match[1], publicKeyOf(row, match[1]))}"`;
  });
}

/**
 * A cover column of `artworks` as anyone but its author may receive it, in SQL (previews, feeds, notices): the public
 * copy when the work is protected (md5 in PostgreSQL and PGlite alike, the same name as `publicKeyOf`).
 */
export function publicCover(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`(case when ${artworks.protectionSalt} is null or ${column} = '' then ${column} else 'artworks/' || ${artworks.id} || '/p/' || md5(${artworks.protectionSalt} || ${column}) || coalesce(substring(${column} from '\\.[a-z]+$'), '') end)`;
}

/** What the media route needs to know of an artwork to serve its folder. */
type ProtectionRow = Pick<
  typeof artworks.$inferSelect,
  'id' | 'authorId' | 'protectionSalt' | 'maxPublicWidth' | 'watermark' | 'cover' | 'rawCover' | 'croppedCover' | 'content' | 'blurredCover'
>;

export async function protectionOf(db: Executor, id: number): Promise<ProtectionRow | null> {
  const [row] = await db
    .select({
      id: artworks.id,
      authorId: artworks.authorId,
      protectionSalt: artworks.protectionSalt,
      maxPublicWidth: artworks.maxPublicWidth,
      watermark: artworks.watermark,
      cover: artworks.cover,
      rawCover: artworks.rawCover,
      croppedCover: artworks.croppedCover,
      content: artworks.content,
      blurredCover: artworks.blurredCover,
    })
    .from(artworks)
    .where(eq(artworks.id, id));
  return row ?? null;
}

/** Every image a protected artwork shows: its covers and its body's own images. */
export const imagesOf = (row: Pick<ProtectionRow, 'cover' | 'rawCover' | 'croppedCover' | 'content'>): string[] => [
  ...new Set([row.cover, row.rawCover, row.croppedCover, ...mediaKeysIn(row.content)].filter(Boolean)),
];

/** `artworks/12/…` → 12, or null for a key outside an artwork's folder. */
export function artworkOfKey(key: string): number | null {
  const m = /^artworks\/(\d{1,9})\//.exec(key);
  return m ? Number(m[1]) : null;
}

/**
 * How `/media/` may serve a key of an artwork's folder: a public copy of a protected artwork (its original, the cap,
 * the watermark), a name that no longer resolves (the salt changed, the image went), an object only the author may
 * fetch (anything else of a protected artwork's folder but the blurred cover), or null (served as before).
 */
export function mediaAccessOfArtwork(row: ProtectionRow | null, key: string): MediaAccess | null {
  if (!row || row.protectionSalt === null) return null;
  if (key.startsWith(`artworks/${row.id}/p/`)) {
    return publicCopyAccess(key, imagesOf(row), (k) => publicKeyOf(row, k), row);
  }
  if (key === row.blurredCover) return null;
  return { kind: 'restricted', allows: (user) => user.id === row.authorId };
}

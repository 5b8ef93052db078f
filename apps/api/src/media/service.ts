import { randomBytes } from 'node:crypto';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@axoo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/client.ts';
import { media, mediaCredentialChains } from '../db/schema/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { readCredentials, trustAnchors } from './credentials.ts';
import { checkImage, EXTENSIONS, ImageRejected, type ImageType } from './images.ts';
import type { Storage } from './storage.ts';

/** What uploads need of a service's dependencies (`Deps` without what media does not use: plumbing sits below it). */
type Deps = { db: Db; storage: Storage };
/** Finishing an upload also reads its Content Credentials: the trust list's setting, and a log for refused manifests. */
type FinishDeps = Deps & { config: Pick<Config, 'C2PA_TRUST_ANCHORS'>; log: FastifyBaseLogger };

/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const COMPLETE_PATH = '/api/v1/media/complete/';
/** Server-made keys only: lowercase path segments and one of our four extensions. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|png|gif|webp)$/;
const PREFIX_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

export interface PresignRequest {
  ownerId: number;
  filename: string;
  contentType: string;
  size?: number | null;
  width?: number | null;
  height?: number | null;
  /** Folder of the object, e.g. `artworks/12`, `avatars/3`, `invites/4/columns`. */
  prefix: string;
}

/** SPEC §7 presign answer, plus the PUT headers and (S3) the URL to POST once the bytes are there. */
export interface PresignAnswer {
  url: string;
  filename: string;
  headers: Record<string, string>;
  complete_url?: string;
}

/** A fresh object name in a folder: random, never the client's filename nor anything it shows. */
export function newMediaKey(prefix: string, extension: string): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`bad media prefix ${prefix}`);
  const name = randomBytes(12)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
  return `${prefix}/${name}.${extension}`;
}

const isImageType = (t: string): t is ImageType => (IMAGE_TYPES as readonly string[]).includes(t);

/**
 * SPEC §4 Image upload, step 2, shared by every feature's presign endpoint: checks the declared type and
 * size, names the object (never after the client's filename), records a pending `media` row and returns
 * where to PUT the bytes. Callers check who may upload for their resource before calling this.
 */
export async function createPresignedUpload(deps: Deps, r: PresignRequest): Promise<PresignAnswer> {
  const errors: Record<string, string> = {};
  const contentType = r.contentType.toLowerCase();
  if (!isImageType(contentType)) errors.type = 'media.type_invalid';
  if (r.size != null && (!Number.isFinite(r.size) || r.size > IMAGE_MAX_BYTES)) errors.size = 'media.too_large';
  if (!r.filename || r.filename.length > 255) errors.filename = 'media.filename_invalid';
  if (Object.keys(errors).length) throw badRequest(errors);
  const type = contentType as ImageType;
  const key = newMediaKey(r.prefix, EXTENSIONS[type]);
  const storage = deps.storage;
  const maxBytes = IMAGE_MAX_BYTES;
  const signed = await storage.presignPut(key, { contentType: type, maxBytes, size: r.size ?? 0, expiresIn: UPLOAD_URL_TTL_SECONDS });
  await deps.db.insert(media).values({
    key,
    ownerId: r.ownerId,
    contentType: type,
    size: r.size ?? 0,
    width: r.width ?? null,
    height: r.height ?? null,
    status: 'pending',
  });
  return {
    url: signed.url,
    filename: key,
    headers: signed.headers,
    ...(storage.kind === 's3' ? { complete_url: COMPLETE_PATH } : {}),
  };
}

export interface StoredImage {
  filename: string;
  width: number;
  height: number;
  dominant_color: string;
}

/**
 * After the bytes arrived (the local PUT, or the S3 `complete_url` call): check them, strip metadata,
 * store the clean copy and mark the row ready. Refused bytes are deleted and answered with a field message.
 */
export async function finishUpload(deps: FinishDeps, key: string, given?: Buffer): Promise<StoredImage> {
  const [row] = await deps.db.select().from(media).where(eq(media.key, key));
  if (!row) throw notFound();
  if (row.status === 'ready') throw new AppError(409, { detail: 'media.already_uploaded' });
  const storage = deps.storage;
  const bytes = given ?? (await storage.get(key));
  if (!bytes) throw badRequest({ filename: 'media.missing' });
  const refuse = async (message: string) => {
    if (!given) await storage.delete(key);
    await deps.db.update(media).set({ status: 'rejected' }).where(eq(media.key, key));
    return badRequest({ filename: message });
  };
  if (bytes.length > IMAGE_MAX_BYTES) throw await refuse('media.too_large');
  let checked: Awaited<ReturnType<typeof checkImage>>;
  try {
    checked = await checkImage(bytes, row.contentType as ImageType);
  } catch (error) {
    if (error instanceof ImageRejected) throw await refuse(`media.rejected_${error.reason}`);
    throw error;
  }
  // Issue #35: the manifest is read from the bytes as uploaded (the stored copy is stripped of it, like any metadata).
  const read = await readCredentials(bytes, trustAnchors(deps.config.C2PA_TRUST_ANCHORS));
  if (read.reason) deps.log.warn({ key, reason: read.reason }, 'content credentials ignored');
  if (given || checked.body !== bytes) await storage.put(key, checked.body, checked.contentType);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(media)
      .set({
        status: 'ready',
        size: checked.body.length,
        width: checked.width,
        height: checked.height,
        dominantColor: checked.dominantColor,
        credentials: read.summary,
      })
      .where(eq(media.key, key));
    // What a change of the trust list re-decides trust from (server-side only; see credentials.ts `chain`).
    if (read.chain)
      await tx
        .insert(mediaCredentialChains)
        .values({ key, chain: read.chain })
        .onConflictDoUpdate({ target: mediaCredentialChains.key, set: { chain: read.chain } });
  });
  return { filename: key, width: checked.width, height: checked.height, dominant_color: checked.dominantColor };
}

/** The S3 `complete_url` call: only the uploader may finish their own upload. */
export async function completeUpload(deps: FinishDeps, key: string, userId: number): Promise<StoredImage> {
  if (!KEY_PATTERN.test(key)) throw notFound();
  const [row] = await deps.db.select({ ownerId: media.ownerId }).from(media).where(eq(media.key, key));
  if (!row) throw notFound();
  if (row.ownerId !== userId) throw forbidden();
  return finishUpload(deps, key);
}

/**
 * Of the given stored image keys, those that are NOT ready uploads of this owner. Features call it before
 * saving an image field so nobody can attach another user's object or a never-checked one.
 */
export async function foreignMedia(db: Executor, ownerId: number, keys: string[]): Promise<string[]> {
  const wanted = [...new Set(keys.filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await db
    .select({ key: media.key })
    .from(media)
    .where(and(inArray(media.key, wanted), eq(media.ownerId, ownerId), eq(media.status, 'ready')));
  const ok = new Set(rows.map((r) => r.key));
  return wanted.filter((k) => !ok.has(k));
}

/** Dominant colours of stored images, for loading placeholders. */
export async function dominantColors(db: Executor, keys: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(keys.filter(Boolean))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ key: media.key, color: media.dominantColor }).from(media).where(inArray(media.key, wanted));
  return new Map(rows.filter((r) => r.color).map((r) => [r.key, r.color as string]));
}

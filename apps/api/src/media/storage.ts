import type { Readable } from 'node:stream';

/** Where a browser sends the bytes of one upload, and which headers the PUT must carry. */
export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

/**
 * The object store behind `/media/<key>` (DESIGN "storage"): a local folder by default, any S3-compatible
 * bucket when S3_BUCKET is set. Keys are server-made (see `service.ts`), never taken from a client as is.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A URL the browser PUTs the bytes to, bound to the key, type, size limit and expiry. */
  presignPut(key: string, options: { contentType: string; maxBytes: number; size: number; expiresIn: number }): Promise<PresignedPut>;
  /** The bytes of an object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** An object's bytes as a stream with its length, or null when there is none (archives, downloads). */
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  /**
   * Stores a file from disk as a private object: never public-read, never served by `/media/`, only through a
   * route that checks who asks (exports). Streamed, so its size does not matter.
   */
  putPrivateFile(key: string, file: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every object's key and size, in no set order (issue #32: backups walk the whole store). */
  list(): AsyncIterable<{ key: string; size: number }>;
}

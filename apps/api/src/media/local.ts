import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import type { PresignedPut, Storage } from './storage.ts';

/** The signed fields of a local upload URL: the same-origin stand-in for an S3 presigned PUT. */
export interface UploadGrant {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Unix seconds. */
  expires: number;
}

export function signGrant(secret: string, g: UploadGrant): string {
  return createHmac('sha256', secret).update(`upload\n${g.key}\n${g.contentType}\n${g.maxBytes}\n${g.expires}`).digest('base64url');
}

/** Constant-time check of a grant's signature; expiry is checked separately so the caller can say which failed. */
export function verifyGrant(secret: string, g: UploadGrant, signature: string): boolean {
  const expected = Buffer.from(signGrant(secret, g));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Files under `DATA_DIR/media`; uploads go to the API itself at `/media/upload/<key>` with an HMAC signature. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;
  constructor(private readonly config: Config) {
    this.root = resolve(config.mediaDir);
  }

  private path(key: string): string {
    const full = resolve(join(this.root, key));
    if (!full.startsWith(this.root + sep)) throw new Error('key outside the media folder');
    return full;
  }

  async presignPut(key: string, o: { contentType: string; maxBytes: number; expiresIn: number }): Promise<PresignedPut> {
    const grant: UploadGrant = { key, contentType: o.contentType, maxBytes: o.maxBytes, expires: Math.floor(Date.now() / 1000) + o.expiresIn };
    const query = new URLSearchParams({
      expires: String(grant.expires),
      type: grant.contentType,
      max: String(grant.maxBytes),
      sig: signGrant(this.config.SECRET_KEY, grant),
    });
    const path = key.split('/').map(encodeURIComponent).join('/');
    return { url: `/media/upload/${path}?${query}`, headers: { 'Content-Type': o.contentType } };
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch {
      return null;
    }
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.place(key, (tmp) => writeFile(tmp, body));
  }

  /** Writes beside the object's path, then renames, so a reader never sees half a file. */
  private async place(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await write(tmp);
    await rename(tmp, file);
  }

  async open(key: string): Promise<{ body: Readable; size: number } | null> {
    const file = this.path(key);
    try {
      const { size } = await stat(file);
      return { body: createReadStream(file), size };
    } catch {
      return null;
    }
  }

  async putPrivateFile(key: string, source: string): Promise<void> {
    await this.place(key, (tmp) => copyFile(source, tmp));
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** The files under the media folder, but a write's temporary file (`place`) that has not been renamed yet. */
  async *list(): AsyncIterable<{ key: string; size: number }> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
      const file = join(entry.parentPath, entry.name);
      const size = await stat(file).then(
        (s) => s.size,
        () => null,
      );
      if (size !== null) yield { key: relative(this.root, file).split(sep).join('/'), size };
    }
  }
}

import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import { notFound } from '../http/errors.ts';
import type { Storage } from './storage.ts';

/** One file of an archive: its name inside the ZIP and how to open its bytes when the writer gets to it. */
export interface ArchiveEntry {
  name: string;
  open: () => Promise<Readable | null> | Readable | null;
  /** Images are already compressed: store them as they are. */
  compress?: boolean;
}

/** A stored object (an original upload) as an entry; a key whose object is gone is left out. */
export function storedEntry(storage: Storage, name: string, key: string): ArchiveEntry {
  return { name, compress: false, open: async () => (await storage.open(key))?.body ?? null };
}

/** Generated text (JSON, CSV lines) as an entry, produced while it is written. */
export function textEntry(name: string, chunks: AsyncIterable<string> | Iterable<string>): ArchiveEntry {
  return { name, open: () => Readable.from(chunks, { objectMode: false }) };
}

export interface ArchiveResult {
  /** Size of the ZIP in bytes. */
  bytes: number;
  /** Entries written (missing stored objects are not counted). */
  entries: number;
}

/**
 * Writes a ZIP of `entries` to a private object at `key` (issues #16 juror packs, #18 data exports). Entries are
 * opened one at a time as the writer reaches them and the ZIP goes to a temporary file, then to the store as a
 * stream: memory stays flat whatever the archive's size. `onProgress(done)` is told after each entry.
 */
export async function writeArchive(
  storage: Storage,
  key: string,
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
  onProgress?: (done: number) => Promise<void> | void,
): Promise<ArchiveResult> {
  const dir = await mkdtemp(join(tmpdir(), 'axoo-archive-'));
  const file = join(dir, 'archive.zip');
  try {
    const zip = new ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(file));
    written.catch(() => {}); // awaited below; this only keeps an early failure from being unhandled
    let count = 0;
    let done = 0;
    let failure: unknown = null;
    // Progress reports run one after another and are all through before this answers: a report left running could
    // land after the caller's own final write and set the figure back (a pack "done" at 6 of 7).
    let reported: Promise<void> = Promise.resolve();
    zip.on('error', (error: unknown) => {
      failure = error;
    });
    for await (const entry of entries) {
      const source = await entry.open();
      if (!source) continue;
      count += 1;
      source.once('end', () => {
        done += 1;
        const now = done;
        reported = reported.then(() => onProgress?.(now)).catch(() => {});
      });
      zip.addReadStreamLazy(entry.name, { compress: entry.compress ?? true }, (cb) => cb(null, source));
      // Wait until the writer has consumed this entry before opening the next one, so at most one source is open.
      await Promise.race([
        new Promise<void>((resolve, reject) => {
          source.once('end', resolve);
          source.once('error', reject);
        }),
        written.then(() => {
          throw new Error('the archive ended before its entry was written');
        }),
      ]);
    }
    zip.end();
    await written;
    await reported;
    if (failure) throw failure;
    const { size } = await stat(file);
    await storage.putPrivateFile(key, file, 'application/zip');
    return { bytes: size, entries: count };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Answers a private stored file as a download (the route has already checked who may have it): streamed, with its
 * length and a file name that survives Korean characters (RFC 6266 / RFC 5987). A missing object is a 404.
 */
export async function sendDownload(reply: FastifyReply, storage: Storage, key: string, filename: string, contentType = 'application/zip') {
  const object = await storage.open(key);
  if (!object) throw notFound();
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('Content-Type', contentType)
    .header('Content-Length', object.size)
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('Cache-Control', 'private, no-store')
    .send(object.body);
}

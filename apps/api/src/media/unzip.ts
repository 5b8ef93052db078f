import { IMPORT_SHEET, type IMPORT_SKIP_REASONS } from '@axoo/contract/imports';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * Reading an uploaded ZIP (issue #34.5) with yauzl: its central directory first (names, sizes, kinds; nothing
 * unpacked), then one entry at a time as a stream bounded by its size. yauzl checks that an entry unpacks to the size
 * its header records (`validateEntrySizes`), so a lying header (a ZIP bomb) stops at the first byte too many. Names
 * are decoded and judged here, not by yauzl (whose check would refuse the whole archive for one bad name): a path
 * that climbs out or is absolute, a symbolic link, a hidden file, a duplicate or a non-image is skipped with its reason.
 */
export type SkipReason = (typeof IMPORT_SKIP_REASONS)[number];

export interface ArchiveFile {
  /** The entry's position in the archive's directory: the same on every reading. */
  position: number;
  /** The path as given (decoded), for the report. */
  path: string;
  /** The folder of an image ('' at the top). */
  folder: string;
  kind: 'image' | 'sheet' | 'skipped';
  reason: SkipReason | null;
  entry: Entry;
}

/** The archive could not be read as a ZIP, or lists more entries than allowed. */
export class ArchiveRefused extends Error {
  constructor(readonly reason: 'not_zip' | 'too_many_files') {
    super(reason);
  }
}

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false }, (error, zip) => {
      if (error || !zip) reject(new ArchiveRefused('not_zip'));
      else resolve(zip);
    });
  });
}

/** Every entry of the directory, refused past `maxEntries` before the rest is read. */
export function listEntries(zip: ZipFile, maxEntries: number): Promise<Entry[]> {
  if (zip.entryCount > maxEntries) return Promise.reject(new ArchiveRefused('too_many_files'));
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', () => reject(new ArchiveRefused('not_zip')));
    zip.readEntry();
  });
}

function decodeName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  if (typeof raw === 'string') return raw;
  // Bit 11: the name is UTF-8; older tools wrote their own code page, read byte for byte.
  return (entry.generalPurposeBitFlag & 0x800 ? raw.toString('utf8') : raw.toString('latin1')).normalize('NFC');
}

/** Why a name is never imported, or null; directories answer 'dir'. */
function judgeName(name: string, entry: Entry): SkipReason | 'dir' | null {
  if (name.includes('\0') || name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return 'unsafe_path';
  const segments = name.split(/[\\/]/);
  if (segments.includes('..')) return 'unsafe_path';
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return 'symlink';
  if (name.endsWith('/')) return 'dir';
  if (segments.some((s) => s.startsWith('.') || s === '__MACOSX')) return 'hidden';
  return null;
}

/** Each file of the directory with what the import does with it; directories are left out. */
export function classifyEntries(entries: Entry[]): ArchiveFile[] {
  const seen = new Set<string>();
  const files: ArchiveFile[] = [];
  for (const [position, entry] of entries.entries()) {
    const path = decodeName(entry);
    const judged = judgeName(path, entry);
    if (judged === 'dir') continue;
    const clean = path
      .split(/[\\/]/)
      .filter((s) => s && s !== '.')
      .join('/');
    const cut = clean.lastIndexOf('/');
    const folder = cut < 0 ? '' : clean.slice(0, cut);
    const unique = clean.toLowerCase();
    let kind: ArchiveFile['kind'] = 'skipped';
    let reason: SkipReason | null = judged;
    if (!reason && seen.has(unique)) reason = 'duplicate';
    else if (!reason && unique === IMPORT_SHEET) kind = 'sheet';
    else if (!reason && !IMAGE_EXTENSIONS.test(clean)) reason = 'not_image';
    else if (!reason) kind = 'image';
    if (!judged) seen.add(unique);
    files.push({ position, path, folder, kind, reason, entry });
  }
  return files;
}

/** An entry's bytes, at most `maxBytes`: 'too_large' past it, 'size_mismatch' when it unpacks to another size than recorded. */
export function readEntry(zip: ZipFile, entry: Entry, maxBytes: number): Promise<Buffer | SkipReason> {
  if (entry.uncompressedSize > maxBytes) return Promise.resolve('too_large');
  if ((entry.generalPurposeBitFlag & 0x1) !== 0 || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) {
    return Promise.resolve('unreadable');
  }
  return new Promise((resolve) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return resolve('unreadable');
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > maxBytes) {
          stream.destroy();
          resolve('size_mismatch');
          return;
        }
        chunks.push(chunk);
      });
      stream.once('error', (err: Error) => resolve(/bytes/i.test(err.message) ? 'size_mismatch' : 'unreadable'));
      stream.once('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

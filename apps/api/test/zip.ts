import type { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { type Entry, fromBuffer } from 'yauzl';

/** Every file of a ZIP: name → bytes (yauzl reads it the way an unzip tool does). */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Buffer>();
    fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      file.on('entry', (entry: Entry) => {
        file.openReadStream(entry, (err, stream: Readable | undefined) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(files));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

/** One entry of a hand-made ZIP; the fields past `data` make hostile archives (issue #34.5). */
export interface ZipEntrySpec {
  name: string;
  data?: Buffer;
  /** Deflate the bytes (default: stored). */
  deflate?: boolean;
  /** Unix mode in the external attributes (0o120777 makes a symbolic link). */
  mode?: number;
  /** The uncompressed size the headers claim (a lying header: a ZIP bomb). */
  claimedSize?: number;
}

/**
 * A ZIP written byte by byte (local headers, data, central directory), so a test can name entries that no archiver
 * writes: `../` paths, absolute paths, symbolic links, duplicates, sizes that lie.
 */
export function makeZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = e.data ?? Buffer.alloc(0);
    const body = e.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(e.name, 'utf8');
    const size = e.claimedSize ?? raw.length;
    const crc = crc32(raw);
    const method = e.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? (e.name.endsWith('/') ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

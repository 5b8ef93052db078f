import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../test/zip.ts';
import { loadConfig } from '../config.ts';
import { csvLines } from '../http/csv.ts';
import { storedEntry, textEntry, writeArchive } from './archive.ts';
import { LocalStorage } from './local.ts';
import type { Storage } from './storage.ts';

const storage = (): Storage => new LocalStorage(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'axoo-archive-test-')) }));

describe('writeArchive', () => {
  it('writes stored originals and generated text into a private ZIP, one entry at a time, and counts progress', async () => {
    const store = storage();
    const image = Buffer.alloc(300_000, 7);
    await store.put('artworks/1/cover.png', image, 'image/png');
    await store.put('artworks/1/content.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    let open = 0;
    let most = 0;
    const counted = (entry: ReturnType<typeof storedEntry>) => ({
      ...entry,
      open: async () => {
        const stream = await entry.open();
        open += 1;
        most = Math.max(most, open);
        stream?.once('end', () => {
          open -= 1;
        });
        return stream;
      },
    });
    async function* entries() {
      yield counted(storedEntry(store, '1-1.png', 'artworks/1/cover.png'));
      yield counted(storedEntry(store, '1-2.jpg', 'artworks/1/content.jpg'));
      yield storedEntry(store, 'gone.png', 'artworks/1/deleted.png');
      yield textEntry(
        'answers.csv',
        csvLines(
          ['title', 'answer'],
          [
            ['비 오는 날', '=1+1'],
            ['a "quoted", title', 'line\nbreak'],
          ],
        ),
      );
    }
    const progress: number[] = [];
    const result = await writeArchive(store, 'exports/test.zip', entries(), (done) => {
      progress.push(done);
    });
    expect(result.entries).toBe(3);
    expect(most).toBe(1);
    expect(progress).toEqual([1, 2, 3]);
    const opened = await store.open('exports/test.zip');
    expect(opened?.size).toBe(result.bytes);
    const files = await unzip((await store.get('exports/test.zip')) as Buffer);
    expect([...files.keys()]).toEqual(['1-1.png', '1-2.jpg', 'answers.csv']);
    expect(files.get('1-1.png')?.equals(image)).toBe(true);
    expect(files.get('1-2.jpg')?.toString()).toBe('jpeg bytes');
    expect(files.get('answers.csv')?.toString()).toBe('\uFEFFtitle,answer\r\n비 오는 날,\'=1+1\r\n"a ""quoted"", title","line\nbreak"\r\n');
  });

  it('fails, and stores nothing, when an entry cannot be read', async () => {
    const store = storage();
    const broken = {
      name: 'broken.txt',
      open: () =>
        new Readable({
          read() {
            this.destroy(new Error('disk gone'));
          },
        }),
    };
    await expect(writeArchive(store, 'exports/broken.zip', [broken])).rejects.toThrow('disk gone');
    expect(await store.open('exports/broken.zip')).toBeNull();
  });
});

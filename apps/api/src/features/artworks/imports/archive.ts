import { TAG_LENGTH_MAX, TAGS_MAX, TITLE_MAX } from '@axoo/contract';
import { normalizeTags } from '@axoo/contract/artworks';
import { IMPORT_SHEET_MAX_BYTES } from '@axoo/contract/imports';
import type { Entry, ZipFile } from 'yauzl';
import { escapeHtml } from '../../../html/escape.ts';
import { parseCsv } from '../../../http/csv.ts';
import type { ArchiveFile } from '../../../media/unzip.ts';
import { readEntry } from '../../../media/unzip.ts';

/** What `projects.csv` says of one folder (or one image at the top, by its file name). */
export interface SheetRow {
  title: string;
  tags: string[];
  description: string;
}

/** One draft to make: the images of a folder, or one image at the top. */
export interface DraftGroup {
  key: string;
  folder: string;
  files: ArchiveFile[];
}

/** `projects.csv`: a header naming folder, title, tags, description (any order, any case); other columns are ignored. */
export async function readSheet(zip: ZipFile, entry: Entry | undefined): Promise<Map<string, SheetRow>> {
  const sheet = new Map<string, SheetRow>();
  if (!entry) return sheet;
  const bytes = await readEntry(zip, entry, IMPORT_SHEET_MAX_BYTES);
  if (!Buffer.isBuffer(bytes)) return sheet;
  const [header, ...rows] = parseCsv(bytes.toString('utf8'));
  if (!header) return sheet;
  const at = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name);
  const [folder, title, tags, description] = ['folder', 'title', 'tags', 'description'].map(at);
  if (folder < 0) return sheet;
  for (const row of rows) {
    const key = (row[folder] ?? '').trim().replace(/^\/+|\/+$/g, '');
    if (!key) continue;
    const names = (row[tags] ?? '').split(/[;,]/);
    sheet.set(key.toLowerCase(), {
      title: (row[title] ?? '').trim().slice(0, TITLE_MAX),
      tags: normalizeTags(names.filter((n) => n.trim().length <= TAG_LENGTH_MAX)).slice(0, TAGS_MAX),
      description: (row[description] ?? '').trim().slice(0, 20_000),
    });
  }
  return sheet;
}

/** One draft per folder, one per image at the top, in the archive's order. */
export function draftGroups(files: ArchiveFile[]): DraftGroup[] {
  const groups = new Map<string, DraftGroup>();
  for (const file of files) {
    if (file.kind !== 'image') continue;
    const key = file.folder ? `folder:${file.folder.toLowerCase()}` : `file:${file.path.toLowerCase()}`;
    const group = groups.get(key) ?? { key, folder: file.folder, files: [] };
    group.files.push(file);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const baseName = (path: string) => path.split('/').pop() ?? path;

/** The sheet's row for a group: its folder, or for an image at the top its file name (with or without extension). */
export function sheetRowOf(sheet: Map<string, SheetRow>, group: DraftGroup): SheetRow | undefined {
  if (group.folder) return sheet.get(group.folder.toLowerCase());
  const name = baseName(group.files[0].path).toLowerCase();
  return sheet.get(name) ?? sheet.get(name.replace(/\.[^.]+$/, ''));
}

/** The draft's title: the sheet's, else the folder's last name, else the image's name without its extension. */
export function titleOf(group: DraftGroup, row: SheetRow | undefined): string {
  if (row?.title) return row.title;
  const name = group.folder ? baseName(group.folder) : baseName(group.files[0].path).replace(/\.[^.]+$/, '');
  return name.trim().slice(0, TITLE_MAX);
}

/** The draft's body: the description's paragraphs, then its images in the archive's order. */
export function contentOf(description: string, keys: string[]): string {
  const paragraphs = description
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`);
  return [...paragraphs, ...keys.map((key) => `<p><img src="/media/${key}"></p>`)].join('');
}

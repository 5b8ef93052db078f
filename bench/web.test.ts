/**
 * Issue #29.7: each public page's initial JavaScript stays within its budget (bench/web.ts, PAGE_BUDGETS; issue #5
 * for the gallery). A size, not a timing: it builds the browser app from the current sources into a temporary
 * directory (never a build lying around) and reads its manifest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, initialFiles, measurePages, PAGE_BUDGETS, type PageSize, pageRoots } from './web.ts';

describe('initial JavaScript of the public pages (issue #29.7)', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'axoo-web-size-'));
  let pages: PageSize[] = [];
  beforeAll(() => {
    buildWeb(outDir, true);
    pages = measurePages(outDir);
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it.each(PAGE_BUDGETS.map((b) => [b.page, b.path, b.gzipKb] as const))('%s (%s) is at most %i KB gzip', (page, _path, budget) => {
    const size = pages.find((p) => p.page === page);
    expect(size?.files.length).toBeGreaterThan(3);
    expect(Math.round((size?.gzip ?? Infinity) / 102.4) / 10).toBeLessThanOrEqual(budget);
  });

  it("counts a page's own chunks and what they import, not the chunks it loads later", () => {
    const manifest = {
      'index.html': { file: 'a.js', imports: ['_shared'] },
      _shared: { file: 's.js' },
      'src/page.tsx': { file: 'p.js', imports: ['_shared', '_lib'] },
      _lib: { file: 'l.js' },
      'src/later.tsx': { file: 'later.js' },
    };
    expect(initialFiles(manifest, ['index.html', 'src/page.tsx'])).toEqual(['a.js', 's.js', 'p.js', 'l.js']);
    expect(() => initialFiles(manifest, ['src/gone.tsx'])).toThrow(/no src\/gone.tsx/);
  });

  it("finds a page's modules as the server does (a profile is any other slug)", () => {
    expect(pageRoots('/gallery/all/')).toContain('src/features/gallery/GalleryPage.tsx');
    expect(pageRoots('/someone/')).toContain('src/features/profiles/ProfilePage.tsx');
  });
});

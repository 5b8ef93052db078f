/**
 * Issue #5 web budget: the initial JavaScript of `/gallery/all/` ≤ 150 KB gzip. Builds the web app
 * into a temporary directory (`npm run build -w @axoo/web` with WEB_OUT_DIR, NODE_ENV=production),
 * then follows the build manifest from `index.html`, the interface language's bundle and the gallery
 * page through their static `imports` (what the browser loads before the gallery can render) and
 * sums gzip -9 and brotli (quality 11, what the build writes beside each file) per file.
 * Needs no server: bench/run.ts calls it; `npm run bench -- --only web` runs it alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_GZIP_KB = 150;
const ROOT = new URL('../', import.meta.url).pathname;
/** The manifest keys whose static closure the gallery route needs (the lead's server preloads the same). */
const ROOTS = ['index.html', 'src/boot.tsx', 'src/i18n/bundle-ko.ts', 'src/features/gallery/GalleryPage.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface WebFile {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

/** The JavaScript files reached from `roots` through static imports, in visiting order. */
export function initialFiles(manifest: Record<string, ManifestChunk>, roots: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const r of roots) visit(r);
  return files;
}

/** Sizes of each initial file of an existing build in `outDir`. */
export function measureBuild(outDir: string, roots = ROOTS): WebFile[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  return initialFiles(manifest, roots).map((file) => {
    const body = readFileSync(join(outDir, file));
    return {
      file,
      bytes: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/**
 * A production build of the web app (the browser app and its server renderer) in `outDir`, by the
 * web package's own build script. Returns the seconds it took.
 */
export function buildWeb(outDir: string): number {
  const started = performance.now();
  execFileSync('npm', ['run', 'build', '-w', '@axoo/web'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', WEB_OUT_DIR: outDir, WEB_SOURCEMAP: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return (performance.now() - started) / 1000;
}

/** Builds the web app, prints the initial JavaScript of `/gallery/all/` and a PASS/FAIL verdict. */
export async function webBudget(out: (line: string) => void = console.log): Promise<boolean> {
  const outDir = mkdtempSync(join(tmpdir(), 'axoo-web-'));
  try {
    out(`  built apps/web in ${buildWeb(outDir).toFixed(1)} s`);
    const files = measureBuild(outDir);
    const widths = [Math.max(4, ...files.map((f) => f.file.length)), 10, 10, 10];
    const row = (cells: string[]) => `  ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')}`;
    out(row(['file', 'raw', 'gzip -9', 'brotli']));
    for (const f of files) out(row([f.file, kb(f.bytes), kb(f.gzip), kb(f.brotli)]));
    const sum = (key: 'bytes' | 'gzip' | 'brotli') => files.reduce((s, f) => s + f[key], 0);
    out(row([`total (${files.length} files)`, kb(sum('bytes')), kb(sum('gzip')), kb(sum('brotli'))]));
    const ok = sum('gzip') <= BUDGET_GZIP_KB * 1024;
    out(`  ${ok ? 'PASS' : 'FAIL'}  initial JavaScript of /gallery/all/ (ko): ${kb(sum('gzip'))} gzip (budget ≤ ${BUDGET_GZIP_KB} KB)`);
    return ok;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

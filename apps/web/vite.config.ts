import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_MODULES } from './src/page-modules.ts';
import { zodWithoutEval } from './src/zod-without-eval.ts';

/** Writes .br and .gz beside every text asset so the server sends them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'axoo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      // Nothing to compress for the server renderer, or after a failed build (its error is the one to see).
      if (ssr || !existsSync(assets)) return;
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const body = readFileSync(join(assets, name));
        if (body.length < 1024) continue;
        writeFileSync(join(assets, `${name}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(assets, `${name}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** Writes the page → module map beside the manifest, for the server's page host. */
function pageModules(): Plugin {
  let ssr = false;
  return {
    name: 'axoo-page-modules',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (!ssr) this.emitFile({ type: 'asset', fileName: 'page-modules.json', source: JSON.stringify(PAGE_MODULES) });
    },
  };
}

/** Every schema constant the contract declares (`const NameSchema = …`), read from its sources. */
function contractSchemaNames(): string[] {
  const dir = join(import.meta.dirname, '../../packages/contract/src');
  const names = new Set<string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/\bconst (\w+Schema)\s*=/g)) names.add(m[1]);
  }
  return [...names];
}

const outDir = process.env.WEB_OUT_DIR ?? 'dist';

// `vite build` builds the browser app; `vite build --ssr` then builds the server renderer
// (src/entry-server.tsx) into <outDir>/server, which the API server loads when present.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), zodWithoutEval(), precompress(), pageModules()],
  build: {
    outDir: isSsrBuild ? `${outDir}/server` : outDir,
    emptyOutDir: true,
    ...(isSsrBuild && { rollupOptions: { input: 'src/entry-server.tsx' } }),
    // The contract's schemas are built by pure calls (`z.object(…)`, `UserCardSchema.extend(…)`): a page that
    // uses none of them loads no zod (about 24 KB compressed off every first load, issue #14).
    ...(!isSsrBuild && { rollupOptions: { treeshake: { manualPureFunctions: ['z', ...contractSchemaNames()] } } }),
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    target: 'es2022',
    // One stylesheet for the whole app (about 11 KB compressed): the first paint of a server-rendered
    // page waits for one request instead of one per chunk, and later pages need none.
    cssCodeSplit: false,
    // The server reads it to preload the interface language and the route's chunk.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
  },
  // The server renderer carries its dependencies (React's production builds among them), so a build
  // runs from any directory whatever the server's NODE_ENV.
  ssr: { noExternal: true },
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/accounts/login/': 'http://localhost:8080',
      '/accounts/logout/': 'http://localhost:8080',
      '/media': 'http://localhost:8080',
    },
  },
}));

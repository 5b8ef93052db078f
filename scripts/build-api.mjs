// `npm run build` (and `npm start`): compiles the API server into one ES module, `apps/api/dist/server/server.mjs`,
// so production runs plain `node` on JavaScript (issue #14: no TypeScript loader in memory; an idle process is about
// 120 MB lighter than under `--import tsx`). The contract workspace is bundled in; every registry package stays an
// import of node_modules. The bundle sits two folders below `apps/api`, as the sources do, so the paths the server
// derives from its own location (migrations, the web build) are the same.
import { build } from 'esbuild';

export const apiBundle = 'apps/api/dist/server/server.mjs';

/**
 * The V8 settings the server runs with (issue #14, memory). Under load V8 let the old generation grow to about twice
 * what was alive (measured: 80–120 MB alive in a 177 MB old space, RSS 300–331 MB): it now grows to 1.5× what survived
 * the last full collection, and the young generation's two halves stop at 8 MB each (16 by default). Without a hard
 * cap, so a larger live set still fits. `npm start`, the e2e suite and the memory bench run with them;
 * deploy/axoo@.service repeats them on its ExecStart line.
 */
export const serverNodeFlags = ['--heap-growing-percent=50', '--max-semi-space-size=8'];

/** Writes the bundle (default `apiBundle`; another file must also sit two folders below `apps/api`). */
export async function buildApi(outfile = apiBundle) {
  await build({
    entryPoints: ['apps/api/src/server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Registry packages load from node_modules as they are; the contract (TypeScript sources) is compiled in.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@axoo/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildApi();

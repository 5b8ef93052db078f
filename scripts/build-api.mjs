// `npm run build` (and `npm start`): compiles the API server into one ES module, `apps/api/dist/server/server.mjs`,
// so production runs plain `node` on JavaScript (issue #14: no TypeScript loader in memory; an idle process is about
// 120 MB lighter than under `--import tsx`). The contract workspace is bundled in; every registry package stays an
// import of node_modules. The bundle sits two folders below `apps/api`, as the sources do, so the paths the server
// derives from its own location (migrations, the web build) are the same.
import { build } from 'esbuild';

export const apiBundle = 'apps/api/dist/server/server.mjs';

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

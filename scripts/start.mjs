// `npm start`: builds the web app (and its server renderer) when missing or older than its sources, compiles the
// API server (scripts/build-api.mjs, about a second), then runs it with plain node (migrations and list seeding
// happen there). No configuration is needed. `npm run demo` (scripts/demo.mjs) starts the same way on its own folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apiBundle, buildApi, serverNodeFlags } from './build-api.mjs';

const web = 'apps/web';
const built = join(web, 'dist', 'index.html');
const renderer = join(web, 'dist', 'server', 'entry-server.js');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Builds what is missing or stale: the web app when its sources changed, the API bundle always. */
export async function prepare() {
  const sourcesTime = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'public')),
    statSync(join(web, 'index.html')).mtimeMs,
    newest('packages/contract/src'),
  );
  if (!existsSync(built) || !existsSync(renderer) || statSync(built).mtimeMs < sourcesTime) {
    console.log('Building the web app…');
    const r = spawnSync('npm', ['run', 'build', '-w', '@axoo/web'], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  await buildApi();
}

/** Runs the server with these settings until it exits, passing on SIGINT and SIGTERM. */
export function run(env = process.env) {
  const server = spawn(process.execPath, [...serverNodeFlags, apiBundle], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await prepare();
  run();
}

// `npm run demo` (issue #29): `npm start` with a demo data set, so a first start looks alive. The product's own
// generator (bench/demo.ts, under tsx) makes the data set once in a folder of its own (./data-demo, or DATA_DIR; never
// ./data), on the embedded database; a folder that already holds the demo is reused. Then the server starts exactly as
// `npm start` starts it, with DATA_DIR pointing there. With a real database or store configured it refuses to run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { prepare, run } from './start.mjs';

const outside = ['DATABASE_URL', 'S3_BUCKET', 'REDIS_URL', 'SMTP_URL'].filter((name) => process.env[name]?.trim());
if (outside.length) {
  console.error(`npm run demo: not starting. The demo keeps everything in its own folder and never touches a real database: unset ${outside.join(', ')}.`);
  process.exit(1);
}
const dir = resolve(process.env.DATA_DIR?.trim() || 'data-demo');
const made = spawnSync(process.execPath, ['--import', 'tsx', 'bench/demo.ts', '--dir', dir], { stdio: 'inherit' });
if (made.status !== 0) process.exit(made.status ?? 1);

await prepare();
const { logins } = JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8'));
console.log(`Starting the demo on port ${process.env.PORT || 8080} with DATA_DIR=${dir}. Log in as (e-mail, password):`);
for (const l of logins) console.log(`  ${l.role.padEnd(6)}  ${l.email.padEnd(20)}  ${l.password}`);
run({ ...process.env, DATA_DIR: dir });

/**
 * `npm run bench`: generates data (or uses DATABASE_URL as it is), starts the product's server from
 * code on a free loopback port, runs every registered scenario (each one side by side with a bare
 * node:http server answering the same bytes) and prints one table. Method: docs/performance.md.
 *
 * `--only cluster` compares one process with three behind nginx (bench/cluster.ts), on data of its own.
 * `--only palette` is the palette search budget (issue #18): a search by colour within 3× of a category filter.
 * `--only renditions` compares a cached 480-px rendition with bare node:http (bench/renditions.ts, issue #14).
 * `--only lighthouse` runs Lighthouse mobile on five pages (bench/lighthouse.ts; needs LIGHTHOUSE_BIN).
 * `--only insights` reads an artist's insights on a year of views (bench/insights.ts, issue #17).
 * `--only repost` times perceptual hashing and a near-copy search among 1,000,000 hashes (bench/repost.ts, issue #31).
 * `--only judging` times the juror pack of 500 submissions × 3 images and a juror scoring 100 by keyboard (bench/judging.ts).
 *
 *   npm run bench -- [--artists 300] [--artworks 3000] [--duration 5] [--connections 10] [--only site]
 *
 * Scenario files register themselves on import: add one import line below for a new file. Checks
 * that need no server (the web build's size, bench/web.ts) run first; when `--only` selects none of
 * the server scenarios, no data is generated and no server is started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { dropDatabase, generate } from './generate.ts';
import { compare, configure, printTable, rows, scenarios } from './harness.ts';
import './feed.ts';
import './gallery.ts';
import './insights.ts';
import './renditions.ts';
import './lighthouse.ts';
import './palette.ts';
import './pages.ts';
import './repost.ts';
import './site.ts';
import { buildWeb, webBudget } from './web.ts';
import { clusterBench } from './cluster.ts';
import { judgingBench } from './judging.ts';
import { memoryBench } from './memory.ts';

const { values } = parseArgs({
  options: {
    artists: { type: 'string', default: '300' },
    artworks: { type: 'string', default: '3000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    // Issue #14 scale: keep this run's member figures, or judge them against a kept run (bench/gallery.ts).
    save: { type: 'string' },
    minutes: { type: 'string', default: '10' },
    baseline: { type: 'string' },
  },
});
if (values.save) process.env.BENCH_SAVE = values.save;
if (values.baseline) process.env.BENCH_BASELINE = values.baseline;
const selected = (name: string) => !values.only || name.includes(values.only);
const duration = Number(values.duration);
const connections = Number(values.connections);
configure({ duration, connections });

if (selected('web')) {
  console.log('scenario: web');
  await webBudget();
}
if (selected('cluster')) {
  console.log('scenario: cluster (1 process, 1 behind nginx, 3 behind nginx)');
  await clusterBench({ duration, connections });
}
if (selected('judging')) {
  console.log('scenario: judging (juror pack export, keyboard scoring in Chromium)');
  await judgingBench();
}
if (!scenarios.some((s) => selected(s.name)) && !selected('memory')) process.exit(0);

// Data: an existing database (DATABASE_URL, with BENCH_DATA_DIR for its media) or a fresh one.
const existing = process.env.DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'axoo-bench-'));
let databaseUrl = existing;
if (!existing) {
  const g = await generate({ artists: Number(values.artists), artworks: Number(values.artworks), dataDir, log: () => {} });
  databaseUrl = g.databaseUrl;
  console.log(`generated ${g.artists} artists and ${g.artworks} artworks in ${(g.ms / 1000).toFixed(1)} s`);
}

if (selected('memory')) {
  console.log('scenario: memory (one process under mixed load, RSS sampled)');
  await memoryBench({ databaseUrl: databaseUrl as string, dataDir, minutes: Number(values.minutes), connections });
}

// Lighthouse loads the pages themselves: serve a fresh production build, server renderer included.
const webDist = selected('lighthouse') ? mkdtempSync(join(tmpdir(), 'axoo-bench-web-')) : undefined;
if (webDist) console.log(`built apps/web for the pages in ${buildWeb(webDist).toFixed(1)} s`);
const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'off',
  ...(webDist && { WEB_DIST: webDist }),
});
const database = await openDatabase({ url: databaseUrl, pgliteDir: config.pgliteDir });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

console.log(`node ${process.version}, ${cpus().length} CPUs, ${connections} connections, ${duration} s per run, database ${database.kind}`);
try {
  for (const s of scenarios) {
    if (!selected(s.name)) continue;
    console.log(`scenario: ${s.name}`);
    await s.run({ app, baseUrl, duration, connections, compare });
  }
  if (rows.length) printTable();
} finally {
  await app.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
  if (!existing && databaseUrl) {
    await dropDatabase(databaseUrl);
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

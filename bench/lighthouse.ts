import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { scenario } from './harness.ts';

/**
 * Issue #5 web budget: Lighthouse mobile performance ≥ 90 on `/gallery/all/` with the generated
 * data. Lighthouse is not a dependency of the project (it is large); install it anywhere
 * (`npm install --prefix <dir> lighthouse`) and point LIGHTHOUSE_BIN at its `.bin/lighthouse`.
 * Chromium comes from CHROME_PATH (default: Debian's). bench/run.ts serves a fresh production build
 * of the web app (with its server renderer) when this scenario is selected.
 * Runs three times (Lighthouse's simulated throttling varies from run to run) and judges the median.
 */
const BUDGET = 90;
const RUNS = 3;
const FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number }>;
}

scenario('lighthouse', async ({ baseUrl }) => {
  const bin = process.env.LIGHTHOUSE_BIN;
  if (!bin || !existsSync(bin)) {
    console.log('  lighthouse: set LIGHTHOUSE_BIN to a lighthouse executable (npm install --prefix <dir> lighthouse) to run this scenario');
    return;
  }
  const url = `${baseUrl}/gallery/all/`;
  const dir = mkdtempSync(join(tmpdir(), 'axoo-lighthouse-'));
  const runs: { score: number; fcp: number; lcp: number; tbt: number; si: number; cls: number }[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const output = join(dir, `run-${i}.json`);
      // Asynchronously: the server under test answers from this very process.
      await promisify(execFile)(
        bin,
        [url, '--only-categories=performance', '--form-factor=mobile', '--output=json', `--output-path=${output}`, '--quiet', `--chrome-flags=${FLAGS}`],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        },
      );
      const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
      const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
      runs.push({
        score: Math.round(report.categories.performance.score * 100),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        si: metric('speed-index'),
        cls: metric('cumulative-layout-shift'),
      });
      const r = runs[i];
      console.log(
        `  run ${i + 1}: score ${r.score}  FCP ${(r.fcp / 1000).toFixed(1)} s  LCP ${(r.lcp / 1000).toFixed(1)} s  TBT ${Math.round(r.tbt)} ms  SI ${(r.si / 1000).toFixed(1)} s  CLS ${r.cls.toFixed(3)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const median = runs.map((r) => r.score).sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  console.log(`  ${median >= BUDGET ? 'PASS' : 'FAIL'}  Lighthouse mobile performance of /gallery/all/: median ${median} of ${RUNS} runs (budget ≥ ${BUDGET})`);
});

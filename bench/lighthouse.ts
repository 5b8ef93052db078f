import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { scenario } from './harness.ts';

/**
 * Issue #14 web budgets (issue #5 had the gallery alone at ≥ 90): Lighthouse mobile on five public pages — home, the
 * gallery, an artwork, a profile and an open call (the generator makes one) — each with performance ≥ 95,
 * accessibility ≥ 95 and a cumulative layout shift of 0, judged on the median of three runs.
 * Lighthouse is not a dependency of the project (it is large); install it anywhere
 * (`npm install --prefix <dir> lighthouse`) and point LIGHTHOUSE_BIN at its `.bin/lighthouse`.
 * Chromium comes from CHROME_PATH (default: Debian's). bench/run.ts serves a fresh production build
 * of the web app (with its server renderer) when this scenario is selected.
 * LIGHTHOUSE_PAGES=home,profile limits the pages, LIGHTHOUSE_RUNS the runs per page (3).
 */
const PERFORMANCE = 95;
const ACCESSIBILITY = 95;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

interface Report {
  categories: { performance: { score: number }; accessibility: { score: number } };
  audits: Record<string, { numericValue?: number }>;
}

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

scenario('lighthouse', async ({ app, baseUrl }) => {
  const bin = process.env.LIGHTHOUSE_BIN;
  if (!bin || !existsSync(bin)) {
    console.log('  lighthouse: set LIGHTHOUSE_BIN to a lighthouse executable (npm install --prefix <dir> lighthouse) to run this scenario');
    return;
  }
  const [artwork] = (
    await app.db.execute(sql`select a.id, u.slug from artworks a join users u on u.id = a.author_id where a.visible order by a.created desc, a.id desc limit 1`)
  ).rows as { id: number; slug: string }[];
  const [invite] = (await app.db.execute(sql`select id from invites where status <> 'review' order by id limit 1`)).rows as { id: number }[];
  const pages: [string, string][] = [
    ['home', '/'],
    ['gallery', '/gallery/all/'],
    ['artwork', `/artwork/${artwork.id}/`],
    ['profile', `/${artwork.slug}/`],
    ...(invite ? [['invite', `/goodluck/${invite.id}/`] as [string, string]] : []),
  ];
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const dir = mkdtempSync(join(tmpdir(), 'axoo-lighthouse-'));
  const verdicts: string[] = [];
  try {
    for (const [name, path] of pages) {
      if (only && !only.includes(name)) continue;
      const url = `${baseUrl}${path}`;
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const output = join(dir, `${name}-${i}.json`);
        const load = loadavg()[0];
        // Asynchronously: the server under test answers from this very process.
        await promisify(execFile)(
          bin,
          [
            url,
            '--only-categories=performance,accessibility',
            '--form-factor=mobile',
            '--output=json',
            `--output-path=${output}`,
            '--quiet',
            `--chrome-flags=${FLAGS}`,
          ],
          { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
        );
        const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
        const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
        const r: Run = {
          performance: Math.round(report.categories.performance.score * 100),
          accessibility: Math.round(report.categories.accessibility.score * 100),
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          si: metric('speed-index'),
          cls: metric('cumulative-layout-shift'),
        };
        runs.push(r);
        console.log(
          `  ${name} run ${i + 1}: performance ${r.performance}  accessibility ${r.accessibility}  FCP ${(r.fcp / 1000).toFixed(1)} s  LCP ${(r.lcp / 1000).toFixed(1)} s  TBT ${Math.round(r.tbt)} ms  SI ${(r.si / 1000).toFixed(1)} s  CLS ${r.cls.toFixed(3)}  (load ${load.toFixed(2)})`,
        );
      }
      const perf = median(runs.map((r) => r.performance));
      const a11y = median(runs.map((r) => r.accessibility));
      const cls = median(runs.map((r) => r.cls));
      const ok = perf >= PERFORMANCE && a11y >= ACCESSIBILITY && cls === 0;
      verdicts.push(
        `${ok ? 'PASS' : 'FAIL'}  Lighthouse mobile ${name} (${path}): performance ${perf}, accessibility ${a11y}, CLS ${cls.toFixed(3)} — median of ${RUNS} (budget ≥ ${PERFORMANCE}, ≥ ${ACCESSIBILITY}, 0)`,
      );
    }
  } finally {
    if (!process.env.LIGHTHOUSE_KEEP) rmSync(dir, { recursive: true, force: true });
    else console.log(`  reports kept in ${dir}`);
  }
  for (const v of verdicts) console.log(`  ${v}`);
});

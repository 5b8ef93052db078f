import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, freePort, root } from './harness.ts';

/**
 * Issue #32: the deployment kit's Prometheus configuration (deploy/prometheus/) is valid for `promtool`, and Debian's
 * `prometheus` started with it scrapes three app processes (their /metrics behind METRICS_TOKEN, found through the
 * file_sd targets file) and answers a series back through its HTTP API.
 */
const run = promisify(execFile);
const kit = join(root, 'deploy/prometheus');
const token = randomBytes(24).toString('hex');
const work = mkdtempSync(join(tmpdir(), 'axoo-prometheus-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let cluster: Cluster;
let prometheus: ChildProcess | null = null;
let promUrl = '';
let promLog = '';

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function query(expr: string): Promise<Sample[]> {
  const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await res.json()) as { status: string; data: { result: Sample[] } };
  expect(body.status).toBe('success');
  return body.data.result;
}

/** Polls `expr` until `ok` holds for its samples (a scrape every second). */
async function until(expr: string, ok: (samples: Sample[]) => boolean, ms = 30_000): Promise<Sample[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const samples = await query(expr).catch(() => []);
    if (ok(samples)) return samples;
    if (Date.now() > deadline) throw new Error(`${expr}: not as expected within ${ms} ms: ${JSON.stringify(samples)}\n${promLog}`);
    await sleep(250);
  }
}

/** The shipped configuration with its /etc/prometheus files in `dir`, scraping and evaluating every second. */
function localConfig(dir: string): string {
  return readFileSync(join(kit, 'prometheus.yml'), 'utf8')
    .replaceAll('/etc/prometheus/', `${dir}/`)
    .replace(/scrape_interval: 15s/, 'scrape_interval: 1s')
    .replace(/evaluation_interval: 15s/, 'evaluation_interval: 1s');
}

describe('Prometheus (issue #32)', () => {
  beforeAll(async () => {
    cluster = new Cluster({ processes: 3, nginx: false, env: { METRICS_TOKEN: token } });
    await cluster.start();
    const etc = join(work, 'etc');
    mkdirSync(etc);
    writeFileSync(join(etc, 'axoo-metrics-token'), token);
    writeFileSync(join(etc, 'axoo-targets.json'), JSON.stringify([{ targets: cluster.apps.map((a) => `127.0.0.1:${a.port}`), labels: { site: 'test' } }]));
    writeFileSync(join(etc, 'axoo-alerts.yml'), readFileSync(join(kit, 'axoo-alerts.yml')));
    writeFileSync(join(etc, 'prometheus.yml'), localConfig(etc));
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(etc, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(work, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (d) => (promLog += d));
    prometheus.stderr?.on('data', (d) => (promLog += d));
    const deadline = Date.now() + 20_000;
    while (
      !(await fetch(`${promUrl}/-/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (prometheus.exitCode !== null || Date.now() > deadline) throw new Error(`prometheus did not start:\n${promLog}`);
      await sleep(200);
    }
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((ok) => prometheus?.once('exit', ok));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await cluster?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('promtool accepts the alert rules and the scrape configuration', async () => {
    const rules = await run('promtool', ['check', 'rules', join(kit, 'axoo-alerts.yml')]);
    expect(rules.stdout).toMatch(/SUCCESS: \d+ rules found/);
    const config = await run('promtool', ['check', 'config', join(work, 'etc', 'prometheus.yml')]);
    expect(config.stdout).toContain('SUCCESS');
  });

  it('scrapes the three processes with the token and answers their series back', async () => {
    const up = await until('up{job="axoo"}', (s) => s.length === 3 && s.every((x) => x.value[1] === '1'));
    expect(new Set(up.map((s) => s.metric.instance))).toEqual(new Set(cluster.apps.map((a) => `127.0.0.1:${a.port}`)));
    expect(up.every((s) => s.metric.site === 'test')).toBe(true);

    // Requests to every process, each to a different id: one route template per process comes back.
    for (const [i, app] of cluster.apps.entries()) {
      for (let n = 0; n < 5; n++) expect((await fetch(`${app.url}/api/v1/artworks/${900_000 + i * 10 + n}/`)).status).toBe(404);
    }
    const counts = await until(
      'sum by (instance, route, status) (http_requests_total{job="axoo",route="/api/v1/artworks/:id/"})',
      (s) => s.length === 3 && s.every((x) => Number(x.value[1]) === 5),
    );
    expect(counts.every((s) => s.metric.status === '404')).toBe(true);
    // The latency histogram answers a quantile. Over all requests so far, not a rate: a series whose first scrape
    // already held its five requests has no increase inside any window, and its rate's quantile is NaN.
    const p99 = await until('histogram_quantile(0.99, sum by (le) (http_request_duration_seconds_bucket{job="axoo"}))', (s) => Number(s[0]?.value[1]) > 0);
    expect(Number(p99[0]?.value[1])).toBeLessThan(60);

    // On a PostgreSQL server every process listens on the change channel and has a pool.
    const channel = await query('axoo_change_channel{job="axoo",state="listening"}');
    expect(channel.map((s) => s.value[1])).toEqual(['1', '1', '1']);
    const pools = await query('axoo_db_pool_connections{job="axoo",state="max"}');
    expect(pools).toHaveLength(3);
    expect((await query('axoo_redis_up{job="axoo"}')).map((s) => s.value[1])).toEqual(['1', '1', '1']);

    // The alert rules are loaded and evaluate against these series (none firing on a healthy cluster).
    const rules = (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as { data: { groups: { rules: { name: string; health: string }[] }[] } };
    const loaded = rules.data.groups.flatMap((g) => g.rules);
    expect(loaded.length).toBeGreaterThanOrEqual(10);
    expect(loaded.filter((r) => r.health === 'err')).toEqual([]);
    const firing = await query('ALERTS{alertstate="firing",alertname=~"AxooHigh5xxRatio|AxooProcessDown|AxooDatabaseUnreachable"}');
    expect(firing).toEqual([]);
  });
});

/**
 * The benchmark harness: a scenario registry and `compare()`, which measures one URL of the real
 * server side by side with a bare `node:http` server answering the same bytes (issue #2).
 * Scenario files (bench/site.ts, bench/gallery.ts, …) call `scenario(name, fn)` at import time.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

export interface Load {
  requests: number;
  rps: number;
  bytes: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface Row {
  name: string;
  size: number;
  app: Load;
  bare: Load;
}

export interface BenchContext {
  /** The product's server, listening on a loopback port. */
  app: FastifyInstance;
  baseUrl: string;
  duration: number;
  connections: number;
  compare: typeof compare;
}

type ScenarioFn = (ctx: BenchContext) => Promise<void>;
export const scenarios: { name: string; run: ScenarioFn }[] = [];
/** Registers a scenario; `npm run bench -- --only <text>` runs those whose name contains the text. */
export function scenario(name: string, run: ScenarioFn) {
  scenarios.push({ name, run });
}

export const rows: Row[] = [];
const settings = { duration: 5, connections: 10 };
export function configure(options: Partial<typeof settings>) {
  Object.assign(settings, options);
}

function load(url: string, headers: Record<string, string>): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { url, headers, duration: settings.duration, connections: settings.connections },
    });
    worker.once('message', (m: Load) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const PASSED_HEADERS = ['content-type', 'cache-control', 'vary', 'content-language'];

/**
 * Loads `url` on the product's server, then the same path on a bare node:http server that answers
 * `bytes` (by default the bytes the product just answered, with its content type). Prints nothing;
 * the runner prints every row at the end.
 */
export async function compare(name: string, url: string, bytes?: Buffer, options: { headers?: Record<string, string> } = {}): Promise<Row> {
  const headers = options.headers ?? {};
  const first = await fetch(url, { headers });
  if (!first.ok) throw new Error(`${name}: ${url} answered ${first.status}`);
  const body = bytes ?? Buffer.from(await first.arrayBuffer());
  const answerHeaders: IncomingHttpHeaders = {};
  for (const h of PASSED_HEADERS) {
    const v = first.headers.get(h);
    if (v) answerHeaders[h] = v;
  }
  answerHeaders['content-length'] = String(body.length);

  const bare = createServer((_req, res) => {
    res.writeHead(200, answerHeaders);
    res.end(body);
  });
  const bareUrl = await listen(bare);
  try {
    const target = new URL(url);
    const app = await load(url, headers);
    const baseline = await load(`${bareUrl}${target.pathname}${target.search}`, headers);
    const row = { name, size: body.length, app, bare: baseline };
    rows.push(row);
    return row;
  } finally {
    await new Promise((r) => bare.close(r));
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

/** The result table: req/s, latency percentiles (ms), and the product's share of bare node:http. */
export function printTable(out: (line: string) => void = console.log) {
  const head = ['scenario', 'bytes', 'server', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'ratio'];
  const body: string[][] = [];
  for (const r of rows) {
    const ratio = r.app.rps / r.bare.rps;
    body.push([
      r.name,
      String(r.size),
      'app',
      fmt(r.app.rps),
      fmt(r.app.p50, 1),
      fmt(r.app.p95, 1),
      fmt(r.app.p99, 1),
      String(r.app.errors + r.app.non2xx),
      `${fmt(ratio * 100, 1)} %`,
    ]);
    body.push([
      '',
      '',
      'bare node:http',
      fmt(r.bare.rps),
      fmt(r.bare.p50, 1),
      fmt(r.bare.p95, 1),
      fmt(r.bare.p99, 1),
      String(r.bare.errors + r.bare.non2xx),
      '100 %',
    ]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  out(line(head));
  out(`|${widths.map((w, i) => (i < 3 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const b of body) out(line(b));
}

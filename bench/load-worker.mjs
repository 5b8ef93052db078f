// Runs one autocannon load in a worker thread, so the load generator never shares an event loop
// with the servers under test. Inside a worker autocannon hands back raw histograms instead of its
// summary, so the figures are computed here from every response: exact p50/p95/p99 and req/s.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, duration, connections, headers } = workerData;
const latencies = [];
let bytes = 0;
let non2xx = 0;
const started = performance.now();
const instance = autocannon({ url, duration, connections, headers, pipelining: 1 }, (error, result) => {
  if (error) throw error;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : Number.NaN);
  parentPort.postMessage({
    requests: latencies.length,
    rps: latencies.length / seconds,
    bytes,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors: (result.errors ?? 0) + (result.timeouts ?? 0),
    non2xx,
  });
});
instance.on('response', (_client, status, resBytes, responseTime) => {
  latencies.push(responseTime);
  bytes += resBytes;
  if (status < 200 || status > 299) non2xx++;
});

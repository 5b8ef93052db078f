import { buildApp } from './app.ts';
import { ConfigError, loadServerConfig, SHUTDOWN_GRACE_MS } from './config.ts';
import { openDatabase } from './db/client.ts';
import { checkSearchLocale, LocaleError } from './db/locale.ts';
import { seedTaxonomy } from './db/seed.ts';

/** Starts the product: migrate, check the database's locale (issue #30.8), seed the lists when empty, listen; finish in-flight requests on shutdown. */
const started = performance.now();
const config = (() => {
  try {
    return loadServerConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // A setting to fix, said plainly: no stack trace, and a failed start for the service manager.
    console.error(`axoo: not starting. ${err.message}`);
    process.exit(1);
  }
})();
const database = await openDatabase({
  url: config.DATABASE_URL,
  pgliteDir: config.pgliteDir,
  statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  replicaUrls: config.DATABASE_REPLICA_URLS,
  replicaMaxLagMs: config.REPLICA_MAX_LAG_MS,
});
await database.migrate();
try {
  await checkSearchLocale(database.db);
} catch (err) {
  if (!(err instanceof LocaleError)) throw err;
  console.error(`axoo: not starting. ${err.message}`);
  process.exit(1);
}
await seedTaxonomy(database.db);
const app = await buildApp({ config, database });

// Shutting down (issue #13, rolling restarts behind nginx). First the drain (SHUTDOWN_DRAIN_MS): the process still
// listens and serves, every answer closes its connection so the balancer stops reusing it, /readyz says 503 to
// balancers that ask, and the balancer closes the idle connections it kept (its keep-alive timeout is shorter). Then
// the listener closes, so new connections go to the other processes (a refused connection is one a balancer may
// retry elsewhere, a write too: nothing was sent), and in-flight requests finish. Without the drain, closing an idle
// connection could cross a request the balancer had just written on it: for a write, a 502 it must not retry.
let closing = false;
app.addHook('onRequest', async (request, reply) => {
  if (!closing) return;
  reply.header('Connection', 'close');
  if (request.url === '/readyz') return reply.status(503).send({ status: 'stopping' });
});

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info({ ms: Math.round(performance.now() - started), database: database.kind }, `ready on http://localhost:${config.PORT}`);

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const drain = config.SHUTDOWN_DRAIN_MS;
  app.log.info({ signal, drain }, 'shutting down: draining, then finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), drain + SHUTDOWN_GRACE_MS);
  force.unref();
  if (drain) await new Promise((resolve) => setTimeout(resolve, drain));
  await app.close(); // stops accepting, waits for in-flight requests, then closes the database
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

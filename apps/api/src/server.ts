import { buildApp } from './app.ts';
import { ConfigError, loadServerConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedTaxonomy } from './db/seed.ts';

/** Starts the product: migrate, seed the lists when empty, listen; finish in-flight requests on shutdown. */
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
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir });
await database.migrate();
await seedTaxonomy(database.db);
const app = await buildApp({ config, database });

// Shutting down (issue #13, rolling restarts behind nginx): the listener closes at once, so new connections go to
// the other processes; a request that still arrives on an open keep-alive connection is served as usual, and every
// answer from then on closes its connection, so the balancer stops reusing it. No request is refused, so none needs
// a retry, which a balancer must not do for a write.
let closing = false;
app.addHook('onRequest', async (_request, reply) => {
  if (closing) reply.header('Connection', 'close');
});

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info({ ms: Math.round(performance.now() - started), database: database.kind }, `ready on http://localhost:${config.PORT}`);

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await app.close(); // stops accepting, waits for in-flight requests, then closes the database
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Named plugin `slow-queries` (issue #32): with SLOW_QUERY_MS set, each statement that takes that long is logged (warn)
 * through the log of the request that ran it (its request id) with the route template, or as background work (jobs,
 * schedules) when no request did. The request is carried in an AsyncLocalStorage entered in `onRequest` and again in
 * `preValidation` (the body's parsing runs in the socket's context, not the request's). On a PostgreSQL server only:
 * the embedded database is one process's own and has no pool to time (`db/client.ts`).
 */
export const slowQueriesPlugin = fp(
  async (app: FastifyInstance) => {
    const threshold = app.config.SLOW_QUERY_MS;
    if (!threshold) return;
    const current = new AsyncLocalStorage<FastifyRequest>();
    const enter = (request: FastifyRequest, _reply: unknown, done: () => void) => current.run(request, done);
    app.addHook('onRequest', enter);
    app.addHook('preValidation', enter);
    app.database.slowStatements = {
      ms: threshold,
      begin() {
        const request = current.getStore();
        return (statement, ms) => {
          const fields = {
            ms: Math.round(ms * 10) / 10,
            statement,
            route: request ? (request.routeOptions.url ?? 'unmatched') : null,
            method: request?.method,
          };
          (request?.log ?? app.log).warn(fields, 'slow statement');
        };
      },
    };
    app.addHook('onClose', async () => {
      app.database.slowStatements = undefined;
    });
  },
  { name: 'slow-queries', dependencies: ['db'] },
);

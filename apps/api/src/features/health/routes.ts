import type { FastifyInstance } from 'fastify';

/**
 * /healthz: the process answers. /readyz: the database answers too (load balancers use this one); it also reports the
 * optional parts (issue #32), read replicas (`up`, `lagging`, `down`, each with its lag) and Redis (`up`, `down`, or
 * `off` when not configured), without failing on them: a process without them still serves, from the primary and
 * with per-process limits.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const optional = {
      redis: app.redis ? (app.redis.status === 'ready' ? 'up' : 'down') : 'off',
      ...(app.database.replicas ? { replicas: app.database.replicas.stats().replicas } : {}),
    };
    try {
      await app.database.ping();
      return { status: 'ok', database: 'up', ...optional };
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', database: 'down', ...optional });
    }
  });
}

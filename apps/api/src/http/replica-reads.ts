import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Named plugin `replica-reads` (issue #32, DATABASE_REPLICA_URLS): a GET or HEAD request runs as tolerant of a little
 * staleness (its plain reads may be served by a replica, `db/replicas.ts`) unless its browser wrote in the last few
 * seconds: every other method answers with a short-lived `recentwrite` cookie, and while it lasts that browser reads
 * its own writes from the primary, on whichever process it lands. Entered in `onRequest` and again in `preValidation`
 * (the body's parsing runs in the socket's context), as the slow-statement log does.
 */
export const RECENT_WRITE_COOKIE = 'recentwrite';
const READS = new Set(['GET', 'HEAD']);

export const replicaReadsPlugin = fp(
  async (app: FastifyInstance) => {
    const replicas = app.database.replicas;
    if (!replicas) return;
    // Longer than a replica may lag and still take reads, and a few seconds at least.
    const recentSeconds = Math.max(5, Math.ceil((replicas.maxLagMs * 2) / 1000));
    const enter = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      if (READS.has(request.method) && !request.cookies[RECENT_WRITE_COOKIE]) replicas.tolerate(done);
      else done();
    };
    app.addHook('onRequest', enter);
    app.addHook('preValidation', enter);
    app.addHook('onSend', async (request, reply, payload) => {
      if (!READS.has(request.method) && request.method !== 'OPTIONS') {
        reply.setCookie(RECENT_WRITE_COOKIE, '1', {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: Boolean(app.config.PUBLIC_URL?.startsWith('https:')),
          maxAge: recentSeconds,
        });
      }
      return payload;
    });
  },
  { name: 'replica-reads', dependencies: ['db'] },
);

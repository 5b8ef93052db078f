import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client.ts';
import { sessions, type UserRow, users } from '../db/schema/index.ts';
import { CSRF_COOKIE, csrfCookieOptions, csrfTokenFor } from './csrf.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a guest. */
    user: UserRow | null;
    sessionKey: string | null;
  }
}

export const SESSION_COOKIE = 'sessionid';
/** The schedule that drops expired sessions (job_schedules.name). */
export const SESSION_SWEEP = 'sessions.expire';
/** The change topic published when a session ends outside a write (the logout link). */
export const SESSION_ENDED = 'session-ended';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issue #14: who a session is, remembered per process for a moment, so a member's request does not
 * wait on a database round trip before any work starts. Any write through the API on any process
 * (a logout, a password change, a suspension, a profile edit) clears it (`changes`), and so does a
 * lost change channel; the age limit bounds the rest. An entry never outlives its session's expiry.
 */
const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;
interface KnownSession {
  user: UserRow;
  expires: number;
  at: number;
}

function cookieOptions(app: FastifyInstance) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: Boolean(app.config.PUBLIC_URL?.startsWith('https:')),
  };
}

/**
 * Starts a new session for the user (a fresh id every login: no fixation) and drops the old one.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number, db: Executor = request.server.db) {
  const app = request.server;
  if (request.sessionKey) await db.delete(sessions).where(eq(sessions.id, request.sessionKey));
  const token = randomBytes(32).toString('base64url');
  const ttl = app.config.SESSION_TTL_DAYS * 86_400_000;
  await db.insert(sessions).values({
    id: hash(token),
    userId,
    expires: new Date(Date.now() + ttl),
    ip: request.ip.slice(0, 64),
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
  });
  request.sessionKey = hash(token);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(app), maxAge: ttl / 1000 });
  // The CSRF token of the new session (issue #36: bound to it), so the next write needs no page load first.
  reply.setCookie(CSRF_COOKIE, csrfTokenFor(app.config.SECRET_KEY, hash(token)), csrfCookieOptions(app.config));
}

export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionKey) {
    await request.server.db.delete(sessions).where(eq(sessions.id, request.sessionKey));
    // Logging out is a link (a GET): tell every process's session cache now, not after some later write.
    request.server.changes.publish(SESSION_ENDED);
  }
  request.sessionKey = null;
  request.user = null;
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request.server));
}

/** Ends every session of a user, except optionally the current one (password change keeps it). */
export async function endOtherSessions(db: Executor, userId: number, keep?: string | null) {
  await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

/** Named plugin `sessions`: server-side rows behind an HttpOnly `sessionid` cookie. */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionKey', null);
    const known = new Map<string, KnownSession>();
    app.changes.subscribe(() => known.clear());
    const lookup = app.db
      .select({ user: users, expires: sessions.expires })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // Issue #31: a suspended account's sessions carry no user (it can neither publish nor write).
      .where(and(eq(sessions.id, sql.placeholder('key')), gt(sessions.expires, sql.placeholder('now')), isNull(users.suspendedAt)))
      .limit(1)
      .prepare('session_user');
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const key = hash(token);
      const now = Date.now();
      let found = known.get(key);
      if (!found || now - found.at >= SESSION_CACHE_TTL_MS || found.expires <= now) {
        const [row] = await lookup.execute({ key, now: new Date(now) });
        if (!row) return void known.delete(key);
        found = { user: row.user, expires: row.expires.getTime(), at: now };
        if (known.size >= SESSION_CACHE_MAX) known.clear();
        known.set(key, found);
      }
      // A copy: a handler may change its request's user without touching the next request's.
      request.user = { ...found.user };
      request.sessionKey = key;
    });
    // Expired rows are dropped hourly by one process of the cluster, never on the request path (issue #13).
    app.jobs.every(SESSION_SWEEP, app.config.SESSION_SWEEP_MS, async () => void (await app.db.delete(sessions).where(lt(sessions.expires, new Date()))));
  },
  { name: 'sessions', dependencies: ['db', 'jobs', 'changes'] },
);

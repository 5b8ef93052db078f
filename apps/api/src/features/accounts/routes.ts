import { numericIdParams } from '@axoo/contract';
import { loginSchema, passwordChangeSchema, passwordResetRequestSchema, passwordResetSchema, signupSchema } from '@axoo/contract/accounts-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.ts';
import { requireUser } from '../../http/auth.ts';
import { columnRetainer } from '../../media/cleanup.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { endSession, startSession } from '../../http/sessions.ts';
import * as accounts from './service.ts';
import { LIMITS, Throttle } from './throttle.ts';

const locked = (key: string, seconds: number) =>
  new AppError(429, { detail: { key, params: { minutes: Math.ceil(seconds / 60), seconds } } }, { 'Retry-After': String(seconds) });
const emailKey = (email: string) => email.trim().toLowerCase();

/** Where links in mails point: PUBLIC_URL when set (never trust the Host header then), else this request's origin. */
const siteOrigin = (request: FastifyRequest) => (request.server.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/** SPEC §7 accounts and users calls: sign up, login, logout, current user, delete, password change and reset. */
export async function accountsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A profile's pictures stay while a user row shows them (issue #13).
  app.mediaCleanup.retain(columnRetainer([users.avatar, users.rawAvatar, users.croppedAvatar, users.banner, users.rawBanner, users.croppedBanner]));
  const on = app.config.RATE_LIMITS !== 'off';
  const throttle = (name: keyof typeof LIMITS) => new Throttle(name, LIMITS[name], app.counters, app.log, on);
  const throttles = {
    loginIp: throttle('loginPerIp'),
    loginAccount: throttle('loginPerAccount'),
    resetAddress: throttle('resetPerAddress'),
    resetIp: throttle('resetPerIp'),
    change: throttle('passwordChangePerUser'),
  };

  r.post(
    '/api/v1/users/',
    { schema: { tags: ['accounts'], summary: 'Sign up; the new user is logged in (SPEC §7)', body: signupSchema } },
    async (request, reply) => {
      const user = await accounts.signUp(app.db, request.body, request.lang);
      await startSession(request, reply, user.id);
      return reply.status(201).send(await accounts.loadCurrentUser(app.db, user, request.lang));
    },
  );

  r.post(
    '/accounts/login/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in with form fields email and password; answers {user} (SPEC §7)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: loginSchema,
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const ipKey = request.ip;
      const accountKey = emailKey(email);
      // Counted before it is checked (issue #13): a failure keeps its count, anything else gives it back.
      const wait = Math.max(...(await Promise.all([throttles.loginIp.take(ipKey), throttles.loginAccount.take(accountKey)])));
      if (wait) {
        await Promise.all([throttles.loginIp.giveBack(ipKey), throttles.loginAccount.giveBack(accountKey)]);
        throw locked('login.locked', wait);
      }
      const user = await accounts.authenticate(app.db, email, password);
      if (!user) throw badRequest({ non_field_errors: 'login.failed' });
      await Promise.all([throttles.loginIp.giveBack(ipKey), throttles.loginAccount.clear(accountKey)]);
      await accounts.recordLogin(app.db, user.id);
      await startSession(request, reply, user.id);
      return { user: await accounts.loadCurrentUser(app.db, user, request.lang) };
    },
  );

  r.get('/accounts/logout/', { schema: { tags: ['accounts'], summary: 'Log out (a link; ends the session and goes home)' } }, async (request, reply) => {
    await endSession(request, reply);
    reply.header('Cache-Control', 'no-store');
    return reply.redirect('/', 302);
  });

  r.get('/api/v1/users/me/', { schema: { tags: ['accounts'], summary: 'The current user' } }, async (request) =>
    accounts.loadCurrentUser(app.db, requireUser(request), request.lang),
  );

  r.delete(
    '/api/v1/users/:id/',
    { schema: { tags: ['accounts'], summary: 'Delete one’s own account and everything it owns (premium members cannot)', params: numericIdParams } },
    async (request, reply) => {
      await accounts.deleteAccount(app, requireUser(request), request.params.id);
      await endSession(request, reply);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/v1/users/:id/password_change/',
    {
      schema: { tags: ['accounts'], summary: 'Change one’s password; other sessions end', params: numericIdParams, body: passwordChangeSchema },
    },
    async (request) => {
      const viewer = requireUser(request);
      const key = String(viewer.id);
      const wait = await throttles.change.take(key);
      if (wait) {
        await throttles.change.giveBack(key);
        throw locked('login.locked', wait);
      }
      const result = await accounts.changePassword(app.db, viewer, request.params.id, request.body, request.sessionKey).catch(async (err) => {
        await throttles.change.giveBack(key);
        throw err;
      });
      if (result === 'wrong_old') throw badRequest({ old_password: 'password.wrong_old' });
      await throttles.change.clear(key);
      return { detail: request.t('password.changed') };
    },
  );

  r.post(
    '/api/v1/users/password_reset/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mail a reset link when the address exists; the answer is the same either way',
        body: passwordResetRequestSchema,
      },
    },
    async (request) => {
      const address = emailKey(request.body.email);
      // Every request counts; the count comes first, so concurrent requests cannot pass the limit together.
      const wait = Math.max(...(await Promise.all([throttles.resetIp.take(request.ip), throttles.resetAddress.take(address)])));
      if (wait) {
        await Promise.all([throttles.resetIp.giveBack(request.ip), throttles.resetAddress.giveBack(address)]);
        throw locked('password_reset.locked', wait);
      }
      await accounts.requestPasswordReset(app, request.body.email, siteOrigin(request));
      return { detail: request.t('password.reset_sent') };
    },
  );

  r.post(
    '/api/v1/users/reset/',
    {
      schema: { tags: ['accounts'], summary: 'Set a new password with the mailed token; every session ends', body: passwordResetSchema },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await accounts.resetPassword(app, request.body);
      return { detail: request.t('password.reset_done') };
    },
  );
}

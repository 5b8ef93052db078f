import { numericIdParams } from '@axoo/contract';
import { loginSchema, passwordChangeSchema, passwordResetRequestSchema, passwordResetSchema, signupSchema } from '@axoo/contract/accounts-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { isKnownDevice, rememberDevice } from '../../http/devices.ts';
import { endSession, startSession } from '../../http/sessions.ts';
import { baseUrl, siteOrigin } from '../../http/paging.ts';
import * as accounts from './service.ts';
import { LIMITS, Throttle } from './throttle.ts';

const locked = (key: string, seconds: number) =>
  new AppError(429, { detail: { key, params: { minutes: Math.ceil(seconds / 60), seconds } } }, { 'Retry-After': String(seconds) });
const emailKey = (email: string) => email.trim().toLowerCase();

/** The app's throttles of the account calls (issues #13, #36), one per limit. */
function accountThrottles(app: FastifyInstance) {
  const on = app.config.RATE_LIMITS !== 'off';
  const throttle = (name: keyof typeof LIMITS) => new Throttle(name, LIMITS[name], app.counters, app.log, on);
  return {
    loginIp: throttle('loginPerIp'),
    loginAccount: throttle('loginPerAccount'),
    loginDevice: throttle('loginPerKnownDevice'),
    resetAddress: throttle('resetPerAddress'),
    resetIp: throttle('resetPerIp'),
    change: throttle('passwordChangePerUser'),
    signup: throttle('signupPerIp'),
    confirmMail: throttle('confirmMailPerUser'),
  };
}
type Throttles = ReturnType<typeof accountThrottles>;

/** SPEC §7 accounts and users calls: sign up, login, logout, current user, delete, password change and reset. */
export async function accountsRoutes(app: FastifyInstance) {
  const throttles = accountThrottles(app);
  app.jobs.handle(accounts.PASSWORD_RESET_JOB, (payload: { email: string; origin: string }) => accounts.sendPasswordReset(app, payload));
  signupRoutes(app, throttles);
  sessionRoutes(app, throttles);
  userRoutes(app);
  passwordRoutes(app, throttles);
  emailConfirmRoutes(app, throttles);
}

/** Sign up: the new account, logged in at once. */
function signupRoutes(app: FastifyInstance, throttles: Throttles) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/users/',
    { schema: { tags: ['accounts'], summary: 'Sign up; the new user is logged in (SPEC §7)', body: signupSchema } },
    async (request, reply) => {
      // Issue #36: a new account and an "e-mail taken" answer both count for the client's address; other refusals do not.
      const wait = await throttles.signup.take(request.ip);
      if (wait) {
        await throttles.signup.giveBack(request.ip);
        throw locked('signup.locked', wait);
      }
      const user = await accounts.signUp(app, request.body, request.lang, baseUrl(request)).catch(async (err) => {
        if (!(err instanceof AppError && 'email' in err.body)) await throttles.signup.giveBack(request.ip);
        throw err;
      });
      await startSession(request, reply, user.id);
      return reply.status(201).send(await accounts.loadCurrentUser(app.db, user, request.lang));
    },
  );
}

/** The session: log in and log out. */
function sessionRoutes(app: FastifyInstance, throttles: Throttles) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      // A browser that logged in to this account before is counted per account and address, not with strangers
      // (issue #36: their failures must not lock the owner out).
      const [accountThrottle, accountKey] = isKnownDevice(request, emailKey(email))
        ? [throttles.loginDevice, `${emailKey(email)}|${ipKey}`]
        : [throttles.loginAccount, emailKey(email)];
      // Counted before it is checked (issue #13): a failure keeps its count, anything else gives it back.
      const wait = Math.max(...(await Promise.all([throttles.loginIp.take(ipKey), accountThrottle.take(accountKey)])));
      if (wait) {
        await Promise.all([throttles.loginIp.giveBack(ipKey), accountThrottle.giveBack(accountKey)]);
        throw locked('login.locked', wait);
      }
      const user = await accounts.authenticate(app.db, email, password);
      if (!user) throw badRequest({ non_field_errors: 'login.failed' });
      // Issue #31: a suspended account is told so (after the right password only) and how to appeal.
      if (user.suspendedAt) throw new AppError(403, { detail: 'login.suspended' });
      await Promise.all([throttles.loginIp.giveBack(ipKey), accountThrottle.clear(accountKey)]);
      rememberDevice(request, reply, emailKey(email));
      await accounts.recordLogin(app.db, user.id);
      await startSession(request, reply, user.id);
      return { user: await accounts.loadCurrentUser(app.db, user, request.lang) };
    },
  );

  // Issue #36: a POST with the CSRF check, so a link or an image on another site cannot end a session; the GET is the
  // web app's page with the button.
  r.post(
    '/accounts/logout/',
    { schema: { tags: ['accounts'], summary: 'Log out: ends the session (the page at GET has the button)' } },
    async (request, reply) => {
      await endSession(request, reply);
      reply.header('Cache-Control', 'no-store');
      return reply.status(204).send();
    },
  );
}

/** The current user: read, and delete with everything it owns. */
function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
}

/** Passwords: change one's own, ask for a reset link, and reset with its token. */
function passwordRoutes(app: FastifyInstance, throttles: Throttles) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      await accounts.requestPasswordReset(app, request.body.email, siteOrigin(app.config));
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

/** Issue #33.7: confirm the account's e-mail address with the mailed link, and ask for another link. */
function emailConfirmRoutes(app: FastifyInstance, throttles: Throttles) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/users/me/confirm-email/',
    { schema: { tags: ['accounts'], summary: 'Mail another confirmation link to the account’s address (a few an hour); 400 once confirmed' } },
    async (request) => {
      const viewer = requireUser(request);
      const key = String(viewer.id);
      const wait = await throttles.confirmMail.take(key);
      if (wait) {
        await throttles.confirmMail.giveBack(key);
        throw locked('email_confirm.locked', wait);
      }
      const sent = await accounts.resendEmailConfirmation(app, viewer, baseUrl(request)).catch(async (err) => {
        await throttles.confirmMail.giveBack(key);
        throw err;
      });
      return { detail: request.t(sent.key, sent.params) };
    },
  );
  r.post(
    '/api/v1/users/confirm-email/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the account’s e-mail address with the token of the mailed link (no login needed; once, before it expires)',
        body: z.object({ token: z.string().min(1, 'field.required').max(80, 'email_confirm.invalid') }),
      },
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (request) => {
      await accounts.confirmEmail(app, request.body.token);
      return { detail: request.t('email_confirm.done') };
    },
  );
}

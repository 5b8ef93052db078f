import { MAIL_NOTICE_TYPES, MailPreferencesSchema, NotificationPageSchema, UnreadCountSchema, UnreadStateSchema, numericIdParams, rowId } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userOnly } from '../../http/auth.ts';
import { paged, pagingQuery, parsePaging } from '../../http/paging.ts';
import { errorResponses, NoBody } from '../../http/responses.ts';
import { oneClickBody, oneClickConfig, toOneClickPage } from '../../mail/one-click.ts';
import * as service from './service.ts';

const readBody = z.object({
  ids: z.union([z.literal('all'), z.array(rowId()).max(500)], { error: 'notifications.ids_invalid' }),
});
const unsubscribeType = z.enum([...MAIL_NOTICE_TYPES, 'all'], { error: 'notifications.type_invalid' });
const token = z.string().min(1).max(200);
const unsubscribeBody = z.object({ user: rowId(), type: unsubscribeType, token });
/** The List-Unsubscribe address's signed query (the page's link's, short names). */
const oneClickQuery = z.object({ u: numericIdParams.shape.id, type: unsubscribeType, t: token });

/**
 * Issue #17 notifications: the list (grouped), the bell's state (polled with If-None-Match), mark read, the digest's
 * per-type mail preferences and its one-click unsubscribe (the daily digest, on one process per period, is `plugin.ts`'s).
 */
export async function notificationRoutes(app: FastifyInstance) {
  noticeRoutes(app);
  preferenceRoutes(app);
  unsubscribeRoutes(app);
}

/** The notices: the grouped list, the bell's state, and marking them read. */
function noticeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/notifications/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, grouped (same type and subject on one day), with the unread count',
        querystring: z.object(pagingQuery),
        response: { 200: NotificationPageSchema, ...errorResponses(400, 403) },
      },
      preValidation: userOnly,
    },
    async (request) => {
      const page = parsePaging(request.query, 20);
      const result = await service.listNotifications(app, requireUser(request), page);
      return { ...paged(request, page, result.count, result.results), unread: result.unread } satisfies z.infer<typeof NotificationPageSchema>;
    },
  );

  r.get(
    '/api/v1/notifications/unread/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The bell: unread count and newest notice id; send the last ETag as If-None-Match for a 304 while nothing changed',
        response: { 200: UnreadStateSchema, 304: NoBody('Nothing changed since the ETag sent as If-None-Match'), ...errorResponses(403) },
      },
      preValidation: userOnly,
    },
    async (request, reply) => {
      const state = await service.unreadState(app, requireUser(request));
      reply.header('ETag', state.etag).header('Cache-Control', 'private, no-cache');
      if (request.headers['if-none-match'] === state.etag) return reply.status(304).send(null);
      return { unread: state.unread, latest: state.latest };
    },
  );

  r.post(
    '/api/v1/notifications/read/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: {ids: [...]} or {ids: "all"}; answers the unread count',
        body: readBody,
        response: { 200: UnreadCountSchema, ...errorResponses(400, 403) },
      },
      preValidation: userOnly,
    },
    async (request) => service.markRead(app, requireUser(request), service.parseIds(request.body.ids)),
  );
}

/** The digest's per-type mail preferences: read and change. */
function preferenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/notifications/preferences/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Per type: whether it is mailed in the daily digest',
        response: { 200: MailPreferencesSchema, ...errorResponses(403) },
      },
      preValidation: userOnly,
    },
    async (request) => service.mailPreferences(app, requireUser(request)),
  );

  r.put(
    '/api/v1/notifications/preferences/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Change which types the daily digest mails (partial); answers every type',
        body: MailPreferencesSchema.partial(),
        response: { 200: MailPreferencesSchema, ...errorResponses(400, 403) },
      },
      preValidation: userOnly,
    },
    async (request) => service.setMailPreferences(app, requireUser(request), request.body),
  );
}

/** Unsubscribing without a login: the page's signed call, and the List-Unsubscribe address (one-click POST, browser GET). */
function unsubscribeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/notifications/unsubscribe/',
    {
      schema: {
        tags: ['notifications'],
        summary: "The digest's one-click unsubscribe (no login; the token is signed for the user and type)",
        body: unsubscribeBody,
        response: {
          200: z.object({ type: unsubscribeBody.shape.type }),
          ...errorResponses(400, 429),
          403: errorResponses(403)[403].describe('The token is not this user’s and type’s ({"detail"})'),
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => service.unsubscribeWithToken(app, request.body),
  );
  r.post(
    service.ONE_CLICK_PATH,
    {
      config: oneClickConfig,
      schema: {
        tags: ['notifications'],
        summary: "One-click unsubscribe from the digest's List-Unsubscribe header: stops every digest (RFC 8058; no login, no CSRF token: the query is signed)",
        querystring: oneClickQuery,
        body: oneClickBody,
        response: { 200: z.object({ type: unsubscribeType }), ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => service.unsubscribeWithToken(app, { user: request.query.u, type: request.query.type, token: request.query.t }),
  );
  r.get(
    service.ONE_CLICK_PATH,
    {
      schema: {
        tags: ['notifications'],
        summary: 'The one-click address opened in a browser: leads to the unsubscribe page',
        querystring: oneClickQuery,
        response: { 303: NoBody('To the unsubscribe page (Location), whose script stops the mails and says so'), ...errorResponses(400) },
      },
    },
    toOneClickPage('/notifications/unsubscribe/'),
  );
}

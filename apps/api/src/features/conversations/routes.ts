import {
  CONTACT_LIMITS,
  ConversationDetailSchema,
  ConversationMessageSchema,
  ConversationSchema,
  rowId,
  idPathParams,
  MESSAGE_BODY_MAX,
  MESSAGE_BUDGET_MAX,
  MESSAGE_SUBJECT_MAX,
  MESSAGE_TIMELINE_MAX,
  REPORT_REASON_MAX,
} from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userOnly } from '../../http/auth.ts';
import { baseUrl, paged, pagedSchema, pagingQuery, parsePaging } from '../../http/paging.ts';
import { parseId } from '../../http/params.ts';
import * as service from './service.ts';

const tags = ['conversations'];
/** A message: 1 to MESSAGE_BODY_MAX characters once trimmed. */
const body = z.string().trim().min(1, 'field.required').max(MESSAGE_BODY_MAX, 'field.too_long');
const startBody = z.object({
  artist: rowId({ required: 'field.required', invalid: 'field.invalid_number', unknown: 'field.too_large' }),
  subject: z.string().trim().min(1, 'field.required').max(MESSAGE_SUBJECT_MAX, 'field.too_long'),
  body,
  artwork: rowId().nullable().optional(),
  budget: z.string().trim().max(MESSAGE_BUDGET_MAX, 'field.too_long').optional(),
  timeline: z.string().trim().max(MESSAGE_TIMELINE_MAX, 'field.too_long').optional(),
});
/** Per person (per address for a guest): the session is loaded before the route's limit runs. */
const perMinute = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : request.ip) },
});

/**
 * Issue #20: the contact form and the inbox. Every route needs a login (403 otherwise, checked before the body);
 * a conversation is a 404 to anyone but its two people; the writing routes have a per-person rate limit on top
 * of the day and week allowances (429 with Retry-After either way).
 */
export async function conversationRoutes(app: FastifyInstance) {
  inboxRoutes(app);
  threadRoutes(app);
  actionRoutes(app);
}

/** The inbox: write to an artist (a new conversation), the list, and the unread badge. */
function inboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/conversations/',
    {
      schema: {
        tags,
        summary: 'Write to an artist: subject, message (up to 2,000 characters), optional budget, timeline and artwork; 201 with the conversation',
        body: startBody,
        response: { 201: ConversationDetailSchema },
      },
      preValidation: userOnly,
      config: perMinute(CONTACT_LIMITS.route.conversationsPerMinute),
    },
    async (request, reply) => reply.status(201).send(await service.startConversation(app, requireUser(request), request.body, baseUrl(request))),
  );

  r.get(
    '/api/v1/conversations/',
    {
      schema: {
        tags,
        summary: "The viewer's conversations, latest message first, each with its unread count; archived=true for the archive",
        querystring: z.object({ ...pagingQuery, archived: z.enum(['true', 'false'], { error: 'field.invalid_choice' }).optional() }),
        response: { 200: pagedSchema(ConversationSchema) },
      },
      preValidation: userOnly,
    },
    async (request) => {
      const page = parsePaging(request.query);
      const { count, results } = await service.listConversations(app, requireUser(request), request.query.archived === 'true', page);
      return paged(request, page, count, results);
    },
  );

  r.get(
    '/api/v1/conversations/unread/',
    {
      schema: {
        tags,
        summary: 'How many conversations hold a message the viewer has not opened (the top bar badge)',
        response: { 200: z.object({ unread: z.number() }) },
      },
      preValidation: userOnly,
    },
    async (request) => service.unreadCount(app, requireUser(request)),
  );
}

/** One conversation: read it with its messages, and reply in it. */
function threadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/conversations/:id/',
    {
      schema: {
        tags,
        summary: 'One conversation with its messages (only its two people; 404 for anyone else); marks the messages read',
        params: idPathParams,
        response: { 200: ConversationDetailSchema },
      },
      preValidation: userOnly,
    },
    async (request) => service.getConversation(app, requireUser(request), parseId(request.params.id)),
  );

  r.post(
    '/api/v1/conversations/:id/messages/',
    {
      schema: {
        tags,
        summary: 'Reply in a conversation; 403 when the writer is suspended or the other person blocked them',
        params: idPathParams,
        body: z.object({ body }),
        response: { 201: ConversationMessageSchema },
      },
      preValidation: userOnly,
      config: perMinute(CONTACT_LIMITS.route.messagesPerMinute),
    },
    async (request, reply) =>
      reply.status(201).send(await service.postMessage(app, requireUser(request), parseId(request.params.id), request.body.body, baseUrl(request))),
  );
}

/** What one of its two people does on their side of a conversation: archive it, block the other, report a message. */
function actionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/conversations/:id/archive/',
    {
      schema: {
        tags,
        summary: "Archive (or, with false, restore) a conversation on the viewer's side",
        params: idPathParams,
        body: z.object({ archived: z.boolean().default(true) }).default({ archived: true }),
        response: { 200: ConversationDetailSchema },
      },
      preValidation: userOnly,
    },
    async (request) => service.archiveConversation(app, requireUser(request), parseId(request.params.id), request.body.archived),
  );

  r.post(
    '/api/v1/conversations/:id/block/',
    {
      schema: {
        tags,
        summary: 'Block (or, with false, unblock) the other person: they can no longer write to the viewer, and are not told',
        params: idPathParams,
        body: z.object({ blocked: z.boolean().default(true) }).default({ blocked: true }),
        response: { 200: ConversationDetailSchema },
      },
      preValidation: userOnly,
    },
    async (request) => service.blockInConversation(app, requireUser(request), parseId(request.params.id), request.body.blocked),
  );

  r.post(
    '/api/v1/conversations/:id/report/',
    {
      schema: {
        tags,
        summary: 'Report a message of the other person to staff (by default their first one), with an optional reason',
        params: idPathParams,
        body: z
          .object({
            message: rowId().optional(),
            reason: z.string().trim().max(REPORT_REASON_MAX, 'field.too_long').optional(),
          })
          .default({}),
        response: { 201: z.object({ id: z.number(), message: z.number() }) },
      },
      preValidation: userOnly,
      config: perMinute(CONTACT_LIMITS.route.messagesPerMinute),
    },
    async (request, reply) => reply.status(201).send(await service.reportMessage(app, requireUser(request), parseId(request.params.id), request.body)),
  );
}

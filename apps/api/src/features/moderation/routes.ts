import {
  AppealSchema,
  AuditEntrySchema,
  appealBodySchema,
  appealDecisionBodySchema,
  appealQuerySchema,
  ModerationDecisionSchema,
  numericIdParams,
  REPORT_LIMITS,
  ReportCreatedSchema,
  ReportGroupSchema,
  reportActionBodySchema,
  reportBodySchema,
  reportQueueQuerySchema,
} from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff, requireUser, staffOnly, userOnly } from '../../http/auth.ts';
import { paged, pagedSchema, pagingQuery, parsePaging } from '../../http/paging.ts';
import { z } from 'zod';
import { errorResponses } from '../../http/responses.ts';
import * as appeals from './appeals.ts';
import * as queue from './queue.ts';
import * as service from './service.ts';

const tags = ['moderation'];

/** Issue #31: reports of an artwork, a user, an open call or a message. Logged-in users only (403 before the body). */
export async function moderationRoutes(app: FastifyInstance) {
  reportRoutes(app);
  queueRoutes(app);
  appealRoutes(app);
  auditRoutes(app);
}

function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/reports/',
    {
      schema: {
        tags,
        summary: 'Report an artwork, a user, an open call or a message to staff; a repeat of an open report answers it (200)',
        body: reportBodySchema,
        response: {
          201: ReportCreatedSchema.describe('The report was filed'),
          200: ReportCreatedSchema.describe('You reported this already: the same open report'),
          ...errorResponses(400, 403, 429),
        },
      },
      preValidation: userOnly,
      config: {
        rateLimit: {
          max: REPORT_LIMITS.route.perMinute,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => (request.user ? `report:u${request.user.id}` : `report:${request.ip}`),
        },
      },
    },
    async (request, reply) => {
      const filed = await service.report(app, requireUser(request), request.body);
      return reply.status(filed.created ? 201 : 200).send({ id: filed.id });
    },
  );
}

/** The staff queue (issue #31): staff only, 403 before the query or body. */
function queueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/admin/reports/',
    {
      schema: {
        tags,
        summary:
          'The moderation queue: reports grouped by target with the number of reporters and the target as its viewers see it; open ones oldest first, resolved ones by action, newest first; paged',
        querystring: reportQueueQuerySchema.extend(pagingQuery),
        response: { 200: pagedSchema(ReportGroupSchema), ...errorResponses(400, 403) },
      },
      preValidation: staffOnly,
    },
    async (request) => {
      const page = parsePaging(request.query);
      const result = await queue.listQueue(app, { status: request.query.status, target: request.query.target }, page);
      return paged(request, page, result.count, result.results);
    },
  );
  r.patch(
    '/api/v1/admin/reports/:id/',
    {
      schema: {
        tags,
        summary:
          'Act on a report: resolves every open report of its target; hide (artworks), remove for good (with files), warn or suspend the owner, who is told with the note and how to appeal; audit-logged',
        params: numericIdParams,
        body: reportActionBodySchema,
        response: { 200: ReportGroupSchema.describe('The resolved group'), ...errorResponses(400, 403, 404) },
      },
      preValidation: staffOnly,
    },
    async (request) => queue.act(app, requireStaff(request), request.params.id, request.body),
  );
}

/** Appeals (issue #31): the owner files one per action; staff read and decide them. */
function appealRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/moderation/decisions/',
    {
      schema: {
        tags,
        summary: 'Actions staff took on my work or account (not dismissals), newest first, each with its reason and appeal',
        querystring: z.object(pagingQuery),
        response: { 200: pagedSchema(ModerationDecisionSchema), ...errorResponses(400, 403) },
      },
      preValidation: userOnly,
    },
    async (request) => {
      const page = parsePaging(request.query);
      const result = await appeals.myDecisions(app, requireUser(request), page);
      return paged(request, page, result.count, result.results);
    },
  );
  r.get(
    '/api/v1/moderation/decisions/:id/',
    {
      schema: {
        tags,
        summary: "One action on my work or account: its owner logged in, or the mailed link's token (a suspended owner)",
        params: numericIdParams,
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: ModerationDecisionSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => appeals.decision(app, { viewer: request.user ?? null, token: request.query.token }, request.params.id),
  );
  r.post(
    '/api/v1/appeals/',
    {
      schema: {
        tags,
        summary: "Appeal staff's action on my work or account, once per action (logged in, or with the mailed link's token)",
        body: appealBodySchema,
        response: { 201: ReportCreatedSchema.describe('The appeal was filed'), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const filed = await appeals.fileAppeal(app, { viewer: request.user ?? null, token }, input);
      return reply.status(201).send({ id: filed.id });
    },
  );
  r.get(
    '/api/v1/admin/appeals/',
    {
      schema: {
        tags,
        summary: 'Appeals, by status (open ones oldest first), with the action and the target as its viewers see it; paged',
        querystring: appealQuerySchema.extend(pagingQuery),
        response: { 200: pagedSchema(AppealSchema), ...errorResponses(400, 403) },
      },
      preValidation: staffOnly,
    },
    async (request) => {
      const page = parsePaging(request.query);
      const result = await appeals.listAppeals(app, request.query.status, page);
      return paged(request, page, result.count, result.results);
    },
  );
  r.patch(
    '/api/v1/admin/appeals/:id/',
    {
      schema: {
        tags,
        summary: 'Decide an appeal: uphold, or reverse (undoes a hide or a suspension; a removal cannot be reversed: 400); audit-logged',
        params: numericIdParams,
        body: appealDecisionBodySchema,
        response: { 200: AppealSchema, ...errorResponses(400, 403, 404) },
      },
      preValidation: staffOnly,
    },
    async (request) => appeals.decide(app, requireStaff(request), request.params.id, request.body.decision),
  );
}

/** The audit log: staff only (403 before the query), newest first; nobody can change it (the database refuses). */
function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/audit/',
    {
      schema: {
        tags,
        summary: 'The moderation audit log (every staff action and appeal decision), newest first, paged; append-only',
        querystring: z.object(pagingQuery),
        response: { 200: pagedSchema(AuditEntrySchema), ...errorResponses(400, 403) },
      },
      preValidation: staffOnly,
    },
    async (request) => {
      const page = parsePaging(request.query);
      const result = await service.listAudit(app, page);
      return paged(request, page, result.count, result.results);
    },
  );
}

import { AuditEntrySchema, REPORT_LIMITS, ReportCreatedSchema, reportBodySchema } from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, staffOnly, userOnly } from '../../http/auth.ts';
import { paged, pagedSchema, pagingQuery, parsePaging } from '../../http/paging.ts';
import { z } from 'zod';
import { errorResponses } from '../../http/responses.ts';
import * as service from './service.ts';

const tags = ['moderation'];

/** Issue #31: reports of an artwork, a user, an open call or a message. Logged-in users only (403 before the body). */
export async function moderationRoutes(app: FastifyInstance) {
  reportRoutes(app);
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

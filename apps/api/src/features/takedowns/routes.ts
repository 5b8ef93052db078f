import {
  counterNoticeSchema,
  idPathParams,
  StaffTakedownSchema,
  TAKEDOWN_LIMITS,
  TakedownReceiptSchema,
  TakedownSchema,
  takedownBodySchema,
  takedownConfirmSchema,
  takedownDecisionSchema,
  takedownListQuery,
} from '@axoo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser, staffOnly, userOnly } from '../../http/auth.ts';
import { errorResponses } from '../../http/errors.ts';
import { paged, pagedSchema, pagingQuery, parsePaging } from '../../http/paging.ts';
import { parseId } from '../../http/params.ts';
import * as service from './service.ts';

const tags = ['moderation'];
const byIp = (request: FastifyRequest) => `takedown:${request.ip}`;

/** Issue #31: takedown notices from rights holders (no account), the uploader's counter-notice, staff's decisions. */
export async function takedownRoutes(app: FastifyInstance) {
  publicRoutes(app);
  uploaderRoutes(app);
  staffRoutes(app);
}

function publicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per address: TAKEDOWN_LIMITS.perHour by the route's limit, perDay by a second one before the handler (both off
  // with RATE_LIMITS=off, as the accounts' throttles are).
  const on = app.config.RATE_LIMITS !== 'off';
  const perDay = app.rateLimit({ max: TAKEDOWN_LIMITS.perDay, timeWindow: '1 day', keyGenerator: (request) => `${byIp(request)}:day` });
  const perIp = (max: number): { rateLimit?: { max: number; timeWindow: string; keyGenerator: typeof byIp } } =>
    on ? { rateLimit: { max, timeWindow: '1 hour', keyGenerator: byIp } } : {};
  r.post(
    '/api/v1/takedowns/',
    {
      schema: {
        tags,
        summary: "A rights holder's takedown notice (no account needed): kept unconfirmed until the mailed link confirms its e-mail",
        body: takedownBodySchema,
        response: { 201: TakedownReceiptSchema.describe('Received; the confirmation link is mailed'), ...errorResponses(400) },
      },
      preHandler: on ? perDay : [],
      config: perIp(TAKEDOWN_LIMITS.perHour),
    },
    async (request, reply) => reply.status(201).send(await service.submitTakedown(app, request.body, request.lang)),
  );
  r.post(
    '/api/v1/takedowns/:id/confirm/',
    {
      schema: {
        tags,
        summary: 'Confirm a notice with the mailed token: the work is hidden at once as a temporary measure (a repeat answers its state)',
        params: idPathParams,
        body: takedownConfirmSchema,
        response: { 200: TakedownReceiptSchema, ...errorResponses(400, 404) },
      },
      config: perIp(TAKEDOWN_LIMITS.perHour * 4),
    },
    async (request) => service.confirmTakedown(app, parseId(request.params.id), request.body.token),
  );
}

function uploaderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/artworks/:id/takedowns/',
    {
      schema: {
        tags,
        summary: 'The confirmed takedown notices of an artwork: its uploader and staff',
        params: idPathParams,
        response: { 200: z.array(TakedownSchema), ...errorResponses(403, 404) },
      },
      preValidation: userOnly,
    },
    async (request) => service.noticesOf(app, requireUser(request), parseId(request.params.id)),
  );
  r.post(
    '/api/v1/takedowns/:id/counter/',
    {
      schema: {
        tags,
        summary: "The uploader's counter-notice (once, while the temporary measure is in place)",
        params: idPathParams,
        body: counterNoticeSchema,
        response: { 200: TakedownSchema, ...errorResponses(400, 403, 404) },
      },
      preValidation: userOnly,
    },
    async (request) => service.counterNotice(app, requireUser(request), parseId(request.params.id), request.body.text),
  );
}

/** Staff only (403 before the query or body). */
function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/admin/takedowns/',
    {
      schema: {
        tags,
        summary: 'Takedown notices: open (measure in place, default) or decided; oldest first',
        querystring: takedownListQuery.extend(pagingQuery),
        response: { 200: pagedSchema(StaffTakedownSchema), ...errorResponses(400, 403) },
      },
      preValidation: staffOnly,
    },
    async (request) => {
      const page = parsePaging(request.query);
      const result = await service.listTakedowns(app, request.query.status, page);
      return paged(request, page, result.count, result.results);
    },
  );
  r.patch(
    '/api/v1/admin/takedowns/:id/',
    {
      schema: {
        tags,
        summary: 'Decide a notice: remove (the work is deleted for good) or restore (it shows again); audit-logged',
        params: idPathParams,
        body: takedownDecisionSchema,
        response: { 200: StaffTakedownSchema, ...errorResponses(400, 403, 404) },
      },
      preValidation: staffOnly,
    },
    async (request) => service.decideTakedown(app, requireStaff(request), parseId(request.params.id), request.body),
  );
}

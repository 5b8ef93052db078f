import { HoldSchema, holdAnswerSchema, holdDecisionSchema, holdExplanationSchema, holdListQuery, HOLD_STATUSES, idPathParams } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser, staffOnly, userOnly } from '../../http/auth.ts';
import { errorResponses } from '../../http/errors.ts';
import { paged, pagedSchema, pagingQuery, parsePaging } from '../../http/paging.ts';
import { parseId } from '../../http/params.ts';
import * as service from './service.ts';

const tags = ['moderation'];

/** Issue #31: a repost hold's parties (uploader, matched artists) and the staff's list and decisions. */
export async function repostRoutes(app: FastifyInstance) {
  partyRoutes(app);
  staffRoutes(app);
}

function partyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/artworks/:id/hold/',
    {
      schema: {
        tags,
        summary: "An artwork's latest repost hold: its uploader, the artists of the matched works, staff",
        params: idPathParams,
        response: { 200: HoldSchema, ...errorResponses(403, 404) },
      },
      preValidation: userOnly,
    },
    async (request) => service.artworkHold(app, requireUser(request), parseId(request.params.id)),
  );
  r.post(
    '/api/v1/holds/:id/explanation/',
    {
      schema: {
        tags,
        summary: 'The uploader explains a held work (kept for staff); while it is held',
        params: idPathParams,
        body: holdExplanationSchema,
        response: { 200: HoldSchema, ...errorResponses(400, 403, 404) },
      },
      preValidation: userOnly,
    },
    async (request) => service.explain(app, requireUser(request), parseId(request.params.id), request.body.text),
  );
  r.post(
    '/api/v1/holds/:id/answer/',
    {
      schema: {
        tags,
        summary:
          "A matched artist answers: 'allowed' (mine, I allowed it: releases once every matched artist allowed it) or 'report' (files a report, reason stolen)",
        params: idPathParams,
        body: holdAnswerSchema,
        response: { 200: HoldSchema, ...errorResponses(400, 403, 404) },
      },
      preValidation: userOnly,
    },
    async (request) => service.answer(app, requireUser(request), parseId(request.params.id), request.body),
  );
}

/** Staff only (403 before the query or body). */
function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/admin/holds/',
    {
      schema: {
        tags,
        summary: `Repost holds of one status (${HOLD_STATUSES.join(', ')}; default held), oldest first, with both images`,
        querystring: holdListQuery.extend(pagingQuery),
        response: { 200: pagedSchema(HoldSchema), ...errorResponses(400, 403) },
      },
      preValidation: staffOnly,
    },
    async (request) => {
      const page = parsePaging(request.query);
      const result = await service.listHolds(app, requireStaff(request), request.query.status, page);
      return paged(request, page, result.count, result.results);
    },
  );
  r.patch(
    '/api/v1/admin/holds/:id/',
    {
      schema: {
        tags,
        summary: 'Decide a held work: release (it shows) or remove (deleted for good); audit-logged',
        params: idPathParams,
        body: holdDecisionSchema,
        response: { 200: z.object({ id: z.number(), status: z.enum(['released', 'removed']) }), ...errorResponses(400, 403, 404) },
      },
      preValidation: staffOnly,
    },
    async (request) => service.decide(app, requireStaff(request), parseId(request.params.id), request.body),
  );
}

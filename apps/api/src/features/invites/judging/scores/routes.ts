import { JUDGING_PAGE_SIZE, JudgingQueueSchema, JUROR_COMMENT_MAX, ReviewSchema, ScoreSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../http/errors.ts';
import { paged, pagingQuery, parsePaging } from '../../../../http/paging.ts';
import * as service from './service.ts';

import { tags, id, idParams } from '../route-kit.ts';

const comment = z.string().max(JUROR_COMMENT_MAX);

/** The juror's blind queue of the current round, scores and reviews (issue #16). */
export async function scoreRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/invites/:id/judging/',
    {
      schema: {
        tags,
        summary: "The juror's blind queue of the current round, paged",
        params: idParams,
        querystring: z.object(pagingQuery),
        response: { 200: JudgingQueueSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const page = parsePaging(request.query, JUDGING_PAGE_SIZE);
      const result = await service.getQueue(app.db, request.user, request.params.id, page, request.lang);
      return { ...result, ...paged(request, page, result.count, result.results) };
    },
  );
  r.post(
    '/api/v1/invite-scores/',
    {
      schema: {
        tags,
        summary: "Create or update the juror's score of a submission on a criterion (and the private comment)",
        body: z.object({ application: id, criterion: id, score: z.number().int(), comment: comment.optional() }),
        response: { 200: ScoreSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => service.scoreSubmission(app.db, request.user, request.body),
  );
  r.post(
    '/api/v1/invite-reviews/',
    {
      schema: {
        tags,
        summary: "The juror's comment (shareable with the applicant once feedback is released, or private) and conflict of interest on a submission",
        body: z.object({ application: id, comment: comment.optional(), conflict: z.boolean().optional(), shareable: z.boolean().optional() }),
        response: { 200: ReviewSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => service.reviewSubmission(app.db, request.user, request.body),
  );
}

import { JudgingDashboardSchema, JudgingSchema, SCORE_SCALE_MAX, SCORE_SCALE_MIN } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../http/errors.ts';
import * as service from './service.ts';

import { tags, idParams } from './route-kit.ts';

/** The judging overview (issue #16): the rubric, scale, rounds and jurors' progress, its settings, and the owner's dashboard. */
export async function judgingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/invites/:id/jury/',
    {
      schema: {
        tags,
        summary: 'Rubric, scale, rounds; jurors and their progress for the owner and staff (jurors see the rubric)',
        params: idParams,
        response: { 200: JudgingSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.getJudging(app.db, request.user, request.params.id, request.lang),
  );
  r.put(
    '/api/v1/invites/:id/jury/',
    {
      schema: {
        tags,
        summary: 'Score scale (until the first score) and whether jurors see names (owner, staff)',
        params: idParams,
        body: z.object({ scale: z.number().int().min(SCORE_SCALE_MIN).max(SCORE_SCALE_MAX).optional(), reveal_names: z.boolean().optional() }),
        response: { 200: JudgingSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await service.updateSettings(app.db, request.user, request.params.id, request.body);
      return service.getJudging(app.db, request.user, request.params.id, request.lang);
    },
  );

  r.get(
    '/api/v1/invites/:id/dashboard/',
    {
      schema: {
        tags,
        summary: 'Submissions per day and by genre, scoring progress per juror (owner, staff)',
        params: idParams,
        response: { 200: JudgingDashboardSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.getDashboard(app.db, request.user, request.params.id, request.lang),
  );
}

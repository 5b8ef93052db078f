import { CRITERIA_MAX, CriterionSchema, CRITERION_DESCRIPTION_MAX, CRITERION_NAME_MAX, WEIGHT_MAX, WEIGHT_MIN } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../http/errors.ts';
import * as service from './service.ts';

import { tags, id, idParams, noContent } from '../route-kit.ts';

const name = z.string().trim().min(1).max(CRITERION_NAME_MAX);
const criterionBody = z.object({
  name_ko: name,
  name_en: name,
  description: z.string().trim().max(CRITERION_DESCRIPTION_MAX).optional(),
  weight: z.number().int().min(WEIGHT_MIN).max(WEIGHT_MAX).optional(),
  order: z.number().int().min(0).max(1000).optional(),
});

/** The rubric (issue #16): criteria of an invite, changed until the first score. */
export async function criterionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/invite-criteria/',
    {
      schema: {
        tags,
        summary: 'Add a criterion to the rubric (owner, staff; until the first score)',
        body: criterionBody.extend({ invite: id }),
        response: { 201: CriterionSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCriterion(app.db, request.user, request.body, CRITERIA_MAX, request.lang)),
  );
  r.put(
    '/api/v1/invite-criteria/:id/',
    {
      schema: {
        tags,
        summary: 'Change a criterion (owner, staff; until the first score)',
        params: idParams,
        body: criterionBody,
        response: { 200: CriterionSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.updateCriterion(app.db, request.user, request.params.id, request.body, request.lang),
  );
  r.delete(
    '/api/v1/invite-criteria/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a criterion (owner, staff; until the first score)',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteCriterion(app.db, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

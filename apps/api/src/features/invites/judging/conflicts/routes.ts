import { CONFLICT_REASON_MAX, ConflictListSchema, ConflictSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../http/errors.ts';
import * as service from './service.ts';

import { tags, id, idParams } from '../route-kit.ts';

/** Conflicts of interest (issue #33.3): a juror declares one; the owner sees them. */
export async function conflictRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/invite-conflicts/',
    {
      schema: {
        tags,
        summary: 'A juror of the call declares a conflict of interest with an entry: their score of it counts nowhere',
        body: z.object({ application: id, reason: z.string().max(CONFLICT_REASON_MAX).optional() }),
        response: { 201: ConflictSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.declareConflict(app.db, request.user, request.body)),
  );
  r.get(
    '/api/v1/invites/:id/conflicts/',
    {
      schema: {
        tags,
        summary: 'The conflicts of interest the jurors declared (owner, staff)',
        params: idParams,
        response: { 200: ConflictListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.listConflicts(app.db, request.user, request.params.id),
  );
}

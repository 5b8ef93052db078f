import { RANKING_ORDERS, RankingSchema, ROUND_KINDS, RoundSchema, SHORTLIST_MAX, VoteRoundSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../http/errors.ts';
import { baseUrl } from '../../../../http/paging.ts';
import * as service from './service.ts';
import { startVoteRound } from '../votes/service.ts';
import { date } from '../../route-kit.ts';

import { tags, id, idParams } from '../route-kit.ts';

/** Rounds and the ranking (issue #16): a shortlist opens the next round; a closed round shows its ranking. */
export async function roundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/invite-rounds/',
    {
      schema: {
        tags,
        summary:
          'Open the next round with a shortlist of the closed one: the top N or hand-picked; or (kind public_vote, issue #33.7) a public vote on the latest shortlist between starts and ends (owner, staff)',
        body: z.object({
          invite: id,
          kind: z.enum(ROUND_KINDS).optional(),
          top: z.number().int().min(1).max(SHORTLIST_MAX).optional(),
          applications: z.array(id).max(SHORTLIST_MAX).optional(),
          starts: date,
          ends: date,
        }),
        response: { 201: z.union([RoundSchema, VoteRoundSchema]), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          request.body.kind === 'public_vote'
            ? await startVoteRound(app.db, request.user, request.body)
            : await service.startRound(app, request.user, request.body, baseUrl(request)),
        ),
  );
  r.post(
    '/api/v1/invite-rounds/:id/close/',
    {
      schema: {
        tags,
        summary: 'Close a round (owner, staff): no more scores; jurors may see the ranking',
        params: idParams,
        response: { 200: RoundSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.closeRound(app.db, request.user, request.params.id),
  );
  r.get(
    '/api/v1/invites/:id/ranking/',
    {
      schema: {
        tags,
        summary:
          'The ranking of a round: weighted mean, normalised (mean z-score), standard deviation, counts, agreement, ordered by mean or normalized (owner, staff; jurors once it is closed)',
        params: idParams,
        querystring: z.object({ round: z.coerce.number().int().min(1).max(1000).optional(), by: z.enum(RANKING_ORDERS).optional() }),
        response: { 200: RankingSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.getRanking(app.db, request.user, request.params.id, request.query.round, request.query.by),
  );
}

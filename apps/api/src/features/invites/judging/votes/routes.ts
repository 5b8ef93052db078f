import { VoteBallotSchema, VoteCountsSchema, VoteRoundListSchema, VoteSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../http/errors.ts';
import { baseUrl } from '../../../../http/paging.ts';
import * as service from './service.ts';

import { id, idParams, noContent } from '../route-kit.ts';

/** The public vote is everyone's, not the jury's: its own tag in the API document. */
const tags = ['votes'];

/** The public vote on the shortlist (issue #33.7); a vote round is opened through POST /invite-rounds/ (kind public_vote). */
export async function voteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/invite-votes/',
    {
      schema: {
        tags,
        summary:
          'Vote for a shortlisted entry in the open public vote (an account older than 7 days with a confirmed e-mail, never for its own entry); voting again moves the vote',
        body: z.object({ application: id }),
        response: { 200: VoteSchema, ...errorResponses(400, 403) },
      },
      // Per-address limit on top of the per-round one (VOTES_PER_IP accounts): bursts from one address are slowed.
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (request) => `vote:${request.ip}` } },
    },
    async (request) => service.castVote(app.db, request.user, request.body, request.ip, baseUrl(request)),
  );
  r.get(
    '/api/v1/invites/:id/vote/',
    {
      schema: {
        tags,
        summary: "The public vote's round and its shortlist as frozen entries (anyone), with the viewer's own vote",
        params: idParams,
        response: { 200: VoteBallotSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.getBallot(app.db, request.user, request.params.id, request.lang),
  );
  r.get(
    '/api/v1/invites/:id/votes/',
    {
      schema: {
        tags,
        summary: "The public vote's counts, once it ended (anyone); accounts made after it began are not counted",
        params: idParams,
        response: { 200: VoteCountsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.getVotes(app.db, request.params.id),
  );
  voteRoundRoutes(app);
}

/** The owner's management of the call's vote rounds (issue #33.7): the list with states and counts, and withdrawing one not yet begun. */
function voteRoundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/invites/:id/vote-rounds/',
    {
      schema: {
        tags,
        summary: "The call's public vote rounds, newest first: scheduled, open or ended, with the counted votes once ended (owner, staff)",
        params: idParams,
        response: { 200: VoteRoundListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.listVoteRounds(app.db, request.user, request.params.id),
  );
  r.delete(
    '/api/v1/invite-vote-rounds/:id/',
    {
      schema: {
        tags,
        summary: 'Withdraw a public vote round that has not begun (owner, staff); one that began keeps its votes (400)',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.cancelVoteRound(app.db, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

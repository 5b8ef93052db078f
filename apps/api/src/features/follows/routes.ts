import { FOLLOWS_PER_HOUR, FollowSchema, FollowUserSchema, idPathParams, rowId } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userOnly } from '../../http/auth.ts';
import { paged, pagedSchema, pagingQuery, parsePaging } from '../../http/paging.ts';
import { parseId } from '../../http/params.ts';
import { errorResponses, NoBody } from '../../http/responses.ts';
import { follow, listFollowUsers, listMine, unfollow } from './service.ts';

const body = z.object({ artist: rowId({ required: 'follow.artist_required', unknown: 'follow.artist_not_found' }) });

/** Issue #17 Follow: POST/DELETE /api/v1/follows/, the viewer's follows, and a user's followers and following. */
export async function followRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/follows/',
    {
      schema: {
        tags: ['follows'],
        summary: 'Follow an artist (issue #17); following again answers the same follow (200)',
        body,
        response: {
          201: FollowSchema.describe('The follow was made'),
          200: FollowSchema.describe('You followed this artist already: the same follow'),
          ...errorResponses(400, 403, 429),
        },
      },
      preValidation: userOnly,
      // Per user, every request counts (a repeated follow too).
      config: {
        rateLimit: {
          max: FOLLOWS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => (request.user ? `follow:u${request.user.id}` : `follow:${request.ip}`),
        },
      },
    },
    async (request, reply) => {
      const entry = await follow(app, requireUser(request), request.body.artist);
      return reply.status(entry.created ? 201 : 200).send({ id: entry.id, artist: request.body.artist });
    },
  );

  r.delete(
    '/api/v1/follows/:id/',
    {
      schema: {
        tags: ['follows'],
        summary: 'Unfollow (the follower only; anyone else’s follow is a 404)',
        params: idPathParams,
        response: { 204: NoBody('Unfollowed'), ...errorResponses(403, 404) },
      },
      preValidation: userOnly,
    },
    async (request, reply) => {
      await unfollow(app, requireUser(request), parseId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/v1/follows/',
    {
      schema: {
        tags: ['follows'],
        summary: "The viewer's follows (id and artist each), for the follow buttons",
        response: { 200: z.array(FollowSchema), ...errorResponses(403) },
      },
      preValidation: userOnly,
    },
    async (request) => listMine(app, requireUser(request)),
  );

  for (const which of ['followers', 'following'] as const) {
    r.get(
      `/api/v1/users/:id/${which}/`,
      {
        schema: {
          tags: ['follows'],
          summary: which === 'followers' ? "A user's followers, newest first, paged" : 'Whom a user follows, newest first, paged',
          params: idPathParams,
          querystring: z.object(pagingQuery),
          response: { 200: pagedSchema(FollowUserSchema), ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const page = parsePaging(request.query);
        const result = await listFollowUsers(app, parseId(request.params.id), which, page, request.lang);
        return paged(request, page, result.count, result.results);
      },
    );
  }
}

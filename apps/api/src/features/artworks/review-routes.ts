import { idPathParams } from '@axoo/contract';
import { ReviewLinkSchema, reviewLinkWriteSchema } from '@axoo/contract/artworks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { baseUrl } from '../../http/paging.ts';
import { parseId } from '../../http/params.ts';
import { checkReviewToken, createReviewLink, listReviewLinks, reviewedArtwork, revokeReviewLink } from './review-links.ts';

/** A review link's token in a path (one that cannot be a token names nothing: `checkReviewToken`'s 404). */
const tokenParams = z.object({ token: z.string() });
/** Never kept by a shared cache, never indexed. */
const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * Issue #34 (3): review links. The author creates, lists and revokes them; whoever holds one reads the project through
 * `GET /api/v1/review/{token}/`, and its page `/review/{token}/` answers 410 once the link expired or was revoked.
 */
export async function reviewLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['artworks'];

  r.post(
    '/api/v1/artworks/:id/review-links/',
    {
      schema: {
        tags,
        summary: 'Create a review link to the artwork (author only), until `expires` (at most a year ahead)',
        params: idPathParams,
        body: reviewLinkWriteSchema,
      },
    },
    async (request, reply) => {
      const link = await createReviewLink(app, requireUser(request), parseId(request.params.id), request.body.expires, baseUrl(request));
      return reply.status(201).send(ReviewLinkSchema.parse(link));
    },
  );

  r.get(
    '/api/v1/artworks/:id/review-links/',
    { schema: { tags, summary: "The artwork's review links, newest first (author only)", params: idPathParams } },
    async (request) => listReviewLinks(app, requireUser(request), parseId(request.params.id), baseUrl(request)),
  );

  r.delete(
    '/api/v1/review-links/:id/',
    { schema: { tags, summary: 'Revoke a review link (author only); its URL then answers 410', params: idPathParams } },
    async (request, reply) => {
      await revokeReviewLink(app, requireUser(request), parseId(request.params.id));
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/v1/review/:token/',
    { schema: { tags, summary: 'The project a review link shows, read-only (404 unknown, 410 expired or revoked)', params: tokenParams } },
    async (request, reply) => reply.headers(PRIVATE).send(await reviewedArtwork(app, request.params.token, request.lang)),
  );

  r.get('/review/:token/', { schema: { hide: true, params: tokenParams } }, async (request, reply) => {
    reply.headers(PRIVATE);
    // The page of a link that no longer shows anything answers 410 (the page says why).
    const status = await checkReviewToken(app.db, request.params.token).then(
      () => 200,
      (err: { statusCode?: number }) => err.statusCode ?? 500,
    );
    reply.status(status === 200 ? 200 : status === 410 ? 410 : 404);
    return app.sendSpa(request, reply);
  });
}

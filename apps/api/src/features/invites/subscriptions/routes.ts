import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oneClickBody, oneClickConfig, toOneClickPage } from '../../../mail/one-click.ts';
import * as service from '../subscriptions/service.ts';
import { id, idParams, tags } from '../route-kit.ts';

/** SPEC §4, issue #19: subscribing to a call (the heart), and ending it from the mail without a login. */
export async function inviteSubscriptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/invite-subscriptions/',
    { schema: { tags, summary: 'Subscribe to an invite (returns id)', body: z.object({ invite: id }) } },
    async (request, reply) => reply.status(201).send(await service.subscribe(app.db, request.user, request.body.invite)),
  );
  r.post(
    '/api/v1/invite-subscriptions/unsubscribe/',
    {
      schema: {
        tags,
        summary: 'End a subscription from the link in a subscriber’s mail, without a login (the token is signed for that user and invite)',
        body: z.object({ user: id, invite: id, token: z.string().min(1).max(200) }),
      },
    },
    async (request) => service.unsubscribeWithToken(app, request.body),
  );
  // RFC 8058 one-click (mail/one-click.ts): the signed query is the authority; a GET leads to the page.
  const oneClickQuery = z.object({ u: id, i: id, t: z.string().min(1).max(200) });
  r.post(
    service.ONE_CLICK_PATH,
    {
      config: oneClickConfig,
      schema: {
        tags,
        summary: 'One-click unsubscribe from a subscriber mail’s List-Unsubscribe header (RFC 8058; no login, no CSRF token: the query is signed)',
        querystring: oneClickQuery,
        body: oneClickBody,
      },
    },
    async (request) => service.unsubscribeWithToken(app, { user: request.query.u, invite: request.query.i, token: request.query.t }),
  );
  r.get(
    service.ONE_CLICK_PATH,
    { schema: { tags, summary: 'The one-click address opened in a browser: leads to the unsubscribe page', querystring: oneClickQuery } },
    toOneClickPage('/goodluck/unsubscribe/'),
  );
  r.delete('/api/v1/invite-subscriptions/:id/', { schema: { tags, summary: 'Unsubscribe', params: idParams } }, async (request, reply) => {
    await service.unsubscribe(app.db, request.user, request.params.id);
    return reply.status(204).send();
  });
}

import { INVITE_PAGE_SIZE } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { paged, pagingQuery, parsePaging } from '../../http/paging.ts';
import * as service from './invite-service.ts';
import { contentEditorsOnly, id, idParams, inviteBody, staffPresignRoute, tags } from './route-kit.ts';

/** SPEC §2 Invites, §4, §7: the invites themselves and subscriptions to them. */
export async function inviteCallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Invites.
  r.get('/api/v1/invites/', { schema: { tags, summary: 'Invite list (page size 100)', querystring: z.object(pagingQuery) } }, async (request) => {
    const page = parsePaging(request.query, INVITE_PAGE_SIZE);
    const { count, results } = await service.listInvites(app.db, page);
    return paged(request, page, count, results);
  });
  r.get('/api/v1/invites/:id/', { schema: { tags, summary: 'Invite with pages, columns and the viewer subscription', params: idParams } }, async (request) =>
    service.getInvite(app.db, request.params.id, request.user),
  );
  r.post(
    '/api/v1/invites/',
    { preHandler: contentEditorsOnly, schema: { tags, summary: 'Create an invite (staff)', body: inviteBody } },
    async (request, reply) => reply.status(201).send(await service.createInvite(app.db, requireUser(request), request.body)),
  );
  r.put(
    '/api/v1/invites/:id/',
    { preHandler: contentEditorsOnly, schema: { tags, summary: 'Edit an invite (staff)', params: idParams, body: inviteBody } },
    async (request) => service.updateInvite(app.db, requireUser(request), request.params.id, request.body),
  );
  r.delete(
    '/api/v1/invites/:id/',
    { preHandler: contentEditorsOnly, schema: { tags, summary: 'Delete an invite (staff)', params: idParams } },
    async (request, reply) => {
      await service.deleteInvite(app.db, request.params.id);
      return reply.status(204).send();
    },
  );
  staffPresignRoute(app, '/api/v1/invites/presign/', 'Presigned upload for an invite logo or background (staff)', 'invites/images');
  // Subscriptions.
  r.post(
    '/api/v1/invite-subscriptions/',
    { schema: { tags, summary: 'Subscribe to an invite (returns id)', body: z.object({ invite: id }) } },
    async (request, reply) => reply.status(201).send(await service.subscribe(app.db, request.user, request.body.invite)),
  );
  r.delete('/api/v1/invite-subscriptions/:id/', { schema: { tags, summary: 'Unsubscribe', params: idParams } }, async (request, reply) => {
    await service.unsubscribe(app.db, request.user, request.params.id);
    return reply.status(204).send();
  });
}

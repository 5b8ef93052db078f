import { INVITE_PAGE_SIZE } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser, staffOnly } from '../../../http/auth.ts';
import { baseUrl, paged, pagingQuery, parsePaging } from '../../../http/paging.ts';
import * as service from './service.ts';
import { callImagePresignRoute, idParams, inviteBody, signedIn, tags } from '../route-kit.ts';

/** SPEC §2 Invites, §4, §7; issue #19: the invites themselves (brands start their own), their review, and subscriptions. */
export async function inviteCallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Invites.
  r.get(
    '/api/v1/invites/',
    {
      schema: {
        tags,
        summary: 'Invite list (page size 100); owner=me lists the viewer’s own calls, those under review included',
        querystring: z.object({ ...pagingQuery, owner: z.enum(['me']).optional() }),
      },
    },
    async (request) => {
      const page = parsePaging(request.query, INVITE_PAGE_SIZE);
      const { count, results } = await service.listInvites(app.db, request.user, page, request.query.owner === 'me');
      return paged(request, page, count, results);
    },
  );
  r.get(
    '/api/v1/invites/:id/',
    {
      schema: { tags, summary: 'Invite with pages, columns and the viewer subscription (a brand’s call under review: owner and staff only)', params: idParams },
    },
    async (request) => service.getInvite(app.db, request.params.id, request.user),
  );
  r.post(
    '/api/v1/invites/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Start a call: any logged-in user, owned by them and under review until staff approve it; staff set any owner and status',
        body: inviteBody,
      },
    },
    async (request, reply) => reply.status(201).send(await service.createInvite(app, requireUser(request), request.body)),
  );
  r.put(
    '/api/v1/invites/:id/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          'Edit an invite: staff freely; the owner its texts, images and dates without shortening an open call, its questions until the first application, and the selection once it is under examination',
        params: idParams,
        body: inviteBody,
      },
    },
    async (request) => service.updateInvite(app, requireUser(request), request.params.id, request.body, baseUrl(request)),
  );
  r.post(
    '/api/v1/invites/:id/approve/',
    {
      preValidation: staffOnly,
      schema: { tags, summary: 'Open a call under review for entries (staff); its owner and subscribers are told', params: idParams },
    },
    async (request) => service.approveInvite(app, requireStaff(request), request.params.id, baseUrl(request)),
  );
  r.post(
    '/api/v1/invites/:id/return/',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        summary: 'Send a call under review back to its owner with a note (staff)',
        params: idParams,
        body: z.object({ note: z.string().trim().min(1, 'invite.note_required').max(2000) }),
      },
    },
    async (request) => service.returnInvite(app, requireStaff(request), request.params.id, request.body.note, baseUrl(request)),
  );
  r.delete(
    '/api/v1/invites/:id/',
    { preValidation: staffOnly, schema: { tags, summary: 'Delete an invite (staff)', params: idParams } },
    async (request, reply) => {
      await service.deleteInvite(app, request.params.id);
      return reply.status(204).send();
    },
  );
  callImagePresignRoute(app, '/api/v1/invites/presign/', 'Presigned upload for an invite logo or background (any logged-in user)', 'invites/images');
}

import { INVITE_PAGE_SIZE, mediaUrl, mediaWidthSrcSet, queryKeys, WIDE_SIZES, WIDE_WIDTHS } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireUser, staffOnly } from '../../http/auth.ts';
import { baseUrl, paged, pagingQuery, parsePaging } from '../../http/paging.ts';
import { oneClickBody, oneClickConfig, toOneClickPage } from '../../mail/one-click.ts';
import * as service from './invite-service.ts';
import { callImagePresignRoute, id, idParams, inviteBody, signedIn, tags } from './route-kit.ts';

/** SPEC §2 Invites, §4, §7; issue #19: the invites themselves (brands start their own), their review, and subscriptions. */
export async function inviteCallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Issue #14: a call's page comes with the call inlined (web: features/invites/api key), so the server renders it
  // and the background, the page's largest paint, is preloaded as its `<img>` asks for it.
  app.prefetch.push((pathname) => {
    const m = /^\/goodluck\/(\d{1,9})\/$/.exec(pathname);
    if (!m) return null;
    const id = Number(m[1]);
    return {
      key: [...queryKeys.invites.detail(id)],
      url: `/api/v1/invites/${id}/`,
      images: (answer) => {
        const background = (answer as { background?: string }).background;
        return background ? [{ href: mediaUrl(background, 2000), srcset: mediaWidthSrcSet(background, WIDE_WIDTHS), sizes: WIDE_SIZES }] : [];
      },
    };
  });
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

  // Subscriptions.
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

import { JurorAcceptedSchema, JurorInvitationSchema, JurorInvitedSchema, JURORS_MAX } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../http/errors.ts';
import { baseUrl } from '../../../../http/paging.ts';
import * as service from './service.ts';

import { tags, id, idParams, noContent } from '../route-kit.ts';

/** Jurors (issue #16): invited by e-mail, accepting with the signed link, removed with their scores kept. */
export async function jurorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/invite-jurors/',
    { schema: { tags, summary: 'The calls the viewer judges', response: { 200: z.array(JurorInvitationSchema), ...errorResponses(403) } } },
    async (request) => service.listMyJuries(app.db, request.user),
  );
  r.post(
    '/api/v1/invite-jurors/',
    {
      schema: {
        tags,
        summary: 'Invite a juror by e-mail (owner, staff); the mail holds a signed link to accept',
        body: z.object({ invite: id, email: z.email('field.invalid_email').max(254) }),
        response: { 201: JurorInvitedSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.inviteJuror(app, request.user, request.body, request.lang, baseUrl(request), JURORS_MAX)),
  );
  r.post(
    '/api/v1/invite-jurors/:id/accept/',
    {
      schema: {
        tags,
        summary: 'Accept a jury invitation with the mailed token (logged in: the account is linked)',
        params: idParams,
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: JurorAcceptedSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => service.acceptJuror(app, request.user, request.params.id, request.body.token),
  );
  r.delete(
    '/api/v1/invite-jurors/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a juror (owner, staff); their scores stay, marked',
        params: idParams,
        response: { 204: noContent, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeJuror(app.db, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { baseUrl, paged, pagingQuery, parsePaging } from '../../http/paging.ts';
import * as service from './application-service.ts';
import { answer, id, idParams, tags } from './route-kit.ts';

/** SPEC §4, §7: applications, answers, selection and the submissions list. */
export async function inviteApplicationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/invites/:id/artworks/',
    {
      schema: {
        tags,
        summary: 'Submissions of an invite: selected ones (selection status, owner, staff) or all (owner, staff)',
        params: idParams,
        querystring: z.object({ ...pagingQuery, selected: z.enum(['true', 'false', '1', '0', '']).optional() }),
      },
    },
    async (request) => {
      const page = parsePaging(request.query);
      const selectedOnly = request.query.selected === 'true' || request.query.selected === '1';
      const { count, results } = await service.listInviteArtworks(app.db, request.user, request.params.id, selectedOnly, page, request.lang);
      return paged(request, page, count, results);
    },
  );

  // Applications and answers.
  r.post(
    '/api/v1/invite-applications/',
    {
      schema: {
        tags,
        summary: 'Apply with an artwork, with the answers, in one transaction',
        body: z.object({
          invite: id,
          artwork: id,
          answers: z
            .array(z.object({ question: id, answer }))
            .max(50)
            .optional(),
        }),
      },
    },
    async (request, reply) => reply.status(201).send(await service.applyToInvite(app.db, request.user, request.body)),
  );
  r.put(
    '/api/v1/invite-applications/:id/',
    { schema: { tags, summary: 'Select or unselect an application (owner or staff)', params: idParams, body: z.object({ selected: z.boolean() }) } },
    async (request) => service.selectApplication(app, request.user, request.params.id, request.body.selected, baseUrl(request)),
  );
  r.post(
    '/api/v1/invite-answers/',
    { schema: { tags, summary: 'Answer one question of an application', body: z.object({ application: id, question: id, answer }) } },
    async (request, reply) => reply.status(201).send(await service.saveAnswer(app.db, request.user, request.body)),
  );
}

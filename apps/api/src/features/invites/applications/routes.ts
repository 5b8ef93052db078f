import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { baseUrl, paged, pagingQuery, parsePaging } from '../../../http/paging.ts';
import * as service from './service.ts';
import { LIST_CODE_MAX } from '@axoo/contract';
import { answer, day, id, idParams, tags } from '../route-kit.ts';

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
        querystring: z.object({
          ...pagingQuery,
          selected: z.enum(['true', 'false', '1', '0', '']).optional(),
          // Owner and staff narrow the list (issue #19); others get the public SELECTED list as it is.
          selection: z.enum(['selected', 'unselected']).optional(),
          category: z.string().trim().max(LIST_CODE_MAX).optional(),
          submitted_from: day.optional(),
          submitted_until: day.optional(),
          ordering: z.enum(['newest', 'oldest']).default('newest'),
        }),
      },
    },
    async (request) => {
      const page = parsePaging(request.query);
      const { selected, selection, category, submitted_from, submitted_until, ordering } = request.query;
      const selectedOnly = selected === 'true' || selected === '1';
      const filters = {
        selection,
        category: category || undefined,
        from: submitted_from ? new Date(`${submitted_from}T00:00:00Z`) : undefined,
        // Inclusive of the last day.
        until: submitted_until ? new Date(Date.parse(`${submitted_until}T00:00:00Z`) + 86_400_000) : undefined,
        ordering,
      };
      const { count, results } = await service.listInviteArtworks(app.db, request.user, request.params.id, selectedOnly, page, request.lang, filters);
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
    async (request, reply) => reply.status(201).send(await service.applyToInvite(app, request.user, request.body, baseUrl(request))),
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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service.ts';
import { id, idParams, order, signedIn, tags } from '../route-kit.ts';
import { questionKindFields } from './kind.ts';

/** SPEC §4, §7: the questions of an invite (the owner until the first application, and staff, edit them). */
export async function inviteQuestionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Questions.
  r.get('/api/v1/invite-questions/', { schema: { tags, summary: 'Questions of an invite', querystring: z.object({ invite: id }) } }, async (request) =>
    service.listQuestions(app.db, request.user, request.query.invite),
  );
  r.post(
    '/api/v1/invite-questions/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Add a question (owner until the first application, or staff)',
        body: z.object({ invite: id, question: z.string().trim().min(1).max(1000), order: order.optional(), ...questionKindFields }),
      },
    },
    async (request, reply) => reply.status(201).send(await service.createQuestion(app.db, request.user, request.body)),
  );
  r.put(
    '/api/v1/invite-questions/:id/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Edit a question (owner until the first application, or staff)',
        params: idParams,
        body: z.object({ question: z.string().trim().min(1).max(1000), order: order.optional(), ...questionKindFields }),
      },
    },
    async (request) => service.updateQuestion(app.db, request.user, request.params.id, request.body),
  );
  r.delete(
    '/api/v1/invite-questions/:id/',
    { preValidation: signedIn, schema: { tags, summary: 'Delete a question (owner until the first application, or staff)', params: idParams } },
    async (request, reply) => {
      await service.deleteQuestion(app.db, request.user, request.params.id);
      return reply.status(204).send();
    },
  );
}

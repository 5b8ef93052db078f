import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './question-service.ts';
import { contentEditorsOnly, id, idParams, order, tags } from './route-kit.ts';

/** SPEC §4, §7: the questions of an invite (staff edit them). */
export async function inviteQuestionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Questions.
  r.get('/api/v1/invite-questions/', { schema: { tags, summary: 'Questions of an invite', querystring: z.object({ invite: id }) } }, async (request) =>
    service.listQuestions(app.db, request.query.invite),
  );
  r.post(
    '/api/v1/invite-questions/',
    {
      preHandler: contentEditorsOnly,
      schema: {
        tags,
        summary: 'Add a question (staff)',
        body: z.object({ invite: id, question: z.string().trim().min(1).max(1000), order: order.optional() }),
      },
    },
    async (request, reply) => reply.status(201).send(await service.createQuestion(app.db, request.body)),
  );
  r.put(
    '/api/v1/invite-questions/:id/',
    {
      preHandler: contentEditorsOnly,
      schema: {
        tags,
        summary: 'Edit a question (staff)',
        params: idParams,
        body: z.object({ question: z.string().trim().min(1).max(1000), order: order.optional() }),
      },
    },
    async (request) => service.updateQuestion(app.db, request.params.id, request.body),
  );
  r.delete(
    '/api/v1/invite-questions/:id/',
    { preHandler: contentEditorsOnly, schema: { tags, summary: 'Delete a question (staff)', params: idParams } },
    async (request, reply) => {
      await service.deleteQuestion(app.db, request.params.id);
      return reply.status(204).send();
    },
  );
}

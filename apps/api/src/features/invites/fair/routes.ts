import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, signedIn, tags } from '../route-kit.ts';
import { checkEligibility } from './eligibility.ts';
import { getResults } from './results.ts';

/** At most this many answers in one eligibility request (a call has at most 20 questions). */
const ANSWERS_MAX = 50;

/** Issue #33.1 and .8: a call's eligibility step and its published results. */
export async function fairCallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/invites/:id/eligibility/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Answer a call’s eligibility questions (yes/no by question id): 200 eligible, or 400 naming the question that excludes',
        params: idParams,
        body: z.object({
          answers: z
            .record(z.string().regex(/^[1-9]\d{0,8}$/, 'field.invalid'), z.boolean())
            .refine((answers) => Object.keys(answers).length <= ANSWERS_MAX, { message: 'field.invalid' }),
        }),
      },
    },
    async (request) => checkEligibility(app.db, request.user, request.params.id, request.body.answers),
  );
  r.get(
    '/api/v1/invites/:id/results/',
    { schema: { tags, summary: 'A call’s published results (once in selection): selected entries, jury statement, entry and juror counts', params: idParams } },
    async (request) => getResults(app.db, request.params.id),
  );
}

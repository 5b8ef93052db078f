import { FeedbackReleaseSchema, FeedbackSchema, MyApplicationsSchema } from '@axoo/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../../http/errors.ts';
import { baseUrl } from '../../../../http/paging.ts';
import * as service from './service.ts';

import { tags, id, idParams } from '../route-kit.ts';

/** Feedback that reaches applicants (issue #33.5): the owner releases it after the results; the applicant reads it. */
export async function feedbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/invites/:id/feedback/release/',
    {
      schema: {
        tags,
        summary: "Release the jurors' shareable comments to the applicants, after the results (owner, staff); each applicant gets a mail",
        params: idParams,
        response: { 200: FeedbackReleaseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.releaseFeedback(app, request.user, request.params.id, baseUrl(request)),
  );
  r.get(
    '/api/v1/invite-applications/:id/feedback/',
    {
      schema: {
        tags,
        summary: 'The released shareable comments on an entry, without jurors’ names (its applicant; owner, staff)',
        params: idParams,
        response: { 200: FeedbackSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.getFeedback(app, request.user, request.params.id),
  );
  r.get(
    '/api/v1/invite-applications/',
    {
      schema: {
        tags,
        summary: "The viewer's own entries to a call, each with the jury's released shareable comments (never a juror's name); empty comments until released",
        querystring: z.object({ invite: id }),
        response: { 200: MyApplicationsSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => service.listOwnApplications(app, request.user, request.query.invite),
  );
}

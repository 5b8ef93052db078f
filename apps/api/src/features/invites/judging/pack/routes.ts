import { ExportStateSchema } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../http/errors.ts';
import { baseUrl } from '../../../../http/paging.ts';
import { sendDownload } from '../../../../media/archive.ts';
import { getPack, packForDownload, requestPack } from './service.ts';

import { tags, idParams } from '../route-kit.ts';

/** The juror pack (issue #16): started as a job, its progress, and the signed download. */
export async function packRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/invites/:id/export/',
    {
      schema: {
        tags,
        summary: 'Start the juror pack (owner, staff): a background job',
        params: idParams,
        response: { 202: ExportStateSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => reply.status(202).send(await requestPack(app.db, request.user, request.params.id)),
  );
  r.get(
    '/api/v1/invites/:id/export/',
    {
      schema: {
        tags,
        summary: "The juror pack's progress, and its signed download once done (owner, staff)",
        params: idParams,
        response: { 200: ExportStateSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => getPack(app, request.user, request.params.id, baseUrl(request)),
  );
  r.get(
    '/api/v1/invites/:id/export/download/',
    {
      schema: {
        tags,
        summary: 'Download the juror pack (owner, staff, with the signed link)',
        params: idParams,
        querystring: z.object({ token: z.string().max(200) }),
        response: {
          200: z.string().describe('The ZIP (application/zip, Content-Disposition: attachment): images/<submission>-<n>.<ext>, answers.csv, scores.csv'),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const pack = await packForDownload(app, request.user, request.params.id, request.query.token);
      return sendDownload(reply, app.storage, pack.key, pack.filename);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sanitizeHtml } from '../../../html/sanitize.ts';
import * as service from './service.ts';
import { callImagePresignRoute, color, columnBody, id, idParams, order, signedIn, tags } from '../route-kit.ts';

/** SPEC §6 Staff, and since issue #19 the invite's owner: the pages of an invite and their columns. */
export async function invitePageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Pages.
  r.post(
    '/api/v1/invite-pages/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Create a page with its columns (owner or staff)',
        body: z.object({ invite: id, background_color: color.optional(), order: order.optional(), columns: z.array(columnBody).max(24).optional() }),
      },
    },
    async (request, reply) => reply.status(201).send(await service.createPage(app.db, request.user, sanitizeHtml, request.body)),
  );
  r.put(
    '/api/v1/invite-pages/:id/',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Edit a page (owner or staff)',
        params: idParams,
        body: z.object({ background_color: color.optional(), order: order.optional() }),
      },
    },
    async (request) => service.updatePage(app.db, request.user, request.params.id, request.body),
  );
  r.delete(
    '/api/v1/invite-pages/:id/',
    { preValidation: signedIn, schema: { tags, summary: 'Delete a page (owner or staff)', params: idParams } },
    async (request, reply) => {
      await service.deletePage(app.db, request.user, request.params.id);
      return reply.status(204).send();
    },
  );

  // Columns.
  r.post(
    '/api/v1/invite-columns/',
    { preValidation: signedIn, schema: { tags, summary: 'Create a column (owner or staff)', body: columnBody.extend({ page: id }) } },
    async (request, reply) => reply.status(201).send(await service.createColumn(app.db, request.user, sanitizeHtml, request.body)),
  );
  r.put(
    '/api/v1/invite-columns/:id/',
    {
      preValidation: signedIn,
      schema: { tags, summary: 'Edit a column (owner or staff)', params: idParams, body: columnBody.extend({ page: id.optional() }) },
    },
    async (request) => service.updateColumn(app.db, request.user, sanitizeHtml, request.params.id, request.body),
  );
  r.delete(
    '/api/v1/invite-columns/:id/',
    { preValidation: signedIn, schema: { tags, summary: 'Delete a column (owner or staff)', params: idParams } },
    async (request, reply) => {
      await service.deleteColumn(app.db, request.user, request.params.id);
      return reply.status(204).send();
    },
  );
  callImagePresignRoute(app, '/api/v1/invite-columns/presign/', 'Presigned upload for an image in a column (any logged-in user)', 'invites/columns');
}

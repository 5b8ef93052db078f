import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sanitizeHtml } from '../../html/sanitize.ts';
import * as service from './page-service.ts';
import { color, columnBody, contentEditorsOnly, id, idParams, order, staffPresignRoute, tags } from './route-kit.ts';

/** SPEC §6 Staff: the pages of an invite and their columns. */
export async function invitePageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Pages (staff).
  r.post(
    '/api/v1/invite-pages/',
    {
      preHandler: contentEditorsOnly,
      schema: {
        tags,
        summary: 'Create a page with its columns (staff)',
        body: z.object({ invite: id, background_color: color.optional(), order: order.optional(), columns: z.array(columnBody).max(24).optional() }),
      },
    },
    async (request, reply) => reply.status(201).send(await service.createPage(app.db, sanitizeHtml, request.body)),
  );
  r.put(
    '/api/v1/invite-pages/:id/',
    {
      preHandler: contentEditorsOnly,
      schema: { tags, summary: 'Edit a page (staff)', params: idParams, body: z.object({ background_color: color.optional(), order: order.optional() }) },
    },
    async (request) => service.updatePage(app.db, request.params.id, request.body),
  );
  r.delete(
    '/api/v1/invite-pages/:id/',
    { preHandler: contentEditorsOnly, schema: { tags, summary: 'Delete a page (staff)', params: idParams } },
    async (request, reply) => {
      await service.deletePage(app.db, request.params.id);
      return reply.status(204).send();
    },
  );

  // Columns (staff).
  r.post(
    '/api/v1/invite-columns/',
    { preHandler: contentEditorsOnly, schema: { tags, summary: 'Create a column (staff)', body: columnBody.extend({ page: id }) } },
    async (request, reply) => reply.status(201).send(await service.createColumn(app.db, sanitizeHtml, request.body)),
  );
  r.put(
    '/api/v1/invite-columns/:id/',
    { preHandler: contentEditorsOnly, schema: { tags, summary: 'Edit a column (staff)', params: idParams, body: columnBody.extend({ page: id.optional() }) } },
    async (request) => service.updateColumn(app.db, sanitizeHtml, request.params.id, request.body),
  );
  r.delete(
    '/api/v1/invite-columns/:id/',
    { preHandler: contentEditorsOnly, schema: { tags, summary: 'Delete a column (staff)', params: idParams } },
    async (request, reply) => {
      await service.deleteColumn(app.db, request.params.id);
      return reply.status(204).send();
    },
  );
  staffPresignRoute(app, '/api/v1/invite-columns/presign/', 'Presigned upload for an image in a column (staff)', 'invites/columns');
}

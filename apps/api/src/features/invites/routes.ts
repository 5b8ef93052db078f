import { ANSWER_MAX, COLUMN_WIDTHS, INVITE_PAGE_SIZE, INVITE_STATUSES, INVITE_TITLE_MAX } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sanitizeHtml } from '../../html/sanitize.ts';
import { requireStaff } from '../../http/auth.ts';
import { baseUrl, paged, pagingQuery, parsePaging } from '../../http/paging.ts';
import { createPresignedUpload } from '../../media/service.ts';
import * as service from './service.ts';
import { startExaminationSweep } from './sweep.ts';

const id = z.coerce.number().int().positive();
const idParams = z.object({ id });
const color = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'field.invalid_color');
const order = z.number().int().min(0).max(100_000);
const width = z.union(COLUMN_WIDTHS.map((w) => z.literal(w)) as [z.ZodLiteral<6>, z.ZodLiteral<12>], { error: 'invite.column_width' });
const date = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'field.invalid_date')
  .nullable()
  .optional();
const answer = z.string().trim().min(1).max(ANSWER_MAX, 'invite.answer_max');

const inviteBody = z.object({
  owner: z.union([z.number().int().positive(), z.string().trim().min(1).max(254)], { error: 'invite.owner_required' }),
  title: z.string().trim().min(1).max(INVITE_TITLE_MAX),
  subtitle: z.string().trim().max(INVITE_TITLE_MAX).optional(),
  description: z.string().max(5000).optional(),
  logo: z.string().max(300).optional(),
  background: z.string().max(300).optional(),
  status: z.enum(INVITE_STATUSES),
  closed: date,
  selected: date,
  /** The whole question list in order, saved with the invite in one transaction (omit to leave it). */
  questions: z
    .array(z.object({ id: z.number().int().positive().optional(), question: z.string().trim().min(1).max(1000) }))
    .max(20)
    .optional(),
});

const columnBody = z.object({
  content: z.string().max(200_000).optional(),
  width: width.optional(),
  order: order.optional(),
});

const presignBody = z.object({
  filename: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  height: z.number().int().positive().nullable().optional(),
  width: z.number().int().positive().nullable().optional(),
  size: z.number().int().min(0).nullable().optional(),
});

/**
 * Goodluck invites (SPEC §2 Invites, §3, §4, §7): invites, pages, columns, subscriptions,
 * questions, applications and answers, under the paths DESIGN.md names.
 */
export async function inviteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invites'];
  const sweep = startExaminationSweep(app);
  app.addHook('onClose', async () => sweep.stop());

  /** A staff-only presigned image upload (SPEC §7 media flow) into `prefix`. */
  const presignRoute = (path: string, summary: string, prefix: string) =>
    r.post(path, { schema: { tags, summary, body: presignBody } }, async (request) => {
      const staff = requireStaff(request);
      const { filename, type, size, width, height } = request.body;
      return createPresignedUpload(app, { ownerId: staff.id, filename, contentType: type, size, width, height, prefix });
    });

  // Invites.
  r.get('/api/v1/invites/', { schema: { tags, summary: 'Invite list (page size 100)', querystring: z.object(pagingQuery) } }, async (request) => {
    const page = parsePaging(request.query, INVITE_PAGE_SIZE);
    const { count, results } = await service.listInvites(app.db, page);
    return paged(request, page, count, results);
  });
  r.get('/api/v1/invites/:id/', { schema: { tags, summary: 'Invite with pages, columns and the viewer subscription', params: idParams } }, async (request) =>
    service.getInvite(app.db, request.params.id, request.user),
  );
  r.post('/api/v1/invites/', { schema: { tags, summary: 'Create an invite (staff)', body: inviteBody } }, async (request, reply) =>
    reply.status(201).send(await service.createInvite(app.db, request.user, request.body)),
  );
  r.put('/api/v1/invites/:id/', { schema: { tags, summary: 'Edit an invite (staff)', params: idParams, body: inviteBody } }, async (request) =>
    service.updateInvite(app.db, request.user, request.params.id, request.body),
  );
  r.delete('/api/v1/invites/:id/', { schema: { tags, summary: 'Delete an invite (staff)', params: idParams } }, async (request, reply) => {
    await service.deleteInvite(app.db, request.user, request.params.id);
    return reply.status(204).send();
  });
  presignRoute('/api/v1/invites/presign/', 'Presigned upload for an invite logo or background (staff)', 'invites/images');
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

  // Pages (staff).
  r.post(
    '/api/v1/invite-pages/',
    {
      schema: {
        tags,
        summary: 'Create a page with its columns (staff)',
        body: z.object({ invite: id, background_color: color.optional(), order: order.optional(), columns: z.array(columnBody).max(24).optional() }),
      },
    },
    async (request, reply) => reply.status(201).send(await service.createPage(app.db, request.user, sanitizeHtml, request.body)),
  );
  r.put(
    '/api/v1/invite-pages/:id/',
    { schema: { tags, summary: 'Edit a page (staff)', params: idParams, body: z.object({ background_color: color.optional(), order: order.optional() }) } },
    async (request) => service.updatePage(app.db, request.user, request.params.id, request.body),
  );
  r.delete('/api/v1/invite-pages/:id/', { schema: { tags, summary: 'Delete a page (staff)', params: idParams } }, async (request, reply) => {
    await service.deletePage(app.db, request.user, request.params.id);
    return reply.status(204).send();
  });

  // Columns (staff).
  r.post('/api/v1/invite-columns/', { schema: { tags, summary: 'Create a column (staff)', body: columnBody.extend({ page: id }) } }, async (request, reply) =>
    reply.status(201).send(await service.createColumn(app.db, request.user, sanitizeHtml, request.body)),
  );
  r.put(
    '/api/v1/invite-columns/:id/',
    { schema: { tags, summary: 'Edit a column (staff)', params: idParams, body: columnBody.extend({ page: id.optional() }) } },
    async (request) => service.updateColumn(app.db, request.user, sanitizeHtml, request.params.id, request.body),
  );
  r.delete('/api/v1/invite-columns/:id/', { schema: { tags, summary: 'Delete a column (staff)', params: idParams } }, async (request, reply) => {
    await service.deleteColumn(app.db, request.user, request.params.id);
    return reply.status(204).send();
  });
  presignRoute('/api/v1/invite-columns/presign/', 'Presigned upload for an image in a column (staff)', 'invites/columns');

  // Subscriptions.
  r.post(
    '/api/v1/invite-subscriptions/',
    { schema: { tags, summary: 'Subscribe to an invite (returns id)', body: z.object({ invite: id }) } },
    async (request, reply) => reply.status(201).send(await service.subscribe(app.db, request.user, request.body.invite)),
  );
  r.delete('/api/v1/invite-subscriptions/:id/', { schema: { tags, summary: 'Unsubscribe', params: idParams } }, async (request, reply) => {
    await service.unsubscribe(app.db, request.user, request.params.id);
    return reply.status(204).send();
  });

  // Questions.
  r.get('/api/v1/invite-questions/', { schema: { tags, summary: 'Questions of an invite', querystring: z.object({ invite: id }) } }, async (request) =>
    service.listQuestions(app.db, request.query.invite),
  );
  r.post(
    '/api/v1/invite-questions/',
    {
      schema: {
        tags,
        summary: 'Add a question (staff)',
        body: z.object({ invite: id, question: z.string().trim().min(1).max(1000), order: order.optional() }),
      },
    },
    async (request, reply) => reply.status(201).send(await service.createQuestion(app.db, request.user, request.body)),
  );
  r.put(
    '/api/v1/invite-questions/:id/',
    {
      schema: {
        tags,
        summary: 'Edit a question (staff)',
        params: idParams,
        body: z.object({ question: z.string().trim().min(1).max(1000), order: order.optional() }),
      },
    },
    async (request) => service.updateQuestion(app.db, request.user, request.params.id, request.body),
  );
  r.delete('/api/v1/invite-questions/:id/', { schema: { tags, summary: 'Delete a question (staff)', params: idParams } }, async (request, reply) => {
    await service.deleteQuestion(app.db, request.user, request.params.id);
    return reply.status(204).send();
  });

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

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTIST_LEVELS,
  COLOR_CODE_PATTERN,
  LIST_CODE_MAX,
  LIST_CODE_PATTERN,
  LIST_NAME_MAX,
  numericIdParams,
  presignSchema,
  TAXONOMY_LISTS,
} from '@axoo/contract';
import { requireStaff, staffOnly } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { searchRoute } from '../../domain/console/routes.ts';
import { createPresignedUpload } from '../../media/service.ts';
import * as service from './service.ts';

const tags = ['admin'];
const listParams = z.object({ list: z.enum(TAXONOMY_LISTS) });
const listItemParams = z.object({ list: z.enum(TAXONOMY_LISTS), id: numericIdParams.shape.id });

const memberOut = z.object({
  id: z.number(),
  username: z.string(),
  slug: z.string(),
  name: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  is_premium: z.boolean(),
  level: z.number(),
  cropped_avatar: z.string(),
  created: z.string(),
});
const listItemOut = z.object({
  id: z.number(),
  code: z.string(),
  name_ko: z.string(),
  name_en: z.string(),
  is_primary: z.boolean(),
  position: z.number(),
  retired: z.boolean(),
});
const listName = z.string().trim().min(1).max(LIST_NAME_MAX);
const jobOut = z.object({
  id: z.number(),
  kind: z.string(),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  attempts: z.number(),
  last_error: z.string(),
  created: z.string(),
  finished: z.string().nullable(),
});

/**
 * The staff console API (issue #7): members and the taxonomy lists (banners and clients are curation's, registered by it). Every endpoint
 * is staff-only, checked before anything else so guests and users get 403 whatever they send.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('preValidation', staffOnly);
  memberRoutes(app);
  failedJobRoutes(app);
  listRoutes(app);
  presignRoutes(app);
}

/** Members (SPEC §6 roles). */
function memberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  searchRoute(app, '/api/v1/admin/users/', 'Members, newest first; search name, e-mail or username', memberOut, service.pageMembers);
  r.patch(
    '/api/v1/admin/users/:id/',
    {
      schema: {
        tags,
        summary: 'Grant or revoke premium and staff; set the artist level 0-5',
        params: numericIdParams,
        body: z.object({
          is_premium: z.boolean().optional(),
          is_staff: z.boolean().optional(),
          level: z
            .number()
            .int('artist_level.out_of_range')
            .min(Math.min(...ARTIST_LEVELS), 'artist_level.out_of_range')
            .max(Math.max(...ARTIST_LEVELS), 'artist_level.out_of_range')
            .optional(),
        }),
        response: { 200: memberOut },
      },
    },
    async (request) => service.changeMember(app, requireStaff(request), request.params.id, request.body),
  );
}

/** Background jobs that failed their last try (issue #13): mail that could not be sent, and the like. */
function failedJobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  searchRoute(
    app,
    '/api/v1/admin/jobs/',
    'Failed background jobs, newest first; search the kind, the error or a mail recipient',
    jobOut,
    service.pageFailedJobs,
  );
  r.post(
    '/api/v1/admin/jobs/:id/retry/',
    { schema: { tags, summary: 'Queue a failed job again for a fresh series of tries', params: numericIdParams } },
    async (request, reply) => {
      await service.retryJob(app, request.params.id);
      return reply.status(204).send();
    },
  );
}

/** Taxonomy lists (SPEC §3 Lists): add, rename both languages, reorder, retire. */
function listRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/admin/lists/:list/',
    { schema: { tags, summary: 'A list with retired items, in display order', params: listParams, response: { 200: z.array(listItemOut) } } },
    async (request) => service.listItems(app, request.params.list),
  );
  r.post(
    '/api/v1/admin/lists/:list/',
    {
      schema: {
        tags,
        summary: 'Add an item at the end of a list',
        params: listParams,
        body: z.object({
          code: z.string().trim().min(1).max(LIST_CODE_MAX),
          name_ko: listName,
          name_en: listName,
          is_primary: z.boolean().optional(),
        }),
        response: { 201: listItemOut },
      },
    },
    async (request, reply) => {
      const { list } = request.params;
      const pattern = list === 'colors' ? COLOR_CODE_PATTERN : LIST_CODE_PATTERN;
      if (!pattern.test(request.body.code)) throw badRequest({ code: list === 'colors' ? 'list.color_invalid' : 'list.code_invalid' });
      return reply.status(201).send(await service.addItem(app, list, request.body));
    },
  );
  r.patch(
    '/api/v1/admin/lists/:list/:id/',
    {
      schema: {
        tags,
        summary: 'Rename (both languages), mark primary (categories), retire or restore an item',
        params: listItemParams,
        body: z.object({ name_ko: listName.optional(), name_en: listName.optional(), is_primary: z.boolean().optional(), retired: z.boolean().optional() }),
        response: { 200: listItemOut },
      },
    },
    async (request) => service.changeItem(app, request.params.list, request.params.id, request.body),
  );
  r.put(
    '/api/v1/admin/lists/:list/order/',
    {
      schema: {
        tags,
        summary: 'Reorder a list: every item id once, in the new order',
        params: listParams,
        body: z.object({ ids: z.array(z.number().int().positive()).max(1000) }),
        response: { 200: z.array(listItemOut) },
      },
    },
    async (request) => service.reorderItems(app, request.params.list, request.body.ids),
  );
}

/** SPEC §4 Image upload for banner images and partner logos: the shared media flow, in the console's folder. */
function presignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/v1/admin/presign/',
    {
      schema: {
        tags,
        summary: 'Presigned upload URL for a banner image or partner logo',
        body: presignSchema,
      },
    },
    async (request) => {
      const viewer = requireStaff(request);
      const { filename, type, width, height, size } = request.body;
      return createPresignedUpload(app, { ownerId: viewer.id, filename, contentType: type, width, height, size, prefix: 'site' });
    },
  );
}

import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARTIST_LEVELS, COLOR_CODE_PATTERN, LIST_CODE_MAX, LIST_CODE_PATTERN, LIST_NAME_MAX, TAXONOMY_LISTS } from '@axoo/contract';
import { requireStaff, staffOnly } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { paged, pagedSchema, pagingQuery, parsePaging } from '../../http/paging.ts';
import { bannerBody, bannerOut, clientBody, clientOut, idParams } from '../curation/schemas.ts';
import { createPresignedUpload } from '../../media/service.ts';
import * as curation from '../curation/service.ts';
import * as service from './service.ts';

const searchQuery = z.object({ search: z.string().trim().max(100).default(''), ...pagingQuery });
const listParams = z.object({ list: z.enum(TAXONOMY_LISTS) });
const listItemParams = z.object({ list: z.enum(TAXONOMY_LISTS), id: z.coerce.number().int().positive() });

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

type Pager<T> = (app: FastifyInstance, search: string, limit: number, offset: number) => Promise<{ count: number; results: T[] }>;

/** What the console does with one kind of record (SPEC §3 Banner, Client), and how each route reads in the API document. */
interface RecordKind<B extends z.ZodType, O extends z.ZodType> {
  summaries: { list: string; create: string; replace: string; remove: string };
  body: B;
  out: O;
  page: Pager<z.infer<O>>;
  create: (app: FastifyInstance, body: z.infer<B>) => Promise<z.infer<O>>;
  update: (app: FastifyInstance, id: number, body: z.infer<B>) => Promise<z.infer<O>>;
  remove: (app: FastifyInstance, id: number) => Promise<unknown>;
}

/**
 * The staff console API (issue #7): banners, clients, members and the taxonomy lists. Every endpoint
 * is staff-only, checked before anything else so guests and users get 403 whatever they send.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('preValidation', staffOnly);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  /** A searchable page of records, newest or highest first as the summary says. */
  const searchRoute = <O extends z.ZodType>(path: string, summary: string, out: O, pageOf: Pager<z.infer<O>>) =>
    r.get(path, { schema: { tags, summary, querystring: searchQuery, response: { 200: pagedSchema(out) } } }, async (request) => {
      const page = parsePaging(request.query);
      const { count, results } = await pageOf(app, request.query.search, page.limit, page.offset);
      return paged(request, page, count, results);
    });

  /** A kind of console record: its searchable page, create, replace (the whole record) and delete. */
  const recordRoutes = <B extends z.ZodType, O extends z.ZodType>(path: string, kind: RecordKind<B, O>) => {
    const { summaries, body, out } = kind;
    searchRoute(path, summaries.list, out, kind.page);
    // TypeScript cannot resolve the zod provider's request and reply types for a generic schema: these two
    // schemas are plain FastifySchema, and the body's type is named here (the schema has validated it, as everywhere).
    const createSchema: FastifySchema = { tags, summary: summaries.create, body, response: { 201: out } };
    const replaceSchema: FastifySchema = { tags, summary: summaries.replace, params: idParams, body, response: { 200: out } };
    app.post(path, { schema: createSchema }, async (request, reply) => reply.status(201).send(await kind.create(app, request.body as z.infer<B>)));
    app.put<{ Params: z.infer<typeof idParams> }>(`${path}:id/`, { schema: replaceSchema }, async (request) =>
      kind.update(app, request.params.id, request.body as z.infer<B>),
    );
    r.delete(`${path}:id/`, { schema: { tags, summary: summaries.remove, params: idParams } }, async (request, reply) => {
      await kind.remove(app, request.params.id);
      return reply.status(204).send();
    });
  };

  // Banners (SPEC §3 Banner).
  recordRoutes('/api/v1/admin/banners/', {
    summaries: {
      list: 'Banners, level descending then id descending; search url and alt text',
      create: 'Create a banner',
      replace: 'Replace a banner (the whole record)',
      remove: 'Delete a banner',
    },
    body: bannerBody,
    out: bannerOut,
    page: curation.pageBanners,
    create: curation.createBanner,
    update: curation.updateBanner,
    remove: curation.deleteBanner,
  });

  // Clients, shown as partners (SPEC §3 Client).
  recordRoutes('/api/v1/admin/clients/', {
    summaries: {
      list: 'Clients (partners), level descending then id descending; search name, url and benefit',
      create: 'Create a client (partner)',
      replace: 'Replace a client (the whole record)',
      remove: 'Delete a client',
    },
    body: clientBody,
    out: clientOut,
    page: curation.pageClients,
    create: curation.createClient,
    update: curation.updateClient,
    remove: curation.deleteClient,
  });

  // Members (SPEC §6 roles).
  searchRoute('/api/v1/admin/users/', 'Members, newest first; search name, e-mail or username', memberOut, service.pageMembers);
  r.patch(
    '/api/v1/admin/users/:id/',
    {
      schema: {
        tags,
        summary: 'Grant or revoke premium and staff; set the artist level 0-5',
        params: idParams,
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

  // Taxonomy lists (SPEC §3 Lists): add, rename both languages, reorder, retire.
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

  // SPEC §4 Image upload for banner images and partner logos: the shared media flow, in the console's folder.
  r.post(
    '/api/v1/admin/presign/',
    {
      schema: {
        tags,
        summary: 'Presigned upload URL for a banner image or partner logo',
        body: z.object({
          filename: z.string().min(1).max(255),
          type: z.string().min(1).max(100),
          width: z.number().int().positive().nullish(),
          height: z.number().int().positive().nullish(),
          size: z.number().int().nonnegative().nullish(),
        }),
      },
    },
    async (request) => {
      const viewer = requireStaff(request);
      const { filename, type, width, height, size } = request.body;
      return createPresignedUpload(app, { ownerId: viewer.id, filename, contentType: type, width, height, size, prefix: 'site' });
    },
  );
}

import { numericIdParams } from '@axoo/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { paged, pagedSchema, pagingQuery, parsePaging } from '../../http/paging.ts';

/** Route helpers of the staff console: every feature with console records registers them the same way. */
const searchQuery = z.object({ search: z.string().trim().max(100).default(''), ...pagingQuery });
const tags = ['admin'];

export type Pager<T> = (deps: Deps, search: string, limit: number, offset: number) => Promise<{ count: number; results: T[] }>;

/** What the console does with one kind of record, and how each route reads in the API document. */
export interface RecordKind<B extends z.ZodType, O extends z.ZodType> {
  summaries: { list: string; create: string; replace: string; remove: string };
  body: B;
  out: O;
  page: Pager<z.infer<O>>;
  create: (deps: Deps, body: z.infer<B>) => Promise<z.infer<O>>;
  update: (deps: Deps, id: number, body: z.infer<B>) => Promise<z.infer<O>>;
  remove: (deps: Deps, id: number) => Promise<unknown>;
}

/** A searchable page of records, newest or highest first as the summary says. */
export function searchRoute<O extends z.ZodType>(app: FastifyInstance, path: string, summary: string, out: O, pageOf: Pager<z.infer<O>>) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(path, { schema: { tags, summary, querystring: searchQuery, response: { 200: pagedSchema(out) } } }, async (request) => {
      const page = parsePaging(request.query);
      const { count, results } = await pageOf(app, request.query.search, page.limit, page.offset);
      return paged(request, page, count, results);
    });
}

/** A kind of console record: its searchable page, create, replace (the whole record) and delete. */
export function recordRoutes<B extends z.ZodType, O extends z.ZodType>(app: FastifyInstance, path: string, kind: RecordKind<B, O>) {
  const { summaries, body, out } = kind;
  searchRoute(app, path, summaries.list, out, kind.page);
  // TypeScript cannot resolve the zod provider's request and reply types for a generic schema: these two
  // schemas are plain FastifySchema, and the body's type is named here (the schema has validated it, as everywhere).
  const createSchema: FastifySchema = { tags, summary: summaries.create, body, response: { 201: out } };
  const replaceSchema: FastifySchema = { tags, summary: summaries.replace, params: numericIdParams, body, response: { 200: out } };
  app.post(path, { schema: createSchema }, async (request, reply) => reply.status(201).send(await kind.create(app, request.body as z.infer<B>)));
  app.put<{ Params: z.infer<typeof numericIdParams> }>(`${path}:id/`, { schema: replaceSchema }, async (request) =>
    kind.update(app, request.params.id, request.body as z.infer<B>),
  );
  app
    .withTypeProvider<ZodTypeProvider>()
    .delete(`${path}:id/`, { schema: { tags, summary: summaries.remove, params: numericIdParams } }, async (request, reply) => {
      await kind.remove(app, request.params.id);
      return reply.status(204).send();
    });
}

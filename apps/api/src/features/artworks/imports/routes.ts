import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { idPathParams } from '@axoo/contract';
import { IMPORT_MAX_BYTES, ImportPublishedSchema, importPublishSchema, ImportSchema } from '@axoo/contract/imports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../../http/auth.ts';
import { badRequest } from '../../../http/errors.ts';
import { parseId } from '../../../http/params.ts';
import { publishImport } from './publish.ts';
import { ownImport, presentImport, startImport } from './service.ts';

/** The types a ZIP arrives as (browsers differ). */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];
const tooLarge = () => badRequest({ file: { key: 'import.too_large', params: { max: IMPORT_MAX_BYTES / 1024 / 1024 } } });

/** The request's ZIP streamed to a temporary file, never held in memory; past IMPORT_MAX_BYTES a 400. */
async function receiveZip(payload: NodeJS.ReadableStream, declared: number): Promise<{ dir: string; file: string }> {
  if (declared > IMPORT_MAX_BYTES) throw tooLarge();
  const dir = await mkdtemp(join(tmpdir(), 'axoo-upload-'));
  const file = join(dir, 'upload.zip');
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(bytes > IMPORT_MAX_BYTES ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(payload, counter, createWriteStream(file));
    return { dir, file };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Issue #34 (5): `POST /api/v1/imports/` (a ZIP), its progress, and publishing its drafts together. */
export async function importRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['artworks'];
  app.addContentTypeParser(ZIP_TYPES, async (request: { headers: Record<string, string | string[] | undefined> }, payload: NodeJS.ReadableStream) =>
    receiveZip(payload, Number(request.headers['content-length'] ?? 0)),
  );

  r.post(
    '/api/v1/imports/',
    {
      schema: {
        tags,
        summary: `Import a ZIP of images (body: application/zip, at most ${IMPORT_MAX_BYTES} bytes and 200 images, optional projects.csv): one draft per folder or image, made by a job`,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body as { dir: string; file: string } | undefined;
      if (!body?.file) throw badRequest({ file: 'import.not_zip' });
      try {
        const row = await startImport(app, user, body.file);
        return reply.status(202).send(ImportSchema.parse(await presentImport(app, row, request.lang)));
      } finally {
        await rm(body.dir, { recursive: true, force: true });
      }
    },
  );

  r.get(
    '/api/v1/imports/:id/',
    { schema: { tags, summary: "An import's progress, drafts and each file's result (its owner only)", params: idPathParams } },
    async (request) => presentImport(app, await ownImport(app, requireUser(request), parseId(request.params.id)), request.lang),
  );

  r.post(
    '/api/v1/imports/:id/publish/',
    {
      schema: {
        tags,
        summary: "Publish a finished import's drafts together (owner only); quiet (default true): no feed entry, no follower told",
        params: idPathParams,
        body: importPublishSchema,
        response: { 200: ImportPublishedSchema },
      },
    },
    async (request) => publishImport(app, requireUser(request), parseId(request.params.id), request.body, request.lang),
  );
}

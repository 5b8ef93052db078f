import { artworkCredentialsSchema, artworkMatchesSchema, idPathParams, numericIdParams, presignSchema } from '@axoo/contract';
import { artworkWriteSchema } from '@axoo/contract/artworks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRIVATE_CACHE_CONTROL } from '../../media/protection.ts';
import { curationLevel } from '../../domain/curation/level.ts';
import { requireUser } from '../../http/auth.ts';
import { parseId } from '../../http/params.ts';
import { artworkAnswer } from './answers.ts';
import { readArtworkCredentials } from './credentials.ts';
import { artworkMatches } from './matches.ts';
import { originalOf } from './protection.ts';
import { editableArtwork, patchAllowed, patchArtwork, presentSaved, presignArtworkImage, removeArtwork, saveArtwork } from './service.ts';

/** Issue #34 (1): PATCH takes any field of a save (the author's) and the staff's `level`. */
const artworkPatchSchema = artworkWriteSchema.extend({ level: curationLevel.optional() });

/**
 * SPEC §7 `/api/v1/artworks/` (create) and every verb of `/api/v1/artworks/{id}/`: the detail (from the shared
 * layer's stored cards), save, the staff level, delete; and presign. The lists (the gallery, a user's artworks)
 * live in the gallery feature.
 */
export async function artworkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['artworks'];
  matchesRoute(app);
  originalRoute(app);

  r.post(
    '/api/v1/artworks/',
    {
      schema: {
        tags,
        summary: 'Create an artwork (a draft unless draft=false, which needs everything SPEC §5 lists)',
        body: artworkWriteSchema,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await saveArtwork(app, user, null, request.body);
      return reply.status(201).send(await presentSaved(app, row, user, request.lang));
    },
  );

  r.put(
    '/api/v1/artworks/:id/',
    {
      schema: {
        tags,
        summary: 'Save an artwork (author only); fields left out keep their value; draft=false publishes',
        params: idPathParams,
        body: artworkWriteSchema,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const existing = await editableArtwork(app, user, parseId(request.params.id));
      const row = await saveArtwork(app, user, existing, request.body);
      return presentSaved(app, row, user, request.lang);
    },
  );

  r.get(
    '/api/v1/artworks/:id/',
    {
      schema: {
        tags: ['artworks'],
        summary: 'One artwork with its content; counts one view per viewer per day (SPEC §7)',
        params: idPathParams,
      },
    },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await artworkAnswer(app, request, parseId(request.params.id))),
  );

  r.get(
    '/api/v1/artworks/:id/credentials/',
    {
      schema: {
        tags,
        summary: 'Content Credentials (C2PA) read from the artwork images when uploaded; visible to whoever can see the artwork (issue #35)',
        params: idPathParams,
        response: { 200: artworkCredentialsSchema },
      },
    },
    async (request) => readArtworkCredentials(app.db, request.user, parseId(request.params.id)),
  );

  r.patch(
    '/api/v1/artworks/:id/',
    {
      // Permission per field, answered before validation (issue #34.1): `level` is staff's whatever it sends, every
      // other field the author's.
      preValidation: async (request) => patchAllowed(app, request),
      schema: {
        tags,
        summary: 'Change some fields: the author the fields of a save (publish_at too, same rules as PUT); staff the level (SPEC §4 Artwork level)',
        params: numericIdParams,
        body: artworkPatchSchema,
      },
    },
    async (request) => patchArtwork(app, requireUser(request), request.params.id, request.body, request.lang),
  );

  r.delete('/api/v1/artworks/:id/', { schema: { tags, summary: 'Delete an artwork (author only)', params: idPathParams } }, async (request, reply) => {
    await removeArtwork(app, requireUser(request), parseId(request.params.id));
    return reply.status(204).send();
  });

  r.post(
    '/api/v1/artworks/:id/presign/',
    {
      schema: {
        tags,
        summary: 'Presigned upload for an image of the artwork (author only; jpg, png, gif, webp up to 10,485,760 bytes)',
        params: idPathParams,
        body: presignSchema,
      },
    },
    async (request) => presignArtworkImage(app, requireUser(request), parseId(request.params.id), request.body),
  );
}

/** Issue #31: `GET /api/v1/artworks/{id}/matches/`, repost detection's answer to an artwork's author and staff. */
function matchesRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/artworks/:id/matches/',
    {
      schema: {
        tags: ['artworks'],
        summary: "Near copies of this artwork's images published by other accounts (issue #31; its author and staff only)",
        params: idPathParams,
        response: { 200: artworkMatchesSchema },
      },
    },
    async (request) => artworkMatches(app, requireUser(request), parseId(request.params.id)),
  );
}

/** Issue #34 (6): `GET /api/v1/artworks/{id}/original/`, an image's original file, to the artwork's author only. */
function originalRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/artworks/:id/original/',
    {
      schema: {
        tags: ['artworks'],
        summary: "An image's original file as uploaded (the cover's with image=0, the body's n-th with image=n), to the author only (issue #34)",
        params: idPathParams,
        querystring: z.object({ image: z.coerce.number('field.invalid').int('field.invalid').min(0, 'field.invalid').max(1000, 'field.invalid').default(0) }),
      },
    },
    async (request, reply) => {
      const found = await originalOf(app.db, app.storage, requireUser(request), parseId(request.params.id), request.query.image);
      return reply
        .type(found.type)
        .header('Cache-Control', PRIVATE_CACHE_CONTROL)
        .header('Content-Disposition', `attachment; filename="${found.filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(found.body);
    },
  );
}

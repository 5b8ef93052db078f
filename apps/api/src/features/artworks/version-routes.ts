import { idPathParams } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { parseId } from '../../http/params.ts';
import { presentSaved } from './service.ts';
import { listVersions, restoreVersion } from './versions.ts';

/** A version number in a path: checked as an id is (`parseId`), so one that cannot be a version is a 404. */
const versionParams = idPathParams.extend({ version: z.string() });

/** Issue #34 (4): the author's kept versions of a published artwork, and restoring one. */
export async function versionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['artworks'];

  r.get(
    '/api/v1/artworks/:id/versions/',
    { schema: { tags, summary: "The artwork's kept versions, newest first (author only)", params: idPathParams } },
    async (request) => listVersions(app, requireUser(request), parseId(request.params.id)),
  );

  r.post(
    '/api/v1/artworks/:id/versions/:version/restore/',
    {
      schema: {
        tags,
        summary: "Restore a kept version's cover, images and text (author only); the state it replaces is kept as a version",
        params: versionParams,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await restoreVersion(app, user, parseId(request.params.id), parseId(request.params.version));
      return presentSaved(app, row, user, request.lang);
    },
  );
}

import { idPathParams } from '@axoo/contract';
import { baseUrl } from '../../http/paging.ts';
import { parseId } from '../../http/params.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { presignSchema } from '@axoo/contract';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { canEditProfile, canSetArtistLevel } from './policy.ts';
import { levelSchema, userUpdateSchema } from './schemas.ts';
import { getProfile, presignProfileImage, setArtistLevel, updateUser } from './service.ts';

/** Permission before validation, so a guest or another user gets 403 whatever the body holds. */
async function ownerOnly(request: FastifyRequest) {
  const viewer = requireUser(request);
  const { id } = request.params as { id: string };
  if (!canEditProfile(viewer, Number(id))) throw forbidden();
}
async function levelSetterOnly(request: FastifyRequest) {
  if (!canSetArtistLevel(requireUser(request))) throw forbidden();
}

/** SPEC §2 Profile, §4 Profile edit, §7 users and artists calls. Wired by `plugin.ts`. */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/artists/:slug/',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Artist profile by slug (lowercased, dots removed); e-mail and phone only when shown',
        params: z.object({ slug: z.string().max(200) }),
      },
    },
    async (request) => getProfile(app, request.user, request.params.slug, request.lang),
  );

  r.put(
    '/api/v1/users/:id/',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Update own account or profile (partial: only fields sent change); answers the current user',
        params: idPathParams,
        body: userUpdateSchema,
      },
      preValidation: ownerOnly,
    },
    async (request) => updateUser(app, parseId(request.params.id), request.body, request.lang, baseUrl(request)),
  );

  r.patch(
    '/api/v1/users/:id/',
    {
      schema: { tags: ['profiles'], summary: 'Staff: set the artist level (0-5)', params: idPathParams, body: levelSchema },
      preValidation: levelSetterOnly,
    },
    async (request) => {
      const viewer = requireUser(request);
      return setArtistLevel(app, viewer, parseId(request.params.id), request.body.level, request.lang);
    },
  );

  r.post(
    '/api/v1/users/:id/presign/',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Presigned upload URL for an avatar or banner image of one’s own profile',
        params: idPathParams,
        body: presignSchema,
      },
      preValidation: ownerOnly,
    },
    async (request) => presignProfileImage(app, parseId(request.params.id), request.body),
  );
}

import {
  CARD_SIZES,
  CARD_WIDTH,
  CARD_WIDTHS,
  idPathParams,
  mediaUrl,
  mediaWidthSrcSet,
  PAGE_SIZE,
  profileSlugOf,
  queryKeys,
  WIDE_SIZES,
  WIDE_WIDTHS,
} from '@axoo/contract';
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

/** SPEC §2 Profile, §4 Profile edit, §7 users and artists calls. */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Issue #14: a profile page comes with its profile and its first projects inlined (web: features/profiles/api
  // keys), so the server renders the grid and the page never moves when they arrive; the banner and the first
  // row's covers are preloaded as the page's `<img>` ask for them.
  app.prefetch.push((pathname, search) => {
    const slug = profileSlugOf(pathname);
    if (!slug) return null;
    const tab = new URLSearchParams(search).get('type');
    return {
      key: [...queryKeys.profiles.bySlug(slug)],
      url: `/api/v1/artists/${encodeURIComponent(slug)}/`,
      images: (answer) => {
        const banner = (answer as { cropped_banner?: string; banner?: string }).cropped_banner || (answer as { banner?: string }).banner;
        return banner ? [{ href: mediaUrl(banner, 2000), srcset: mediaWidthSrcSet(banner, WIDE_WIDTHS), sizes: WIDE_SIZES }] : [];
      },
      next: (answer) =>
        tab
          ? null
          : {
              key: [...queryKeys.profiles.artworks((answer as { id: number }).id, 'projects')],
              infinite: true,
              url: `/api/v1/users/${(answer as { id: number }).id}/artworks/?limit=${PAGE_SIZE}&offset=0`,
              // The first row on a phone (two columns under the author card).
              images: (page) =>
                ((page as { results?: { cropped_cover: string; cover: string }[] }).results ?? [])
                  .slice(0, 2)
                  .map((a) => a.cropped_cover || a.cover)
                  .filter(Boolean)
                  .map((key) => ({ href: mediaUrl(key, CARD_WIDTH), srcset: mediaWidthSrcSet(key, CARD_WIDTHS), sizes: CARD_SIZES })),
            },
    };
  });

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
    async (request) => updateUser(app, parseId(request.params.id), request.body, request.lang),
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

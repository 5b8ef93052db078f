import { numericIdParams } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { banners, clients } from '../../db/schema/index.ts';
import { requireStaff, staffOnly } from '../../http/auth.ts';
import { columnRetainer } from '../../media/cleanup.ts';
import { bannerBody, bannerOut, clientBody, clientOut, curationLevel } from './schemas.ts';
import * as service from './service.ts';

/** SPEC §4 and §7: the level calls staff make from cards, the overlay and the home page. */
export async function curationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Banner and client images stay while the home page shows them (issue #13).
  app.mediaCleanup.retain(columnRetainer([banners.image, clients.image]));

  r.patch(
    '/api/v1/artworks/:id/',
    {
      // The permission answer comes before validation: a non-staff caller gets 403 whatever it sends.
      preValidation: staffOnly,
      schema: {
        tags: ['curation'],
        summary: 'Set or clear an artwork level (staff; SPEC §4 Artwork level)',
        params: numericIdParams,
        body: z.object({ level: curationLevel }),
      },
    },
    async (request) => {
      const viewer = requireStaff(request);
      return service.setArtworkLevel(app, viewer, request.params.id, request.body.level, request.lang);
    },
  );

  r.put(
    '/api/v1/banners/:id/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['curation'],
        summary: 'Replace a banner: the whole record with the changed level (staff; SPEC §7)',
        params: numericIdParams,
        body: bannerBody,
        response: { 200: bannerOut },
      },
    },
    async (request) => {
      requireStaff(request);
      return service.updateBanner(app, request.params.id, request.body);
    },
  );

  r.put(
    '/api/v1/clients/:id/',
    {
      preValidation: staffOnly,
      schema: {
        tags: ['curation'],
        summary: 'Replace a client (partner): the whole record with the changed level (staff; SPEC §7)',
        params: numericIdParams,
        body: clientBody,
        response: { 200: clientOut },
      },
    },
    async (request) => {
      requireStaff(request);
      return service.updateClient(app, request.params.id, request.body);
    },
  );
}

import { numericIdParams } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff, staffOnly } from '../../http/auth.ts';
import { bannerBody, bannerOut, clientBody, clientOut } from './schemas.ts';
import * as service from './service.ts';

/** SPEC §4 and §7: the banner and client level calls staff make from the home page (an artwork's level is the artworks feature's PATCH). */
export async function curationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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

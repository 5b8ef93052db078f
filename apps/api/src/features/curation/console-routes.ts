import type { FastifyInstance } from 'fastify';
import { staffOnly } from '../../http/auth.ts';
import { recordRoutes } from '../../domain/console/routes.ts';
import { bannerBody, bannerOut, clientBody, clientOut } from './schemas.ts';
import * as service from './service.ts';

/** The staff console's banners and clients (issue #7, SPEC §3 Banner, Client): staff only, checked before anything else. */
export async function curationConsoleRoutes(app: FastifyInstance) {
  app.addHook('preValidation', staffOnly);
  // Banners (SPEC §3 Banner).
  recordRoutes(app, '/api/v1/admin/banners/', {
    summaries: {
      list: 'Banners, level descending then id descending; search url and alt text',
      create: 'Create a banner',
      replace: 'Replace a banner (the whole record)',
      remove: 'Delete a banner',
    },
    body: bannerBody,
    out: bannerOut,
    page: service.pageBanners,
    create: service.createBanner,
    update: service.updateBanner,
    remove: service.deleteBanner,
  });

  // Clients, shown as partners (SPEC §3 Client).
  recordRoutes(app, '/api/v1/admin/clients/', {
    summaries: {
      list: 'Clients (partners), level descending then id descending; search name, url and benefit',
      create: 'Create a client (partner)',
      replace: 'Replace a client (the whole record)',
      remove: 'Delete a client',
    },
    body: clientBody,
    out: clientOut,
    page: service.pageClients,
    create: service.createClient,
    update: service.updateClient,
    remove: service.deleteClient,
  });
}

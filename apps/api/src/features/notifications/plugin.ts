import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteOrigin } from '../../http/paging.ts';
import { notificationRoutes } from './routes.ts';
import { sendDigests } from './service.ts';

/** Named plugin `notifications`: the daily digest, then the routes. */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.every('notifications.digest', app.config.NOTIFICATION_DIGEST_MS, async () => void (await sendDigests(app, siteOrigin(app.config))));
    await app.register(notificationRoutes);
  },
  { name: 'notifications', dependencies: ['jobs'] },
);

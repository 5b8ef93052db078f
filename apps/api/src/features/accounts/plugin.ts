import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../../db/schema/index.ts';
import { columnRetainer } from '../../media/cleanup.ts';
import { accountsRoutes } from './routes.ts';

/** Named plugin `accounts`: the media its users show kept, then its routes. */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    // A profile's pictures stay while a user row shows them (issue #13).
    app.mediaCleanup.retain(columnRetainer([users.avatar, users.rawAvatar, users.croppedAvatar, users.banner, users.rawBanner, users.croppedBanner]));
    await app.register(accountsRoutes);
  },
  { name: 'accounts', dependencies: ['media-cleanup'] },
);

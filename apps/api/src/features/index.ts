import type { FastifyPluginAsync } from 'fastify';
import { mediaRoutes } from '../media/routes.ts';
import { artworkRoutes } from './artworks/routes.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { artistRoutes } from './artists/routes.ts';
import { curationConsoleRoutes } from './curation/console-routes.ts';
import { curationRoutes } from './curation/routes.ts';
import { collectionRoutes } from './collections/routes.ts';
import { conversationConsoleRoutes } from './conversations/console-routes.ts';
import { conversationRoutes } from './conversations/routes.ts';
import { feedRoutes } from './feed/routes.ts';
import { followRoutes } from './follows/routes.ts';
import { discoveryRoutes } from './discovery/routes.ts';
import { galleryRoutes } from './gallery/routes.ts';
import { insightRoutes } from './insights/routes.ts';
import { inviteRoutes } from './invites/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { judgingRoutes } from './judging/routes.ts';
import { profileRoutes } from './profiles/routes.ts';
import { rightsRoutes } from './rights/routes.ts';
import { shareRoutes } from './share/routes.ts';

/**
 * Every feature's routes, registered after the infrastructure plugins. One line per feature;
 * each feature keeps its own routes, service, queries, policy and presenters in its folder.
 */
export const featureRegistry: FastifyPluginAsync[] = [
  mediaRoutes,
  artworkRoutes,
  accountsRoutes,
  curationRoutes,
  curationConsoleRoutes,
  adminRoutes,
  galleryRoutes,
  collectionRoutes,
  artistRoutes,
  shareRoutes,
  profileRoutes,
  inviteRoutes,
  conversationRoutes,
  conversationConsoleRoutes,
  followRoutes,
  feedRoutes,
  notificationRoutes,
  insightRoutes,
  judgingRoutes,
  rightsRoutes,
  discoveryRoutes,
];

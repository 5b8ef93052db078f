import type { FastifyPluginAsync } from 'fastify';
import { mediaRoutes } from '../media/routes.ts';
import { accountsPlugin } from './accounts/plugin.ts';
import { adminPlugin } from './admin/plugin.ts';
import { artistsPlugin } from './artists/plugin.ts';
import { artworksPlugin } from './artworks/plugin.ts';
import { collectionsPlugin } from './collections/plugin.ts';
import { conversationsPlugin } from './conversations/plugin.ts';
import { curationPlugin } from './curation/plugin.ts';
import { discoveryPlugin } from './discovery/plugin.ts';
import { feedPlugin } from './feed/plugin.ts';
import { followsPlugin } from './follows/plugin.ts';
import { galleryPlugin } from './gallery/plugin.ts';
import { insightsPlugin } from './insights/plugin.ts';
import { invitesPlugin } from './invites/plugin.ts';
import { moderationPlugin } from './moderation/plugin.ts';
import { notificationsPlugin } from './notifications/plugin.ts';
import { profilesPlugin } from './profiles/plugin.ts';
import { repostsPlugin } from './reposts/plugin.ts';
import { rightsPlugin } from './rights/plugin.ts';
import { searchPlugin } from './search/plugin.ts';
import { sharePlugin } from './share/plugin.ts';
import { takedownsPlugin } from './takedowns/plugin.ts';

/**
 * Every feature, registered after the infrastructure plugins: one line per feature, its `plugin.ts` (a named plugin
 * that wires the feature into the app, then registers its `routes.ts`). The media routes are plumbing's, wired by
 * the `storage` and `media-cleanup` plugins.
 */
export const featureRegistry: FastifyPluginAsync[] = [
  mediaRoutes,
  artworksPlugin,
  accountsPlugin,
  curationPlugin,
  adminPlugin,
  galleryPlugin,
  collectionsPlugin,
  artistsPlugin,
  searchPlugin,
  sharePlugin,
  profilesPlugin,
  invitesPlugin,
  conversationsPlugin,
  moderationPlugin,
  repostsPlugin,
  takedownsPlugin,
  followsPlugin,
  feedPlugin,
  notificationsPlugin,
  insightsPlugin,
  rightsPlugin,
  discoveryPlugin,
];

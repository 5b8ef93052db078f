import type { FastifyInstance } from 'fastify';
import { inviteApplicationRoutes } from './application-routes.ts';
import { inviteCallRoutes } from './invite-routes.ts';
import { invitePageRoutes } from './page-routes.ts';
import { inviteQuestionRoutes } from './question-routes.ts';
import { registerExaminationSweep } from './sweep.ts';
import { remindClosingInvites } from './invite-service.ts';
import { siteOrigin } from '../../http/paging.ts';
import { inviteColumns, invites } from '../../db/schema/index.ts';
import { columnRetainer } from '../../media/cleanup.ts';

/**
 * Goodluck invites (SPEC §2 Invites, §3, §4, §7), one file set per sub-resource (invites with subscriptions;
 * pages and columns; questions; applications with answers and selection), under the paths DESIGN.md names.
 */
export async function inviteRoutes(app: FastifyInstance) {
  registerExaminationSweep(app);
  // Subscribers hear once, 3 days before a call closes (issue #19); links in the mail point at PUBLIC_URL.
  app.jobs.every('invites.closing', app.config.INVITE_REMINDER_MS, async () => void (await remindClosingInvites(app, siteOrigin(app.config))));
  // An invite's logo, background and the images of its columns stay while the invite shows them (issue #13).
  app.mediaCleanup.retain(columnRetainer([invites.logo, invites.background], [inviteColumns.content]));
  await app.register(inviteCallRoutes);
  await app.register(invitePageRoutes);
  await app.register(inviteQuestionRoutes);
  await app.register(inviteApplicationRoutes);
}

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
import { inviteIdsOf, storedKeysOfInvites } from './stored.ts';

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
  // What is stored with an invite goes with it; a user's invites go with the account. A submission's frozen copies
  // outlive its artwork and its applicant's account (issue #16): they go with the invite only.
  app.mediaCleanup.collect('invite', (db, id) => storedKeysOfInvites(db, [id]));
  app.mediaCleanup.collect('user', async (db, id) => {
    const keys: string[] = [];
    for (const invite of await inviteIdsOf(db, id)) keys.push(...(await app.mediaCleanup.keysOf('invite', db, invite)));
    return keys;
  });
  await app.register(inviteCallRoutes);
  await app.register(invitePageRoutes);
  await app.register(inviteQuestionRoutes);
  await app.register(inviteApplicationRoutes);
}

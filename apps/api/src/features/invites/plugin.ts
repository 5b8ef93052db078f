import { inviteIdOfPath, mediaUrl, mediaWidthSrcSet, pathId, queryKeys, WIDE_SIZES, WIDE_WIDTHS } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import { inviteApplicationRoutes } from './applications/routes.ts';
import { inviteCallRoutes } from './calls/routes.ts';
import { getInvite } from './calls/service.ts';
import { invitePageRoutes } from './pages/routes.ts';
import { inviteQuestionRoutes } from './questions/routes.ts';
import { registerExaminationSweep } from './sweep.ts';
import { remindClosingInvites } from './subscriptions/service.ts';
import { inviteSubscriptionRoutes } from './subscriptions/routes.ts';
import { siteOrigin } from '../../http/paging.ts';
import { inviteColumns, invites, inviteSnapshots } from '../../db/schema/index.ts';
import { columnRetainer } from '../../media/cleanup.ts';
import { inviteIdsOf, storedKeysOfInvites } from './stored.ts';
import { criterionRoutes } from './judging/criteria/routes.ts';
import { jurorRoutes } from './judging/jurors/routes.ts';
import * as packQueries from './judging/pack/queries.ts';
import { packRoutes } from './judging/pack/routes.ts';
import { buildPack, PACK_JOB } from './judging/pack/service.ts';
import { roundRoutes } from './judging/rounds/routes.ts';
import { judgingRoutes } from './judging/routes.ts';
import { scoreRoutes } from './judging/scores/routes.ts';
import { conflictRoutes } from './judging/conflicts/routes.ts';
import { feedbackRoutes } from './judging/feedback/routes.ts';
import { voteRoutes } from './judging/votes/routes.ts';
import { ANONYMISE_JOB, anonymiseSnapshots, enqueueAnonymise } from './judging/anonymise.ts';
import { enqueue } from '../../jobs/queue.ts';
import { fairCallRoutes } from './fair/routes.ts';
import { registerFairCalls } from './fair/wiring.ts';
import { registerSubmissionAccess } from './protection.ts';

/**
 * Goodluck invites (SPEC §2 Invites, §3, §4, §7), one room with a folder per sub-room, each with its routes, service
 * and queries: calls, subscriptions, pages (pages and columns), questions, applications (with answers
 * and selection) and judging (issue #16: the overview, criteria, jurors, scores, rounds, the juror pack), under the
 * paths DESIGN.md names. The room's wiring (sweeps, jobs, media retainers and collectors) is here; routes.ts files
 * only declare routes.
 */
export async function invitesPlugin(app: FastifyInstance) {
  // Issue #14: a call's page comes with the call inlined (web: features/invites/api key), so the server renders it
  // and the background, the page's largest paint, is preloaded as its `<img>` asks for it.
  app.prefetch.push((pathname) => {
    const id = inviteIdOfPath(pathname);
    if (id === null) return null;
    return {
      key: [...queryKeys.invites.detail(id)],
      url: `/api/v1/invites/${id}/`,
      images: (answer) => {
        const background = (answer as { background?: string }).background;
        return background ? [{ href: mediaUrl(background, 2000), srcset: mediaWidthSrcSet(background, WIDE_WIDTHS), sizes: WIDE_SIZES }] : [];
      },
    };
  });
  // That first query's answer, without an HTTP request.
  app.pageLoaders.push({
    route: '/api/v1/invites/:id/',
    load: async (request, { params }) => {
      const id = pathId(params.id as string);
      return id === null ? null : JSON.stringify(await getInvite(app.db, id, request.user));
    },
  });
  registerExaminationSweep(app);
  registerFairCalls(app);
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
  // Judging (issue #16).
  // The frozen copies' images stay while their invite (and so the snapshot) exists, whatever the artist edits.
  app.mediaCleanup.retain(columnRetainer([inviteSnapshots.cover, inviteSnapshots.croppedCover], [inviteSnapshots.content]));
  // Issue #34 (6): a protected entry's public copies, and its frozen copies only for those who judge it.
  registerSubmissionAccess(app);
  // The juror pack goes with its invite (issue #13).
  app.mediaCleanup.collect('invite', (db, id) => packQueries.packKeysOf(db, [id]));
  // Issue #29: entries frozen before anonymous copies existed get them, in a one-off pass queued at start-up when any
  // snapshot still names an original key; each job goes on from where the last stopped.
  app.jobs.handle<{ after?: number }>(ANONYMISE_JOB, async (payload) => {
    const { rewritten, next } = await anonymiseSnapshots(app, payload?.after ?? 0);
    if (rewritten) app.log.info({ rewritten, next }, 'frozen submissions anonymised');
    if (next !== null) await enqueue(app.db, ANONYMISE_JOB, { after: next });
  });
  app.addHook('onReady', async () => {
    await enqueueAnonymise(app.db).catch((err) => app.log.warn({ err }, 'submission anonymising not queued'));
  });
  app.jobs.handle<{ invite: number }>(PACK_JOB, async ({ invite }) => {
    try {
      await buildPack(app, invite);
    } catch (error) {
      await packQueries.updateExport(app.db, invite, { status: 'failed', finished: new Date() });
      throw error;
    }
  });

  await app.register(inviteCallRoutes);
  await app.register(inviteSubscriptionRoutes);
  await app.register(invitePageRoutes);
  await app.register(inviteQuestionRoutes);
  await app.register(inviteApplicationRoutes);
  await app.register(judgingRoutes);
  await app.register(criterionRoutes);
  await app.register(jurorRoutes);
  await app.register(scoreRoutes);
  await app.register(roundRoutes);
  await app.register(packRoutes);
  await app.register(fairCallRoutes);
  await app.register(conflictRoutes);
  await app.register(feedbackRoutes);
  await app.register(voteRoutes);
}

import { inviteIdOfResultsPath, mediaUrl, translate } from '@axoo/contract';
import type { FastifyInstance } from 'fastify';
import { baseUrl, siteOrigin } from '../../../http/paging.ts';
import type { ShareMeta } from '../../../html/page-hooks.ts';
import { remindUnfinished, UNFINISHED_JOB } from './reminder.ts';
import { getResults } from './results.ts';

/** Share images at least this wide (messengers want 1200 px). */
const SHARE_WIDTH = 1200;

/**
 * Issue #33.6 and .8, wired by the invites' plugin: the hourly "closes tomorrow" reminder to those who started
 * applying, and the results page's share preview (its title, the jury's statement, the first selected cover).
 */
export function registerFairCalls(app: FastifyInstance) {
  app.jobs.every(UNFINISHED_JOB, app.config.INVITE_REMINDER_MS, async () => void (await remindUnfinished(app, siteOrigin(app.config))));
  app.shareMeta.push(async (pathname, request): Promise<ShareMeta | null> => {
    const id = inviteIdOfResultsPath(pathname);
    if (id === null) return null;
    const results = await getResults(app.db, id).catch(() => null);
    if (!results) return null;
    const site = app.config.SITE_NAME;
    const key = results.results[0]?.cover || results.background;
    const counts = translate(request.lang, 'invite.results.share_counts', { selected: results.results.length, entries: results.entries });
    return {
      title: translate(request.lang, 'invite.results.share_title', { invite: results.title, site }),
      description: [counts, results.statement.replace(/\s+/g, ' ').slice(0, 160)].filter(Boolean).join(' · '),
      ...(key ? { image: `${baseUrl(request)}${mediaUrl(key, SHARE_WIDTH)}`, imageAlt: results.title } : {}),
    };
  });
}

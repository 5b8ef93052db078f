import { and, eq, not, type SQL } from 'drizzle-orm';
import { invites } from '../../db/schema/index.ts';

/**
 * The one rule of every list that shows open calls to anyone (the /goodluck/ list, the home page, sitemaps, share
 * previews, mails to subscribers): not a brand's call still under staff review (issue #19), not a call staff hid
 * (issue #31, migration 0032). Its owner and staff find both through their own lists and the call's page.
 */
export const publicInvite: SQL = and(not(and(eq(invites.status, 'review'), eq(invites.selfService, true)) as SQL), eq(invites.moderationState, 'none')) as SQL;

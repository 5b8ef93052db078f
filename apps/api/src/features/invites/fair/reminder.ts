import { asLang, invitePath } from '@axoo/contract';
import type { Deps } from '../../../deps.ts';
import { queueMail } from '../../../mail/queue.ts';
import * as calls from '../calls/queries.ts';
import { dateIn, inviteMail } from '../mail.ts';
import * as q from './queries.ts';

/** Issue #33.6: those who started applying hear this long before the call closes. */
export const UNFINISHED_NOTICE_MS = 86_400_000;
export const UNFINISHED_JOB = 'invites.unfinished';

/**
 * The periodic pass (`app.jobs.every`, one process per period): everyone who started applying (passed the
 * eligibility step) to a call closing within a day and sent nothing is mailed once, in their language, through the
 * mail queue. The claim (their `reminded` mark) and the queued mail are one transaction, and the mail's key names the
 * call and the person, so two processes or a retry never send it twice. Answers how many were reminded.
 */
export async function remindUnfinished(deps: Deps, siteUrl: string, now = new Date()) {
  return deps.db.transaction(async (tx) => {
    const claimed = await q.claimUnfinished(tx, now, new Date(now.getTime() + UNFINISHED_NOTICE_MS));
    for (const { invite_id: inviteId, user_id: userId } of claimed) {
      const [invite, [user]] = await Promise.all([calls.findInvite(tx, inviteId), calls.findUsersForMail(tx, [userId])]);
      if (!invite || !user) continue;
      const lang = asLang(user.language);
      const mail = inviteMail(lang, 'unfinished', {
        site: deps.config.SITE_NAME,
        name: user.name,
        invite: invite.title,
        closed: dateIn(lang, invite.closed),
        url: `${siteUrl}${invitePath(invite.id)}apply/`,
      });
      await queueMail(tx, { to: user.email, ...mail }, { key: `mail:unfinished:${inviteId}:${userId}` });
    }
    return claimed.length;
  });
}

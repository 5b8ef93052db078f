import type { Lang } from '@axoo/contract';
import { catalogueMail } from '../../mail/templates.ts';
import type { OutgoingMail } from '../../mail/transports.ts';

/** Every mail of the invites, in the recipient's language: subject and text from the contract, the same as HTML with live links. */
export type InviteMailKind = 'selected' | 'opened' | 'closing' | 'selection' | 'approved' | 'returned' | 'unfinished';

export function inviteMail(lang: Lang, kind: InviteMailKind, v: Record<string, string>): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  // What users wrote (a call's title, a name, a project's title, a note) is quoted with its links not live.
  return catalogueMail(lang, `invite.mail.${kind}`, v);
}

/** SPEC §4: the mail an applicant receives when their submission is selected. */
export const selectionMail = (lang: Lang, v: { site: string; name: string; invite: string; artwork: string; url: string }) => inviteMail(lang, 'selected', v);

export const dateIn = (lang: Lang, date: Date | null) =>
  date ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ko-KR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(date) : '';

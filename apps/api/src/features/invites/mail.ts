import { type Lang, translate } from '@axoo/contract';
import type { OutgoingMail } from '../../mail/transports.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const LINK = /https?:\/\/[^\s<>"')]+/g;

/** Every mail of the invites, in the recipient's language: subject and text from the contract, the same as HTML with live links. */
export type InviteMailKind = 'selected' | 'opened' | 'closing' | 'selection' | 'approved' | 'returned';

export function inviteMail(lang: Lang, kind: InviteMailKind, v: Record<string, string>): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  const subject = translate(lang, `invite.mail.${kind}_subject`, v);
  const text = translate(lang, `invite.mail.${kind}_body`, v);
  const paragraphs = text
    .trim()
    .split('\n\n')
    .map(
      (p) =>
        `<p style="margin:0 0 16px">${escapeHtml(p)
          .replace(LINK, (url) => `<a href="${url}">${url}</a>`)
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;color:#111;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">${paragraphs}</body></html>`;
  return { subject, text, html };
}

/** SPEC §4: the mail an applicant receives when their submission is selected. */
export const selectionMail = (lang: Lang, v: { site: string; name: string; invite: string; artwork: string; url: string }) => inviteMail(lang, 'selected', v);

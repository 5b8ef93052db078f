import { type Lang, translate } from '@axoo/contract';
import { escapeHtml } from '../../html/escape.ts';
import { defang } from '../../mail/defang.ts';
import type { OutgoingMail } from '../../mail/transports.ts';

/**
 * The mail telling someone of a new message (issue #20), in their language: who wrote (a name, never an address),
 * the subject, the message as plain text, and the link to answer in the inbox. The message's own links are never
 * live in a mail (defanged), whoever wrote them: the inbox is where they can be followed.
 */
export function messageMail(lang: Lang, given: { site: string; recipient: string; name: string; subject: string; body: string; url: string }) {
  // Names, the subject and the message are the users': their links are shown as text, never live (mail/defang.ts).
  const v = { ...given, recipient: defang(given.recipient), name: defang(given.name), subject: defang(given.subject), body: defang(given.body) };
  const subject = translate(lang, 'conversation.mail.subject', v);
  const text = translate(lang, 'conversation.mail.body', v);
  const paragraphs = text
    .trim()
    .split('\n\n')
    .map((p) => `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('');
  const button = `<p style="margin:24px 0"><a href="${escapeHtml(v.url)}" style="display:inline-block;background:#111;color:#fff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:700">${escapeHtml(translate(lang, 'conversation.mail.reply'))}</a></p>`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;color:#111;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">${paragraphs}${button}</body></html>`;
  return { subject, text, html } satisfies Pick<OutgoingMail, 'subject' | 'text' | 'html'>;
}

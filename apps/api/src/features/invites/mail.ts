import { type Lang, translate } from '@axoo/contract';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail an applicant receives when their submission is selected, in their language. */
export function selectionMail(lang: Lang, v: { site: string; name: string; invite: string; artwork: string; url: string }) {
  const subject = translate(lang, 'invite.mail.selected_subject', { site: v.site, invite: v.invite });
  const text = translate(lang, 'invite.mail.selected_body', v);
  const paragraphs = text
    .trim()
    .split('\n\n')
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(escapeHtml(v.url), () => `<a href="${escapeHtml(v.url)}">${escapeHtml(v.url)}</a>`)}</p>`)
    .join('');
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;color:#111;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">${paragraphs}</body></html>`;
  return { subject, text, html };
}

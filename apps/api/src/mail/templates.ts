import { type Lang, translate } from '@axoo/contract';
import { escapeHtml } from '../html/escape.ts';
import { defang } from './defang.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A plain, readable HTML body: paragraphs, and the link as a button and as text. */
function layout(paragraphs: string[], link: { href: string; label: string }, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:-apple-system,'Apple SD Gothic Neo','Noto Sans KR',sans-serif;color:#111;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">${body}<p style="margin:24px 0"><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#111;color:#fff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:700">${escapeHtml(link.label)}</a></p><p style="font-size:13px;color:#6b6b6b;word-break:break-all">${escapeHtml(link.href)}</p><p style="font-size:13px;color:#6b6b6b">${escapeHtml(footer)}</p></body></html>`;
}

/** SPEC §7 POST /api/v1/users/password_reset/: the link to /accounts/reset/{uidb64}/{token}/. */
export function passwordResetMail(lang: Lang, v: { site: string; name: string; email: string; link: string; minutes: number }): RenderedMail {
  if (lang === 'en') {
    const paragraphs = [
      `Hello ${v.name},`,
      `You're receiving this e-mail because you requested a password reset for your ${v.site} account (${v.email}).`,
      `Open the link below to choose a new password. It works once and expires in ${v.minutes} minutes.`,
    ];
    const footer = `If you didn't ask for this, you can ignore this e-mail; your password stays the same. — The ${v.site} team`;
    return {
      subject: `[${v.site}] Reset your password`,
      text: `${paragraphs.join('\n\n')}\n\n${v.link}\n\n${footer}\n`,
      html: layout(paragraphs, { href: v.link, label: 'Set a new password' }, footer),
    };
  }
  const paragraphs = [
    `${v.name}님, 안녕하세요.`,
    `${v.site} 계정(${v.email})의 비밀번호 재설정을 요청하셔서 이 메일을 보내드립니다.`,
    `아래 링크에서 새 비밀번호를 설정하세요. 링크는 한 번만 사용할 수 있으며 ${v.minutes}분 후에 만료됩니다.`,
  ];
  const footer = `요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다. — ${v.site} 팀`;
  return {
    subject: `[${v.site}] 비밀번호 재설정 안내`,
    text: `${paragraphs.join('\n\n')}\n\n${v.link}\n\n${footer}\n`,
    html: layout(paragraphs, { href: v.link, label: '새 비밀번호 설정' }, footer),
  };
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

/**
 * The values a catalogue mail's product writes itself: its name, its links, dates and counts. Every other value is
 * someone's text (a name, a call's or a project's title, a note, an answer) and is quoted with its links not live.
 */
const PRODUCT_VALUES = new Set(['site', 'url', 'unsubscribe', 'closed', 'date', 'images']);

/**
 * A mail whose subject and text live in the contract's catalogue (`<prefix>_subject`, `<prefix>_body`), in the
 * recipient's language, with the same text as HTML paragraphs whose URLs are live links (invites, judging). Only the
 * product's own links are: what users wrote is defanged first (mail/defang.ts), whichever feature sends it.
 */
export function catalogueMail(lang: Lang, prefix: string, values: Record<string, string>): RenderedMail {
  const v = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, PRODUCT_VALUES.has(key) ? value : defang(value)]));
  const subject = translate(lang, `${prefix}_subject`, v);
  const text = translate(lang, `${prefix}_body`, v);
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

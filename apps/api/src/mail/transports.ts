import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe on mails sent to subscribers). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  kind: 'outbox' | 'smtp';
  /** Delivers one message; resolves with where it went (outbox file or SMTP message id). */
  deliver(from: string, mail: OutgoingMail): Promise<string>;
  close(): void;
}

/**
 * Default transport: each mail is rendered to RFC 822 by nodemailer and written as one `.eml`
 * file, so a local install can read its reset mails with no mail server at all.
 */
export function outboxTransport(dir: string): MailTransport {
  const renderer: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async deliver(from, mail) {
      const info = await renderer.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique across processes sharing the folder.
      const file = join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      return file;
    },
    close: () => renderer.close(),
  };
}

/** SMTP_URL (smtp:// or smtps://, credentials in the URL) switches to real delivery. */
export function smtpTransport(url: string): MailTransport {
  const transporter: Transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async deliver(from, mail) {
      const info = await transporter.sendMail({ from, ...mail });
      return String(info.messageId);
    },
    close: () => transporter.close(),
  };
}

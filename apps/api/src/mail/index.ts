import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAIL_JOB } from './queue.ts';
import { type MailTransport, type OutgoingMail, outboxTransport, smtpTransport } from './transports.ts';

export type { OutgoingMail } from './transports.ts';

export interface Mailer {
  /** Sends one mail from MAIL_FROM. Rejects when the transport fails. */
  send(mail: OutgoingMail): Promise<void>;
  /** Resolves when every send started so far has finished (routes may send without waiting). */
  idle(): Promise<void>;
  readonly transport: MailTransport['kind'];
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

/**
 * Named plugin `mail`: requests never send; they queue (`queueMail`), and the `mail` job sends through this. nodemailer over an outbox folder (DATA_DIR/outbox, one .eml per mail) by
 * default, or SMTP when SMTP_URL is set. Each mail is logged; with the outbox, with the links it carries, so a
 * local user can follow a reset link from the server log.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const transport = app.config.SMTP_URL ? smtpTransport(app.config.SMTP_URL) : outboxTransport(app.config.outboxDir);
    const pending = new Set<Promise<unknown>>();

    const send = async (mail: OutgoingMail) => {
      const delivery = transport.deliver(app.config.MAIL_FROM, mail);
      pending.add(delivery);
      try {
        const where = await delivery;
        // Only local delivery (the outbox) logs a mail's links, so a local user can follow a reset link from the log;
        // real delivery never does: those links carry tokens (reset, unsubscribe, jury) as good as a password.
        const links = transport.kind === 'outbox' ? [...new Set(mail.text.match(LINK) ?? [])] : [];
        app.log.info({ transport: transport.kind, where, subject: mail.subject, links }, `mail sent: ${mail.subject} ${links.join(' ')}`.trim());
      } finally {
        pending.delete(delivery);
      }
    };
    const idle = async () => {
      while (pending.size) await Promise.allSettled([...pending]);
    };
    app.decorate('mail', { send, idle, transport: transport.kind });
    // Queued mail (mail/queue.ts) is sent by whichever process claims the job; a failure retries with backoff.
    app.jobs.handle<OutgoingMail>(MAIL_JOB, (mail) => send(mail));
    app.addHook('onClose', async () => {
      await idle();
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['db', 'jobs'] },
);

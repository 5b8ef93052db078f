import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every mail received so far, with its envelope's recipients. */
  received: { envelopeTo: string[]; mail: ParsedMail }[];
  close(): Promise<void>;
}

/** A real local SMTP server (DESIGN: the SMTP peer of the tests), listening on a free port, keeping what it receives. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: SmtpPeer['received'] = [];
  const peer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((ok) => peer.listen(0, '127.0.0.1', () => ok((peer.server.address() as { port: number }).port)));
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((ok) => peer.close(() => ok())) };
}

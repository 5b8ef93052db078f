import type { Executor } from '../db/client.ts';
import { enqueue } from '../jobs/queue.ts';
import type { OutgoingMail } from './transports.ts';

export const MAIL_JOB = 'mail';

/**
 * Queues a mail (issue #13): pass the transaction of the change that causes it, so the mail is sent if and only
 * if the change commits, and survives the process. `key` makes it at-most-once (e.g. 'mail:selected:12').
 */
export function queueMail(db: Executor, mail: OutgoingMail, options: { key?: string } = {}): Promise<boolean> {
  return enqueue(db, MAIL_JOB, mail, options);
}

import type { FastifyInstance } from 'fastify';
import { closeExpiredInvites } from './invite-queries.ts';

export const SWEEP_INTERVAL_MS = 60_000;
/** The schedule's name in job_schedules. */
export const EXAMINATION_SWEEP = 'invites.examination';

/**
 * SPEC §4: an ongoing invite moves to examination by itself once its closed date has passed.
 * Every read and every application applies the rule first; this sweep also applies it once a
 * minute, on one process of the cluster at a time (issue #13), so the stored status is right for
 * anything that reads the table directly.
 */
export function registerExaminationSweep(app: FastifyInstance, now = () => new Date()): void {
  app.jobs.every(EXAMINATION_SWEEP, SWEEP_INTERVAL_MS, async () => void (await closeExpiredInvites(app.db, now())));
}

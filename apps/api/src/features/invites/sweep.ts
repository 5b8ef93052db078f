import type { FastifyInstance } from 'fastify';
import { closeExpiredInvites } from './calls/queries.ts';

/** The schedule's name in job_schedules. */
export const EXAMINATION_SWEEP = 'invites.examination';

/**
 * SPEC §4: an ongoing invite moves to examination by itself once its closed date has passed.
 * Every read and every application applies the rule first; this sweep also applies it once a
 * minute (INVITE_SWEEP_MS), on one process of the cluster at a time (issue #13), so the stored status is right for
 * anything that reads the table directly.
 */
export function registerExaminationSweep(app: FastifyInstance, now = () => new Date()): void {
  app.jobs.every(EXAMINATION_SWEEP, app.config.INVITE_SWEEP_MS, async () => void (await closeExpiredInvites(app.db, now())));
}

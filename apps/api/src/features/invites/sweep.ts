import type { FastifyInstance } from 'fastify';
import { closeExpiredInvites } from './invite-queries.ts';

export const SWEEP_INTERVAL_MS = 60_000;

export interface Sweep {
  stop: () => void;
  /** Resolves when the latest pass has finished (tests wait on it instead of sleeping). */
  settled: () => Promise<void>;
}

/**
 * SPEC §4: an ongoing invite moves to examination by itself once its closed date has passed.
 * Every read and every application applies the rule first; this sweep also applies it once a
 * minute so the stored status is right for anything that reads the table directly.
 */
export function startExaminationSweep(app: FastifyInstance, every = SWEEP_INTERVAL_MS, now = () => new Date()): Sweep {
  let latest = Promise.resolve();
  const timer = setInterval(() => {
    latest = closeExpiredInvites(app.db, now()).then(
      () => undefined,
      (err) => app.log.warn({ err }, 'invite examination sweep failed'),
    );
  }, every);
  timer.unref();
  return { stop: () => clearInterval(timer), settled: () => latest };
}

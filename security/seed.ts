/** The run's seed: chosen once by `security/vitest.config.ts` (or given as SECURITY_SEED to replay a run). */
const given = Number(process.env.SECURITY_SEED);
if (!Number.isSafeInteger(given)) throw new Error('SECURITY_SEED must be a whole number (npm run test:security sets it)');
export const SEED = given;

export function report(what: string, figures: Record<string, unknown>) {
  console.log(`security ${what}: seed ${SEED} ${JSON.stringify(figures)}`);
}

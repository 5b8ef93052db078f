/** The run's seed: SECURITY_SEED to replay one, else a fresh one. Every file prints it with its counts. */
export const SEED = process.env.SECURITY_SEED ? Number(process.env.SECURITY_SEED) : Math.floor(Math.random() * 2 ** 31);

export function report(what: string, figures: Record<string, unknown>) {
  console.log(`security ${what}: seed ${SEED} ${JSON.stringify(figures)}`);
}

import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security` (issue #15): the adversarial suite, on the machine's PostgreSQL. Cases are generated
 * from one seed for the whole run, chosen here and printed before any test runs (so a run that dies early still
 * names it); every file prints it again with its counts. `SECURITY_SEED=<n> npm run test:security` replays a run.
 */
const seed = process.env.SECURITY_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`security: seed ${seed} (replay: SECURITY_SEED=${seed} npm run test:security)`);

export default defineConfig({
  test: {
    name: 'security',
    root: '.',
    include: ['security/**/*.test.ts'],
    // The stored-XSS corpus opens pages of the built app in Chromium: the journeys' own start (web build,
    // a fresh database, the server as `npm start` runs it). The other files build their app in-process.
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at a time (Vitest takes one on a 2-core machine): the stored-XSS corpus, some 20 of the suite's 30
    // minutes in CI, mostly waits on its pages, and the others (authorization, fuzzing, writes…) run beside it.
    maxWorkers: 2,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', SECURITY_SEED: seed },
  },
});

import { defineConfig } from 'vitest/config';

/**
 * `npm run test:durability` (issue #32): point-in-time recovery with pgBackRest, `npm run backup`/`npm run restore`
 * (the PostgreSQL restore drill of apps/api runs here too, on the suite's own cluster), a backup under load, and read
 * replicas, all on PostgreSQL clusters of the suite's own (own ports, own folders: it can run beside another suite).
 */
export default defineConfig({
  test: {
    name: 'durability',
    root: '.',
    include: ['durability/**/*.test.ts', 'apps/api/src/cli/site-backup.pg.test.ts'],
    globalSetup: ['durability/global-setup.ts'],
    setupFiles: ['durability/setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});

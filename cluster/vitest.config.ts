import { defineConfig } from 'vitest/config';

/** `npm run test:cluster` (issue #13): three app processes behind nginx with Redis, an S3 and an SMTP peer. */
export default defineConfig({
  test: {
    name: 'cluster',
    root: '.',
    include: ['cluster/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'guards', include: ['scripts/guards/**/*.test.ts'], environment: 'node' } },
      // The web build's size (issue #29.7): one production build of the browser app, in its own project.
      { test: { name: 'size', include: ['bench/**/*.test.ts'], environment: 'node', hookTimeout: 300_000 } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          // `*.pg.test.ts` need the outside services (a PostgreSQL server, Redis): `npm run test:pg` runs them.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'],
          environment: 'node',
          // One migrated embedded database that each test app starts from (apps/api/test/pglite-template.ts).
          globalSetup: ['apps/api/test/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

/** Browser journeys: Debian Chromium driven by playwright-core against the built app (issue #2). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    // A save, a refetch and a repaint take more than Vitest's default second on a busy machine.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
